// Request bodies of the Admin API, in every form real clients send: JSON nested under the
// resource name, JSON with flat `resource[attr]` keys, and form-urlencoded (with `attr[]`
// arrays). A malformed body is a 400/413 with a clear message, never a 500.
import { ApiError, badRequest } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

type Nested = Record<string, unknown>;

function isObject(value: unknown): value is Nested {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a[b][c][]` -> ['a', 'b', 'c', '']; a key without brackets is one segment. */
export function bracketPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0 || !key.endsWith(']')) return [key];
  const rest = key.slice(first + 1, -1).split('][');
  return [key.slice(0, first), ...rest];
}

/** Sets a value at a bracket path; an empty segment appends to an array. */
export function setPath(target: Nested, path: string[], value: unknown): void {
  let node: Nested = target;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] ?? '';
    const last = i === path.length - 1;
    const nextIsArray = path[i + 1] === '';
    if (last) {
      node[segment] = value;
      return;
    }
    if (nextIsArray) {
      const list = Array.isArray(node[segment]) ? (node[segment] as unknown[]) : [];
      node[segment] = list;
      const rest = path.slice(i + 2);
      if (rest.length === 0) {
        list.push(value);
        return;
      }
      // Rails' `items[][a]=1&items[][b]=2`: a key already set in the last item starts a new one.
      let item = list[list.length - 1];
      if (!isObject(item) || Object.hasOwn(item, rest[0] ?? '')) {
        item = {};
        list.push(item);
      }
      setPath(item as Nested, rest, value);
      return;
    }
    if (!isObject(node[segment])) node[segment] = {};
    node = node[segment] as Nested;
  }
}

export async function readText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await request.text().catch(() => {
    throw badRequest('The request body could not be read');
  });
  if (text.length > MAX_BODY_BYTES) throw tooLarge();
  return text;
}

function tooLarge(): ApiError {
  return new ApiError(413, `The request body is larger than ${MAX_BODY_BYTES} bytes`);
}

/** The whole body as a nested object (bracket keys expanded). Empty body -> {}. */
export async function readBody(request: Request): Promise<Nested> {
  const text = await readText(request);
  if (text.trim() === '') return {};
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    const out: Nested = {};
    for (const [key, value] of new URLSearchParams(text)) setPath(out, bracketPath(key), value);
    return out;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The request body is not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(parsed)) throw badRequest('The request body must be a JSON object');
  const out: Nested = {};
  for (const [key, value] of Object.entries(parsed)) setPath(out, bracketPath(key), value);
  return out;
}

/** The attributes of one resource: `{activity: {...}}` or `activity[name]` keys. */
export async function readAttributes(request: Request, resource: string): Promise<Nested> {
  const body = await readBody(request);
  const attributes = body[resource];
  if (attributes === undefined) return {};
  if (!isObject(attributes)) throw badRequest(`"${resource}" must be an object of attributes`);
  return attributes;
}
