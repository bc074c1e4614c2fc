// Compares a body of the mock with a documented or recorded one: every key the reference has
// must be present in ours with the same JSON type. A reference null only asks for the key.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A copy of the real material, kept in the repository (see its SOURCES.md for origins and licences).
export const referenceDir = fileURLToPath(new URL('../../fixtures/reference', import.meta.url));

export function documentedExample(version: '3.0' | '3.1', resource: string, name: string): unknown {
  const file = path.join(referenceDir, 'documented-examples', 'data', version, resource, `${name}.json`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export interface ShapeOptions {
  /** Paths (`activity.venue`) where our null stands for a record the mock does not model. */
  nullable?: readonly string[];
  /** Paths holding records of other resources (releases, registrations): their own tests check inside. */
  foreign?: readonly string[];
}

/** Differences as readable lines; an empty list means the shapes match. */
export function shapeDifferences(
  reference: unknown,
  actual: unknown,
  options: ShapeOptions = {},
  at = '',
): string[] {
  const where = at || '(body)';
  if (reference === null) return [];
  const expected = jsonType(reference);
  const found = jsonType(actual);
  if (found === 'null' && options.nullable?.includes(at)) return [];
  if (expected !== found) return [`${where}: expected ${expected}, got ${found}`];
  if (options.foreign?.includes(at)) return [];
  if (expected === 'array') {
    const sample = (reference as unknown[]).find((item) => typeof item === 'object' && item !== null);
    const ours = (actual as unknown[])[0];
    if (sample === undefined || ours === undefined) return [];
    return shapeDifferences(sample, ours, options, `${at}[]`);
  }
  if (expected !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(reference as Record<string, unknown>)) {
    const child = at ? `${at}.${key}` : key;
    if (!Object.hasOwn(actual as object, key)) out.push(`${child}: missing`);
    else out.push(...shapeDifferences(value, (actual as Record<string, unknown>)[key], options, child));
  }
  return out;
}

/** The store's state without the empty tables that mere reads create. */
export function storeSnapshot(store: { exportState(): { tables: Record<string, unknown[]> } }): string {
  const state = store.exportState();
  const tables = Object.fromEntries(Object.entries(state.tables).filter(([, rows]) => rows.length > 0));
  return JSON.stringify({ ...state, tables });
}

/** The response body of one recorded step of `recorded-admin-3.1.json`. */
export function recordedResponse(cassette: string, step: number): unknown {
  const file = path.join(referenceDir, 'recorded-admin-3.1.json');
  const recording = JSON.parse(readFileSync(file, 'utf8')) as {
    cassettes: { name: string; steps: { responseBody: unknown }[] }[];
  };
  const found = recording.cassettes.find((c) => c.name === cassette)?.steps[step];
  if (!found) throw new Error(`No recorded step ${cassette}#${step}`);
  return found.responseBody;
}
