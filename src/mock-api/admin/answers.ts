// Admin API: answers (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerAnswers(_app: AdminApp, _ctx: ServiceContext): void {}
