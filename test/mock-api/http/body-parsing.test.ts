// Request bodies are untrusted text: prototype keys are refused, bracket keys and JSON nesting
// are capped, parsed bodies are null-prototype objects, and a write must say it is JSON (or a
// form, where the API takes forms).
import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_JSON_DEPTH,
  MAX_KEY_SEGMENTS,
  bracketPath,
  readAttributes,
  readBody,
} from '../../../src/http/body';

const post = (body: string, type: string | null = 'application/json') => {
  const headers: Record<string, string> = {};
  if (type !== null) headers['content-type'] = type;
  return new Request('http://x/', { method: 'POST', body: new Blob([body]), headers });
};
const FORM = 'application/x-www-form-urlencoded';

afterEach(() => {
  // A failure here names the test that polluted the prototype.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe('body parsing', () => {
  it.each([
    ['{"__proto__":{"polluted":1}}', 'application/json'],
    ['{"event":{"__proto__":{"polluted":1}}}', 'application/json'],
    ['{"event[__proto__][polluted]":1}', 'application/json'],
    ['{"__proto__[polluted]":1}', 'application/json'],
    ['{"release":{"constructor":{"prototype":{"polluted":1}}}}', 'application/json'],
    ['{"batch":{"checkins":[{"prototype":1}]}}', 'application/json'],
    ['__proto__[polluted]=1', FORM],
    ['event[__proto__][polluted]=1', FORM],
    ['constructor[prototype][polluted]=1', FORM],
    ['event[a][constructor]=1', FORM],
  ])('refuses %s with 400 and leaves Object.prototype alone', async (body, type) => {
    await expect(readBody(post(body, type), { form: true })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/may not use the key "(__proto__|constructor|prototype)"/),
    });
  });

  it('builds bodies on null-prototype objects', async () => {
    const json = await readBody(post('{"event":{"metadata":{"a":[{"b":1}]}},"event[title]":"T"}'));
    expect(Object.getPrototypeOf(json)).toBeNull();
    const event = json.event as Record<string, unknown>;
    expect(Object.getPrototypeOf(event)).toBeNull();
    expect(event.title).toBe('T');
    const metadata = event.metadata as { a: Record<string, unknown>[] };
    expect(Object.getPrototypeOf(metadata.a[0])).toBeNull();
    const form = await readAttributes(post('release[title]=A&release[ids][]=1', FORM), 'release');
    expect(Object.getPrototypeOf(form)).toBeNull();
    expect(form).toEqual({ title: 'A', ids: ['1'] });
  });

  it('refuses keys nested past the cap, whatever their length, in forms and JSON', async () => {
    expect(bracketPath(`a${'[b]'.repeat(MAX_KEY_SEGMENTS - 1)}`)).toHaveLength(MAX_KEY_SEGMENTS);
    expect(() => bracketPath(`a${'[b]'.repeat(MAX_KEY_SEGMENTS)}`)).toThrow(/nests deeper/);
    for (const segments of [9, 100_000, 300_000]) {
      const key = `checkin${'[]'.repeat(segments)}`;
      await expect(readBody(post(`${key}=1`, FORM), { form: true })).rejects.toMatchObject({ status: 400 });
      await expect(readBody(post(JSON.stringify({ [key]: 1 })))).rejects.toMatchObject({ status: 400 });
    }
  });

  it('refuses JSON nested deeper than the cap before parsing it', async () => {
    const nested = (depth: number) => `{"event":{"metadata":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}}`;
    expect(await readBody(post(nested(MAX_JSON_DEPTH - 2)))).toBeDefined();
    for (const depth of [MAX_JSON_DEPTH, 4_100, 100_000]) {
      await expect(readBody(post(nested(depth)))).rejects.toMatchObject({
        status: 400,
        message: `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
      });
    }
    // Brackets inside strings are text, not nesting.
    const text = await readBody(post(JSON.stringify({ note: '['.repeat(1_000) })));
    expect(text.note).toBe('['.repeat(1_000));
  });

  it('takes JSON writes only when they say so, and forms only where the API takes forms', async () => {
    for (const type of [null, 'text/plain', 'multipart/form-data; boundary=x', 'application/jsonx']) {
      await expect(readBody(post('{"a":1}', type))).rejects.toMatchObject({ status: 415 });
    }
    await expect(readBody(post('a=1', FORM))).rejects.toMatchObject({
      status: 415,
      message: 'Send the request body as application/json',
    });
    expect(await readBody(post('a=1', FORM), { form: true })).toEqual({ a: '1' });
    expect(await readBody(post('{"a":1}', 'application/json; charset=UTF-8'))).toEqual({ a: 1 });
    expect(await readBody(post('{"a":1}', 'application/vnd.api+json'))).toEqual({ a: 1 });
    // No body, no type needed (actions such as activation send none).
    expect(await readBody(post('', null))).toEqual({});
  });

  it('answers 413 past the size a route allows', async () => {
    await expect(readBody(post(`{"a":"${'x'.repeat(20_000)}"}`), { maxBytes: 16_384 })).rejects.toMatchObject(
      {
        status: 413,
        message: 'The request body is larger than 16384 bytes',
      },
    );
  });
});
