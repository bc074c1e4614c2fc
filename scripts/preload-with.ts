// Fetches a lazily run module together with the chunk that will run it: when a chunk matching
// `host` is imported dynamically, Vite's preload list for that import also names the chunk of
// `also` (a `<link rel="modulepreload">`: fetched and compiled, not run). The door's camera view
// (src/ui/door/CameraView.tsx) is loaded while the door's screens load, but it imports the
// camera's module (src/scanner/camera.ts, @zxing/browser's camera half) only when it mounts and
// starts the camera: without this, that module's fetch was a second round of loading between
// the scan screen's first render and the camera's first frame. Running the module stays where
// it was (its first import), so a start does not evaluate code it may never use before its
// first verdict. Vite's helper does not wait for a script's preload before the import it
// accompanies, so the host's chunk arrives no later than before.
import type { Plugin } from 'vite';

export interface PreloadPair {
  /** A module of the chunk whose dynamic import brings the other along. */
  host: RegExp;
  /** A module of the chunk to fetch with it. */
  also: RegExp;
}

interface ChunkFacts {
  fileName: string;
  moduleIds: readonly string[];
}

/** For each host chunk's file name, the file names to preload with it. */
export function preloadsOf(
  chunks: readonly ChunkFacts[],
  pairs: readonly PreloadPair[],
): Map<string, string[]> {
  const holding = (module: RegExp) =>
    chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id)))?.fileName;
  const found = new Map<string, string[]>();
  for (const { host, also } of pairs) {
    const hostFile = holding(host);
    const alsoFile = holding(also);
    if (!hostFile || !alsoFile || hostFile === alsoFile) continue;
    found.set(hostFile, [...(found.get(hostFile) ?? []), alsoFile]);
  }
  return found;
}

/** The preload list of an import of `fileName`, with what comes along. */
export function withPreloads(
  fileName: string,
  deps: readonly string[],
  extra: Map<string, string[]>,
): string[] {
  const more = extra.get(fileName) ?? [];
  // An import with no list of its own preloads nothing: its chunk is then named first, as Vite does.
  const list = deps.length > 0 || more.length === 0 ? [...deps] : [fileName];
  for (const file of more) if (!list.includes(file)) list.push(file);
  return list;
}

/**
 * The plugin reads the bundle's chunks before Vite writes its preload lists (`order: 'pre'`);
 * `resolveDependencies` goes in `build.modulePreload`.
 */
export function preloadWith(pairs: readonly PreloadPair[]): {
  plugin: Plugin;
  resolveDependencies: (fileName: string, deps: string[]) => string[];
} {
  let extra = new Map<string, string[]>();
  return {
    plugin: {
      name: 'preload-with',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_, bundle) {
          const chunks = Object.values(bundle).flatMap((item) =>
            item.type === 'chunk' ? [{ fileName: item.fileName, moduleIds: item.moduleIds }] : [],
          );
          extra = preloadsOf(chunks, pairs);
        },
      },
    },
    resolveDependencies: (fileName, deps) => withPreloads(fileName, deps, extra),
  };
}
