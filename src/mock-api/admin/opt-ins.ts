// Admin API: opt-ins (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerOptIns(_app: AdminApp, _ctx: ServiceContext): void {}
