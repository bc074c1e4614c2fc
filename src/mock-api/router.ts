// The HTTP surface: Admin API under /v3, Check-in API under /checkin. Cross-origin calls are
// allowed only from the origins the service is configured with (none by default): the door
// app and the organiser screens are served from the service's own origin.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { registerAdminApi } from './admin';
import { createCheckinApi } from './checkin';
import type { AdminEnv, ServiceContext } from './context';
import { authenticate } from './http/auth';
import { errorBody } from './http/error-response';
import { ApiError } from '../http/errors';

export function corsMiddleware(allowed: () => readonly string[] | undefined) {
  return cors({
    origin: (origin) => (allowed()?.includes(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
    exposeHeaders: ['Retry-After'],
    maxAge: 86400,
  });
}

export function createRouter(ctx: ServiceContext): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.use(
    '*',
    corsMiddleware(() => ctx.config.corsOrigins),
  );
  // Both APIs answer with attendees' names: no browser or proxy keeps an answer on its disk.
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', 'no-store');
  });
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
    const headers: Record<string, string> = {};
    if (apiError.status === 429) headers['Retry-After'] = '1';
    const body = errorBody(apiError, new URL(c.req.url), {
      version: c.get('version'),
      caller: c.get('caller'),
    });
    return c.json(body, apiError.status as 400, headers);
  });
  return app;
}
