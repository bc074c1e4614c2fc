// Admin API: release-invitations (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerReleaseInvitations(_app: AdminApp, _ctx: ServiceContext): void {}
