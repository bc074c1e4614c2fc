// Admin API: releases (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerReleases(_app: AdminApp, _ctx: ServiceContext): void {}
