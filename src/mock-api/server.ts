// The Node server behind `npm start`: serves the built app (and, once it exists, the mock service).
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
const distDir = resolve(process.env.DIST_DIR ?? 'dist');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

async function fileResponse(path: string): Promise<Response | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const body = await readFile(path);
  const name = path.slice(distDir.length);
  // The service worker and the page must never be cached by HTTP, or updates are not seen.
  const noCache = name === '/sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest');
  return new Response(body, {
    headers: {
      'content-type': types[extname(path)] ?? 'application/octet-stream',
      'cache-control': noCache ? 'no-cache' : 'public, max-age=31536000, immutable',
    },
  });
}

export function createStaticApp(): Hono {
  const app = new Hono();
  app.get('*', async (c) => {
    const pathname = decodeURIComponent(new URL(c.req.url).pathname);
    const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
    const found = await fileResponse(join(distDir, safe));
    if (found) return found;
    // Client-side routes (/checkin_lists/:slug, /organiser, ...) get the app shell.
    const shell = await fileResponse(join(distDir, 'index.html'));
    return shell ?? c.text('The app is not built: run `npm run build` first.', 503);
  });
  return app;
}

const app = createStaticApp();
serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Venue check-in is running at http://${host}:${info.port}/`);
});
