// The HTTP surface: Admin API under /v3, Check-in API under /checkin, CORS open to any origin.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { registerAdminApi } from './admin';
import { createCheckinApi } from './checkin';
import type { AdminEnv, ServiceContext } from './context';
import { authenticate, requestedVersion } from './http/auth';
import { adminErrorBody, checkinErrorBody } from './http/error-body';
import { ApiError } from './http/errors';

export const corsMiddleware = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
  exposeHeaders: ['Retry-After'],
  maxAge: 86400,
});

export function createRouter(ctx: ServiceContext): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.use('*', corsMiddleware);
  app.use('/v3/*', authenticate(ctx));
  const admin = new Hono<AdminEnv>();
  registerAdminApi(admin, ctx);
  app.route('/v3', admin);
  app.route('/checkin', createCheckinApi(ctx));

  app.notFound((c) => c.json({ status: 404, message: 'The endpoint requested does not exist' }, 404));
  app.onError((error, c) => {
    const known = error instanceof ApiError ? error : null;
    if (!known) console.error('mock service fault:', error);
    const apiError = known ?? new ApiError(500, 'Internal server error');
    const path = new URL(c.req.url).pathname;
    const headers: Record<string, string> = {};
    if (apiError.status === 429) headers['Retry-After'] = '1';
    if (path.startsWith('/v3')) {
      const version = c.get('version') ?? requestedVersion(new URL(c.req.url)) ?? '3.0';
      return c.json(adminErrorBody(apiError, version, c.get('caller')), apiError.status as 400, headers);
    }
    return c.json(checkinErrorBody(apiError), apiError.status as 400, headers);
  });
  return app;
}
