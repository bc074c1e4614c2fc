// Admin API: activities (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerActivities(_app: AdminApp, _ctx: ServiceContext): void {}
