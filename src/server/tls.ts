// HTTPS for the Node server (TLS_CERT_FILE, TLS_KEY_FILE: PEM files), and what the banner says
// when the server is reachable from other machines without it: phones only give a camera, a
// service worker and offline storage to a page over HTTPS (or on localhost), so a door phone
// on the venue network needs a certificate it trusts.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { TlsFiles } from './config';

/** The `serve()` options for TLS (HTTP/1.1 over node:https), or none without TLS files. */
export function tlsServeOptions(tls: TlsFiles | undefined) {
  if (!tls) return {};
  let cert: Buffer;
  let key: Buffer;
  try {
    cert = readFileSync(tls.certFile);
    key = readFileSync(tls.keyFile);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(
      `TLS_CERT_FILE or TLS_KEY_FILE could not be read (${code}): give PEM files this user can read`,
    );
  }
  return { createServer, serverOptions: { cert, key } };
}

export function httpsAdvice(): string[] {
  return [
    '  HTTPS:        phones need HTTPS to use the camera and work offline; this server is plain HTTP.',
    '                Either a certificate for a name the venue controls (e.g. doors.example.org',
    "                pointing at this machine, with a Let's Encrypt DNS-challenge certificate), or a",
    "                local CA: `mkcert -install && mkcert <this machine's address>`, then install",
    "                mkcert's root CA (`mkcert -CAROOT`) on each door phone. Start again with",
    '                TLS_CERT_FILE=<cert.pem> TLS_KEY_FILE=<key.pem> (and PUBLIC_URL=https://<name>:<port>).',
  ];
}
