// Compiles the message catalogues (src/ui/i18n/messages/<area>/<locale>.json, ICU
// MessageFormat) with Lingui's own compiler when Vite or Vitest loads them, so the app ships
// compiled messages and never the ICU parser (@lingui/core compiles at run time only outside
// production builds). A message that does not parse fails the build, naming its id.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const CATALOGUE = /\/src\/ui\/i18n\/messages\/(door|organiser)\/[a-z]{2}\.json$/;

export function compileCatalogue(source: Record<string, string>, file: string): Record<string, unknown> {
  const compiled: Record<string, unknown> = {};
  for (const [id, message] of Object.entries(source)) {
    try {
      const tokens = compileMessageOrThrow(message);
      // Always the token list, even for plain text: Lingui takes a string message for an
      // uncompiled one and warns on the console at every call (over a thousand warnings a
      // journey, each a cost on a phone), production build or not.
      compiled[id] = tokens;
    } catch (error) {
      throw new Error(`${file}: message "${id}" is not valid ICU: ${(error as Error).message}`);
    }
  }
  return compiled;
}

export function linguiCatalogues(): Plugin {
  return {
    name: 'lingui-catalogues',
    // Before vite:json, which then turns the compiled catalogue (still JSON) into a module.
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (!CATALOGUE.test(path)) return null;
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code), path)), map: null };
    },
  };
}
