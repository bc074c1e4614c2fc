// The build's chunks as the build plugins here read them (compile-hints.ts, preload-app.ts,
// preload-with.ts): each chunk's file, whether it is an entry, its modules, the chunks it imports
// statically and its stylesheets, without Rollup's own types, so the plugins' plans are plain
// functions tested on plain data.
import type { Rollup } from 'vite';

export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** Module ids in the chunk; a chunk is found by a module of its own. */
  moduleIds: readonly string[];
  /** File names of the chunks it imports statically. */
  imports: readonly string[];
  /** File names of the stylesheets it loads with it. */
  css: readonly string[];
}

/** The bundle's chunks (its assets left out). */
export function builtChunks(bundle: Rollup.OutputBundle): BuiltChunk[] {
  return Object.values(bundle).flatMap((item) =>
    item.type === 'chunk'
      ? [
          {
            fileName: item.fileName,
            isEntry: item.isEntry,
            moduleIds: item.moduleIds,
            imports: item.imports,
            css: [...(item.viteMetadata?.importedCss ?? [])],
          },
        ]
      : [],
  );
}
