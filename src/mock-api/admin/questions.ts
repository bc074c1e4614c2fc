// Admin API: questions (placeholder; see docs/mock-api-framework.md).
import type { AdminApp, ServiceContext } from '../context';

export function registerQuestions(_app: AdminApp, _ctx: ServiceContext): void {}
