// The preload lists Vite writes for the app's dynamic imports (`build.modulePreload`), made to
// name what the import will need and nothing the page has already:
// - what comes along: when a chunk matching `host` is imported dynamically, its list also names
//   the chunk of `also` (a `<link rel="modulepreload">`: fetched and compiled, not run). The
//   door's camera view (src/ui/door/CameraView.tsx) is loaded while the door's screens load, but
//   it imports the camera's module (src/scanner/camera.ts, @zxing/browser's camera half) only
//   when it mounts and starts the camera: without this, that module's fetch was a second round
//   of loading between the scan screen's first render and the camera's first frame. Running the
//   module stays where it was (its first import), so a start does not evaluate code it may never
//   use before its first verdict. Vite's helper does not wait for a script's preload before the
//   import it accompanies, so the host's chunk arrives no later than before.
// - what is left out: the chunks the importing chunk already imports statically (loaded and run
//   before it). Vite lists them anyway, and its helper, which knows only the page's `<link>`s,
//   resolves each and adds a preload link for a module the page holds, inside the task that
//   runs the app's code at a start.
import type { Plugin } from 'vite';
import { builtChunks } from './built-chunks.ts';

export interface PreloadPair {
  /** A module of the chunk whose dynamic import brings the other along. */
  host: RegExp;
  /** A module of the chunk to fetch with it. */
  also: RegExp;
}

export interface ChunkFacts {
  fileName: string;
  moduleIds: readonly string[];
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
}

export interface PreloadPlan {
  /** For each host chunk's file name, the file names to preload with it. */
  extra: Map<string, string[]>;
  /** For each chunk, every chunk loaded before it runs (its static imports, transitively). */
  loaded: Map<string, Set<string>>;
}

export function preloadPlan(chunks: readonly ChunkFacts[], pairs: readonly PreloadPair[]): PreloadPlan {
  const holding = (module: RegExp) =>
    chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id)))?.fileName;
  const extra = new Map<string, string[]>();
  for (const { host, also } of pairs) {
    const hostFile = holding(host);
    const alsoFile = holding(also);
    if (!hostFile || !alsoFile || hostFile === alsoFile) continue;
    extra.set(hostFile, [...(extra.get(hostFile) ?? []), alsoFile]);
  }
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    const found = new Set<string>();
    const visit = (fileName: string) => {
      if (found.has(fileName)) return;
      found.add(fileName);
      for (const next of byName.get(fileName)?.imports ?? []) visit(next);
    };
    for (const next of chunk.imports) visit(next);
    loaded.set(chunk.fileName, found);
  }
  return { extra, loaded };
}

/**
 * The preload list of an import of `fileName` from the chunk `hostFile`: Vite's, less what the
 * host has loaded, with what comes along. Nothing but the chunk itself: no list (the import
 * fetches it).
 */
export function withPreloads(
  fileName: string,
  deps: readonly string[],
  hostFile: string | null,
  plan: PreloadPlan,
): string[] {
  const loaded = (hostFile && plan.loaded.get(hostFile)) || new Set<string>();
  const list = [fileName, ...deps, ...(plan.extra.get(fileName) ?? [])].filter(
    (file, i, all) => all.indexOf(file) === i && !loaded.has(file),
  );
  return list.length > 1 ? list : [];
}

/**
 * The plugin reads the bundle's chunks before Vite writes its preload lists (`order: 'pre'`);
 * `resolveDependencies` goes in `build.modulePreload`.
 */
export function preloadWith(pairs: readonly PreloadPair[]): {
  plugin: Plugin;
  resolveDependencies: (
    fileName: string,
    deps: string[],
    context: { hostId: string; hostType: 'html' | 'js' },
  ) => string[];
} {
  let plan: PreloadPlan = { extra: new Map(), loaded: new Map() };
  return {
    plugin: {
      name: 'preload-with',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_, bundle) {
          plan = preloadPlan(builtChunks(bundle), pairs);
        },
      },
    },
    // The page's own list (index.html) is the entry's static imports: left as Vite made it.
    resolveDependencies: (fileName, deps, { hostId, hostType }) =>
      hostType === 'html' ? deps : withPreloads(fileName, deps, hostId, plan),
  };
}
