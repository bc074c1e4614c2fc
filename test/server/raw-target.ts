// Raw request targets over a plain socket: nothing between the test and the server parses,
// resolves or re-encodes the path, so `..`, `%2e%2e` and `\` arrive exactly as an attacker's
// `curl --path-as-is` sends them.
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  body: string;
}

/** One HTTP/1.1 request written byte for byte, its answer read until the server closes. */
export function sendRaw(
  origin: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body || ['POST', 'PUT', 'PATCH'].includes(method)) {
    lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  }
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const at = text.indexOf('\r\n\r\n');
      resolve({ status, body: at < 0 ? '' : text.slice(at + 4) });
    });
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

/**
 * Ways of writing "the segment above" (or "this one") after a real route: raw dots, dots
 * encoded in any case, `..` asking for JSON, and separators a parser would take as `/`.
 */
export function walkingTargets(path: string): string[] {
  return [
    `${path}/..`,
    `${path}/.`,
    `${path}/../`,
    `${path}/%2e%2e`,
    `${path}/%2E%2e`,
    `${path}/.%2e`,
    `${path}/%2e.`,
    `${path}/%2E`,
    `${path}/x/../..`,
    `${path}/..json`,
    `${path}/..?view=extended`,
    `${path}%2Fx`,
    `${path}%2f..`,
    `${path}%5C..`,
    `${path}\\..`,
    `${path}/..%2F`,
  ];
}

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
