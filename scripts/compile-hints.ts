// Marks the chunks a door's start runs (the page's entry, the app it imports at once, and what
// either imports statically) with V8's explicit compile hint, `//# allFunctionsCalledOnLoad`, as
// their first line: Chromium then compiles every function in them when the script is first
// compiled (off the main thread while it streams in) rather than each on its first call on the
// main thread, and the code cache it keeps for the next start holds them all. Without it, a
// restart found only the functions run while the module evaluated in that cache and compiled
// React's and the door's render functions again on the page's main thread, about a fifth of the
// page's CPU time before the first verdict (test/bench/cold-start-timeline.ts, V8COMPILE=1).
// The door's sync worker is built apart (vite.config.ts `worker.plugins`): there only the
// engine's chunk and what it imports are marked, not the worker's own few lines nor the camera's
// decoder worker; the engine's code cache (see src/sync/engine/engine-worker.ts) then holds
// every function the worker runs to its first verdict. Chunks loaded later (the camera, the
// organiser's screens, languages, the decoder) are left to V8's own lazy compiling: most of
// their functions are never called at a start. Browsers without the hint read a comment.
import type { Plugin } from 'vite';
import { builtChunks } from './built-chunks.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export interface ChunkGraphNode {
  fileName: string;
  isEntry: boolean;
  /** Module ids in the chunk; the start's app is found by its own. */
  moduleIds: readonly string[];
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
}

/**
 * The file names of the chunks a start runs: every entry chunk (unless `entries` is false), the
 * chunk holding one of `startModules` (loaded by the entry's dynamic import), and everything they
 * import statically.
 */
export function startChunks(
  chunks: readonly ChunkGraphNode[],
  startModules: readonly RegExp[],
  entries = true,
): Set<string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || found.has(fileName)) return;
    found.add(fileName);
    for (const next of chunk.imports) visit(next);
  };
  for (const chunk of chunks)
    if ((entries && chunk.isEntry) || chunk.moduleIds.some((id) => startModules.some((m) => m.test(id))))
      visit(chunk.fileName);
  return found;
}

/** The hint as the chunk's first line (once). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}\n${code}`;
}

/**
 * `startModules`: the modules the entry loads at once by a dynamic import (the app itself);
 * `entries: false` marks only their chunks and what those import, not the build's entries.
 * Added once the bundle is minified (the minifier drops comments) and Vite has put its preload
 * list in front (V8 reads the hint only as the file's first line); every chunk's file name is
 * hashed with the hint too, so a hinted file never takes the name of the same chunk built
 * without it (a cache keeps a file by its name).
 */
export function compileHints(startModules: readonly RegExp[], { entries = true } = {}): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    augmentChunkHash: () => COMPILE_HINT,
    generateBundle: {
      // After Vite's own, which puts its preload list (`const __vite__mapDeps=...`) in front.
      order: 'post',
      handler(_, bundle) {
        const chunks = builtChunks(bundle);
        for (const fileName of startChunks(chunks, startModules, entries)) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.code = withCompileHint(chunk.code);
        }
      },
    },
  };
}
