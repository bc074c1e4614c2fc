// The page names the app's chunks in its HTML (`<link rel="modulepreload">`, and a style
// preload for its stylesheet), so they are fetched, and the scripts compiled, while the page's
// first module loads and starts the door's worker. The first module loads the app by a dynamic
// import on purpose (src/main.ts: the worker starts before the app runs); without these links the
// app's fetch began only once that module had been fetched and run, one service-worker round
// trip later at every start. The links fetch and compile; nothing runs before the import, so the
// order of a start stays as it was. Vite's own links (the first module's static imports) are
// kept and not named twice.
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { type BuiltChunk, builtChunks } from './built-chunks.ts';

/** The app's chunk (the one holding `app`), what it imports statically, and their stylesheets. */
export function appPreloads(
  chunks: readonly BuiltChunk[],
  app: RegExp,
): { scripts: string[]; styles: string[] } {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || scripts.includes(fileName)) return;
    scripts.push(fileName);
    for (const sheet of chunk.css) styles.add(sheet);
    for (const next of chunk.imports) visit(next);
  };
  const found = chunks.find((chunk) => !chunk.isEntry && chunk.moduleIds.some((id) => app.test(id)));
  if (found) visit(found.fileName);
  return { scripts, styles: [...styles] };
}

export function preloadApp(app: RegExp): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = builtChunks(ctx.bundle);
        const { scripts, styles } = appPreloads(chunks, app);
        const named = (fileName: string) => html.includes(`/${fileName}"`);
        const tags: HtmlTagDescriptor[] = [
          ...scripts
            .filter((fileName) => !named(fileName))
            .map((fileName) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
              injectTo: 'head' as const,
            })),
          ...styles
            .filter((fileName) => !named(fileName))
            .map((fileName) => ({
              tag: 'link',
              // In the credentials mode of the stylesheet link Vite adds (crossorigin), or
              // the browser leaves the preload unused and fetches the sheet again.
              attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${fileName}` },
              injectTo: 'head' as const,
            })),
        ];
        return { html, tags };
      },
    },
  };
}
