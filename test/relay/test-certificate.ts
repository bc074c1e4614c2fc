// A self-signed certificate for localhost, made by openssl in the test's own directory: the
// server's TLS_CERT_FILE/TLS_KEY_FILE for tests of HTTPS. Valid for a day; trusted by nothing.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export function makeTestCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const subject = ['-subj', '/CN=localhost', '-days', '1'];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', ...subject, '-keyout', key, '-out', cert],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
