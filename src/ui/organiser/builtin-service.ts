// The built-in mock service (src/api/embedded-service), loaded only when first used, so the
// door app's first paint never pays for it.
export type TokenKind = { mode: 'live' | 'test'; version: '3.0' | '3.1' };

const load = () => import('../../api/embedded-service');

export async function builtinFetch(request: Request): Promise<Response> {
  return (await load()).embeddedFetch(request);
}

export async function generateBuiltinToken(kind: TokenKind): Promise<string> {
  return (await load()).generateEmbeddedToken(kind.mode, kind.version);
}

export async function revokeBuiltinToken(token: string): Promise<void> {
  await (await load()).revokeEmbeddedToken(token);
}
