// What the relay changes in an upstream answer before a client sees it. Guarantees:
// - a list's `web_checkin_url` points at the door app on this relay and its `qr_code_url` at a
//   QR code the relay draws of that address, so a door that scans or opens them joins through
//   the relay (the upstream's own addresses would take it around the relay);
// - `access_token` (the Admin API's masked "token used") names the client's session, not the
//   upstream token;
// - the upstream token itself never leaves, in any body, whatever the upstream echoes.
// JSON is walked to a bounded depth over own keys only (`__proto__` is skipped, never followed);
// a body that is not JSON passes unchanged apart from the token scrub.

export interface RewriteContext {
  /** Where doors open the app (`APP_ORIGIN`, else the relay's public origin). */
  doorOrigin: string;
  /** The relay's public origin (its QR codes). */
  publicOrigin: string;
  /** `*` and the last four characters of the client's session, for `access_token`. */
  maskedSession: string | null;
  /** Scrubbed from every body. */
  secret: string;
}

const MAX_DEPTH = 64;
const SLUG = /^[A-Za-z0-9_-]{1,200}$/;

export function relayQrPath(slug: string): string {
  return `/__service/qr/checkin_lists/${slug}.svg`;
}

function listSlugOf(address: string): string | null {
  try {
    const segments = new URL(address).pathname.split('/');
    const at = segments.lastIndexOf('checkin_lists');
    const slug = at >= 0 ? segments[at + 1] : undefined;
    return slug && SLUG.test(slug) ? slug : null;
  } catch {
    return null;
  }
}

function rewriteRecord(record: Record<string, unknown>, ctx: RewriteContext): boolean {
  let changed = false;
  const web = record.web_checkin_url;
  const webSlug = typeof web === 'string' ? listSlugOf(web) : null;
  if (webSlug) {
    record.web_checkin_url = `${ctx.doorOrigin}/checkin_lists/${webSlug}`;
    changed = true;
  }
  if (typeof record.qr_code_url === 'string') {
    const own = typeof record.slug === 'string' && SLUG.test(record.slug) ? record.slug : null;
    const slug = webSlug ?? own;
    // A QR code of an address the relay cannot name would still lead around it: dropped.
    record.qr_code_url = slug ? `${ctx.publicOrigin}${relayQrPath(slug)}` : null;
    changed = true;
  }
  if (typeof record.access_token === 'string' && ctx.maskedSession !== null) {
    record.access_token = ctx.maskedSession;
    changed = true;
  }
  return changed;
}

function walk(value: unknown, ctx: RewriteContext, depth: number): boolean {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  let changed = false;
  if (Array.isArray(value)) {
    for (const item of value) changed = walk(item, ctx, depth + 1) || changed;
    return changed;
  }
  const record = value as Record<string, unknown>;
  changed = rewriteRecord(record, ctx);
  for (const key of Object.keys(record)) {
    if (key === '__proto__') continue;
    changed = walk(record[key], ctx, depth + 1) || changed;
  }
  return changed;
}

function scrub(text: string, secret: string): string {
  return secret.length > 0 && text.includes(secret) ? text.split(secret).join('[redacted]') : text;
}

/** The body as the client may see it. */
export function rewriteBody(
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
  ctx: RewriteContext,
): Uint8Array<ArrayBuffer> {
  if (body.byteLength === 0) return body;
  const text = new TextDecoder().decode(body);
  if (contentType.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (walk(parsed, ctx, 0)) return new TextEncoder().encode(scrub(JSON.stringify(parsed), ctx.secret));
    } catch {
      // Not JSON after all: passed on as text, still scrubbed.
    }
  }
  const scrubbed = scrub(text, ctx.secret);
  return scrubbed === text ? body : new TextEncoder().encode(scrubbed);
}
