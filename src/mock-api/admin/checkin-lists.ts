// Admin API: checkin-lists (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerCheckinLists(_app: AdminApp, _ctx: ServiceContext): void {}
