// Two tolerances when comparing our bodies with the real service's: a key the real service
// itself answers with null somewhere may be null in ours (our seed left it empty), and objects
// keyed by data (release slugs in `quantities`, custom `metadata`, question slugs in
// `responses`, `warnings`) need not have the same keys.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { referenceDir } from './admin/shape';

const nullableKeys = new Set<string>();

function learnNullable(value: unknown, type = ''): void {
  if (Array.isArray(value)) {
    for (const item of value) learnNullable(item, type);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const own = typeof record._type === 'string' ? record._type : type;
  for (const [key, child] of Object.entries(record)) {
    if (child === null) nullableKeys.add(`${own}.${key}`);
    else learnNullable(child, key);
  }
}

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsonFilesUnder(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

const recording = JSON.parse(readFileSync(path.join(referenceDir, 'recorded-admin-3.1.json'), 'utf8')) as {
  cassettes: { steps: { responseBody: unknown }[] }[];
};
for (const cassette of recording.cassettes)
  for (const step of cassette.steps) learnNullable(step.responseBody);
for (const file of jsonFilesUnder(path.join(referenceDir, 'documented-examples', 'data'))) {
  // A few documented examples are not strict JSON (trailing commas): they teach nothing here.
  try {
    learnNullable(JSON.parse(readFileSync(file, 'utf8')));
  } catch {}
}

/** The `_type` of the record holding the key at `where` (`tickets[].company_name`) in the reference body. */
function ownerType(body: unknown, where: string): string {
  let node: unknown = body;
  let type = '';
  for (const part of where.split('.').slice(0, -1)) {
    const key = part.replace(/\[\]$/, '');
    node = (node as Record<string, unknown> | null)?.[key];
    type = key;
    if (Array.isArray(node)) node = node.find((x) => x && typeof x === 'object');
    const named = (node as Record<string, unknown> | null)?._type;
    if (typeof named === 'string') type = named;
  }
  return type;
}

const DATA_KEYED = /(^|\.)(quantities|metadata|responses|warnings|translations|custom)\./;

/** Whether a line of `shapeDifferences` is one of the two tolerated kinds. */
export function tolerated(reference: unknown, difference: string): boolean {
  const where = difference.slice(0, difference.lastIndexOf(': '));
  if (DATA_KEYED.test(where)) return true;
  if (!difference.endsWith(', got null')) return false;
  const key = where.split('.').pop()?.replace(/\[\]$/, '') ?? '';
  return nullableKeys.has(`${ownerType(reference, where)}.${key}`);
}
