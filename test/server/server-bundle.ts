// The Node server as one prebuilt file for the tests' child processes. Started through tsx, every
// start of the server compiles and resolves its few hundred modules again through tsx's loader:
// seconds of CPU on two shared cores, many times a run (the simulation alone starts its service
// and relays a dozen times). Vitest's global setup (test/global-setup.ts) bundles
// src/server/main.ts once per run with esbuild (the compiler tsx uses), and names the file in
// TEST_SERVER_BUNDLE; children started with `serverCommand()` run it. The source is the same,
// compiled the same; only the module loading differs. Packages stay external, loaded from
// node_modules as under tsx, which is why the file is written inside the repository. Without
// TEST_SERVER_BUNDLE (benchmarks, Playwright) children start through tsx as before.
import { mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_BUNDLE_ENV = 'TEST_SERVER_BUNDLE';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_DIR = join(ROOT, '.test-server');

/** Builds the server into .test-server/ and returns the file's path. */
export async function buildServerBundle(): Promise<string> {
  const { build } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  const out = join(OUT_DIR, 'main.mjs');
  // Written aside and renamed: another run's children may be starting from the file meanwhile.
  const aside = join(OUT_DIR, `main-${process.pid}.mjs`);
  await build({
    entryPoints: [join(ROOT, 'src', 'server', 'main.ts')],
    outfile: aside,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: join(ROOT, 'tsconfig.json'),
    // Stack traces name the source files, as under tsx.
    sourcemap: 'inline',
    logLevel: 'error',
  });
  renameSync(aside, out);
  return out;
}

/** The arguments to `node` that start the server: the bundle when there is one, else tsx. */
export function serverCommand(): string[] {
  const bundle = process.env[SERVER_BUNDLE_ENV];
  return bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', 'src/server/main.ts'];
}
