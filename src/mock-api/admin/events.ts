// Admin API: events (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerEvents(_app: AdminApp, _ctx: ServiceContext): void {}
