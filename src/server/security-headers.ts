// Headers on every answer of the Node server. The app's policy allows what the built app uses
// and nothing more: its own scripts, styles and workers (the sync engine's worker, the service
// worker), data: and blob: images (QR codes, the CSV export), and calls to any http(s) service,
// since a door can join a real ticketing service at any address. API answers may load nothing.
import { withHeaders } from '../http/answer-headers';

const APP_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets element styles from script (CSSOM), which CSP allows; 'unsafe-inline' covers
  // style attributes in markup and costs little without inline script.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self' http: https:",
  "manifest-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const API_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

export type Surface = 'app' | 'api';

export function securityHeaders(surface: Surface): Record<string, string> {
  return {
    'content-security-policy': surface === 'app' ? APP_POLICY : API_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
  };
}

/** The response with the surface's headers set (a copy when its headers cannot be changed). */
export function withSecurityHeaders(response: Response, surface: Surface): Response {
  return withHeaders(response, securityHeaders(surface));
}
