// The built app as files: `dist/` served with the right types and caching, and the app shell
// for client-side routes. Shared by both hosts, the mock and the relay (which serve the same app).
// A path never leaves `distDir`: it is decoded once, normalised, and stripped of leading `..`.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { Hono } from 'hono';

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

async function fileResponse(distDir: string, path: string): Promise<Response | null> {
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

/** The files' answer to a target that names no file and no screen (a path that walks). */
export function notFoundPage(status: 400 | 404): Response {
  return new Response(status === 400 ? 'Bad request.' : 'Not found.', {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

export function createStaticApp(distDir = resolve(process.env.DIST_DIR ?? 'dist')): Hono {
  const app = new Hono();
  app.get('*', async (c) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('The path is not valid percent-encoding.', 400);
    }
    const safe = normalize(pathname).replace(/^(\.\.[/\\])+/, '');
    const found = await fileResponse(distDir, join(distDir, safe));
    if (found) return found;
    // Client-side routes (/checkin_lists/:slug, /organiser, ...) get the app shell.
    const shell = await fileResponse(distDir, join(distDir, 'index.html'));
    return shell ?? c.text('The app is not built: run `npm run build` first.', 503);
  });
  return app;
}
