// An API token as clients send it and as answers may show it. `Authorization: Token token=<t>`
// (also `Token token="<t>"`, `Token <t>` and `Bearer <t>`), read the same way by the built-in
// service, the relay and the server's control paths; shown only as its last four characters.

export function tokenFromHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  const match =
    /^\s*Token\s+token\s*=\s*"?([^"\s,]+)"?/i.exec(header) ??
    /^\s*(?:Bearer|Token)\s+"?([^"\s,]+)"?\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function maskedToken(token: string): string {
  return `*${token.slice(-4)}`;
}
