// Admin API: interested-users (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerInterestedUsers(_app: AdminApp, _ctx: ServiceContext): void {}
