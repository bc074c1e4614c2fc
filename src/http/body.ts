// Request bodies of the Admin API, in every form real clients send: JSON nested under the
// resource name, JSON with flat `resource[attr]` keys, and form-urlencoded (with `attr[]`
// arrays). Untrusted text: a malformed body is a 400/413/415 with a clear message, never a
// 500. Parsing is linear in the body's size and bounded in depth, and builds null-prototype
// objects, refusing the keys that reach into prototypes.
import { ApiError, badRequest } from './errors';

/** The largest body any route takes (a batch of 1,000 check-ins); each route may take less. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Bracket segments in one key: `a[b][c][][d]` is 5; real clients send at most 4. */
export const MAX_KEY_SEGMENTS = 8;
/** Arrays and objects inside one another in a JSON body; documents nest 5 or 6 deep. */
export const MAX_JSON_DEPTH = 32;

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

type Nested = Record<string, unknown>;

function isObject(value: unknown): value is Nested {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const emptyObject = (): Nested => Object.create(null) as Nested;

function checkKey(key: string): void {
  if (FORBIDDEN_KEYS.has(key)) throw badRequest(`The request body may not use the key "${key}"`);
}

/** `a[b][c][]` -> ['a', 'b', 'c', '']; a key without brackets is one segment. */
export function bracketPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0 || !key.endsWith(']')) return [key];
  const segments = [key.slice(0, first)];
  let start = first + 1;
  // One pass, stopping at the cap: a key of 100,000 `[]` costs no more than a short one.
  for (;;) {
    const close = key.indexOf('][', start);
    if (segments.length >= MAX_KEY_SEGMENTS) {
      throw badRequest(`A key of the request body nests deeper than ${MAX_KEY_SEGMENTS} levels`);
    }
    if (close === -1) {
      segments.push(key.slice(start, -1));
      return segments;
    }
    segments.push(key.slice(start, close));
    start = close + 2;
  }
}

/** Sets a value at a bracket path; an empty segment appends to an array. */
export function setPath(target: Nested, path: string[], value: unknown): void {
  for (const segment of path) checkKey(segment);
  let node: Nested = target;
  let i = 0;
  while (i < path.length) {
    const segment = path[i] ?? '';
    if (i === path.length - 1) {
      node[segment] = value;
      return;
    }
    if (path[i + 1] === '') {
      const list = Array.isArray(node[segment]) ? (node[segment] as unknown[]) : [];
      node[segment] = list;
      const next = path[i + 2];
      if (next === undefined) {
        list.push(value);
        return;
      }
      // Rails' `items[][a]=1&items[][b]=2`: a key already set in the last item starts a new one.
      let item = list[list.length - 1];
      if (!isObject(item) || Object.hasOwn(item, next)) {
        item = emptyObject();
        list.push(item);
      }
      node = item as Nested;
      i += 2;
      continue;
    }
    if (!isObject(node[segment])) node[segment] = emptyObject();
    node = node[segment] as Nested;
    i += 1;
  }
}

export async function readText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await request.text().catch(() => {
    throw badRequest('The request body could not be read');
  });
  if (text.length > maxBytes) throw tooLarge(maxBytes);
  return text;
}

export function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, `The request body is larger than ${maxBytes} bytes`);
}

export type BodyType = 'json' | 'form';

/** What the Content-Type header names, or null for anything else (or nothing). */
export function bodyType(header: string | null): BodyType | null {
  const media = (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (media === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media)) return 'json';
  if (media === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

/** Throws 400 when arrays and objects nest deeper than the cap; linear, before any parsing. */
function checkJsonDepth(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) {
        throw badRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
      }
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
}

/** A parsed JSON value rebuilt on null-prototype objects, refusing prototype keys. */
function rebuild(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebuild);
  if (!isObject(value)) return value;
  const out = emptyObject();
  for (const key of Object.keys(value)) {
    checkKey(key);
    out[key] = rebuild(value[key]);
  }
  return out;
}

export interface ReadBodyOptions {
  /** Whether the route takes form-urlencoded bodies as well as JSON (the Admin API does). */
  form?: boolean;
  maxBytes?: number;
}

/** The whole body as a nested object (bracket keys expanded). Empty body -> {}. */
export async function readBody(request: Request, options: ReadBodyOptions = {}): Promise<Nested> {
  const text = await readText(request, options.maxBytes);
  if (text.trim() === '') return emptyObject();
  const type = bodyType(request.headers.get('content-type'));
  // A write a web page could send without asking first (text/plain, a form) is refused, so no
  // page an operator visits can post to the service behind their back.
  if (type === null || (type === 'form' && !options.form)) {
    throw new ApiError(
      415,
      options.form
        ? 'Send the request body as application/json or application/x-www-form-urlencoded'
        : 'Send the request body as application/json',
    );
  }
  const out = emptyObject();
  if (type === 'form') {
    for (const [key, value] of new URLSearchParams(text)) setPath(out, bracketPath(key), value);
    return out;
  }
  checkJsonDepth(text);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The request body is not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(parsed)) throw badRequest('The request body must be a JSON object');
  for (const key of Object.keys(parsed)) setPath(out, bracketPath(key), rebuild(parsed[key]));
  return out;
}

/** The attributes of one resource: `{activity: {...}}` or `activity[name]` keys. */
export async function readAttributes(request: Request, resource: string): Promise<Nested> {
  const body = await readBody(request, { form: true });
  const attributes = body[resource];
  if (attributes === undefined) return emptyObject();
  if (!isObject(attributes)) throw badRequest(`"${resource}" must be an object of attributes`);
  return attributes;
}
