// The JavaScript a phone loads for the door route, from a build's manifest: the page's entry
// (src/main.ts), the app it imports at once (src/app-main.tsx), and everything either imports
// statically; not the chunks loaded later (camera, organiser screens, languages, the worker).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The entry and the app chunk it loads first: the door route before its first screen. */
const DOOR_ROUTE = ['index.html', 'src/app-main.tsx'];

/** Files (relative to the build's folder) of the door route; needs `build.manifest: true`. */
export function doorRouteFiles(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of DOOR_ROUTE) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}
