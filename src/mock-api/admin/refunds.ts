// Admin API: refunds (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerRefunds(_app: AdminApp, _ctx: ServiceContext): void {}
