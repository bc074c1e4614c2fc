// The built-in mock service, loaded only when the organiser first talks to it.
// TODO(lead): switch to `embeddedFetch` from src/api/embedded-service.ts once it lands.
export type TokenKind = { mode: 'live' | 'test'; version: '3.0' | '3.1' };

export async function builtinFetch(request: Request): Promise<Response> {
  return fetch(request);
}

export async function generateBuiltinToken(_kind: TokenKind): Promise<string> {
  throw new Error('The built-in service is not available yet');
}

export async function revokeBuiltinToken(_token: string): Promise<void> {}
