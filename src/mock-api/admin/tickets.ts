// Admin API: tickets (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerTickets(_app: AdminApp, _ctx: ServiceContext): void {}
