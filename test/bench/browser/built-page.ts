// A bench's own page (a folder with an index.html and its TypeScript), built by Vite and served on
// the loopback for the bench's browser. Only a built file's own path is answered: a path with
// anything but letters, digits, `.`, `_`, `-` and `/`, or a `..` segment, is refused as it arrived.
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { build } from 'vite';

export interface BuiltPage {
  origin: string;
  close(): void;
}

const PLAIN_PATH = /^\/[\w./-]*$/;

/** Builds `folder` (relative to the checkout) and serves it; `close` stops it and removes the build. */
export async function serveBuiltPage(folder: string): Promise<BuiltPage> {
  const pageDir = mkdtempSync(join(tmpdir(), 'bench-page-'));
  await build({
    root: resolve(folder),
    configFile: false,
    logLevel: 'warn',
    build: { outDir: pageDir, emptyOutDir: true, target: 'es2022' },
  });
  const server = createServer((request, response) => {
    const target = (request.url ?? '/').split('?')[0]!;
    if (!PLAIN_PATH.test(target) || target.split('/').includes('..'))
      return void response.writeHead(400).end();
    const path = join(pageDir, target === '/' ? 'index.html' : target);
    if (!existsSync(path)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': extname(path) === '.js' ? 'text/javascript' : 'text/html' });
    createReadStream(path).pipe(response);
  }).listen(0, '127.0.0.1');
  await new Promise((ready) => server.once('listening', ready));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.close();
      rmSync(pageDir, { recursive: true, force: true });
    },
  };
}
