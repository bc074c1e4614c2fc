// Admin API: rsvp-lists (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerRsvpLists(_app: AdminApp, _ctx: ServiceContext): void {}
