// The Check-in API (document 3): no token; the check-in list slug in the path is the credential.
import { Hono } from 'hono';
import type { ServiceContext } from '../context';

export function createCheckinApi(_ctx: ServiceContext): Hono {
  const app = new Hono();
  return app;
}
