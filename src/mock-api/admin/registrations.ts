// Admin API: registrations (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerRegistrations(_app: AdminApp, _ctx: ServiceContext): void {}
