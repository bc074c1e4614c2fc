// Admin API: discount-codes (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerDiscountCodes(_app: AdminApp, _ctx: ServiceContext): void {}
