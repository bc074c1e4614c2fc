// Reading a door's database as someone holding a copy of its files would: every row of every
// table, serialized whole (strings as they are, JSON-escaped too, and every byte array decoded as
// UTF-8 and as UTF-16LE), so a byte search for an attendee's name, email or reference finds it
// wherever a store might keep it.
import type { CheckinDatabase } from '../../../src/db/database';

const utf8 = new TextDecoder('utf-8');
const utf16 = new TextDecoder('utf-16le');

/** Every form a stored value could show its text in. */
export function serialized(value: unknown): string {
  const parts: string[] = [];
  const walk = (v: unknown) => {
    if (v === null || v === undefined) return;
    if (typeof v === 'string') return void parts.push(v, JSON.stringify(v));
    if (typeof v !== 'object') return void parts.push(String(v));
    if (v instanceof ArrayBuffer || ArrayBuffer.isView(v)) {
      const bytes =
        v instanceof ArrayBuffer ? new Uint8Array(v) : new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      // Every alignment of UTF-16: a string may start at an odd byte of a larger value.
      parts.push(utf8.decode(bytes), utf16.decode(bytes), utf16.decode(bytes.subarray(1)));
      return;
    }
    if (Array.isArray(v)) return void v.forEach(walk);
    for (const [key, inner] of Object.entries(v)) {
      parts.push(key);
      walk(inner);
    }
  };
  walk(value);
  return parts.join('\n');
}

/** Every row of every table of the database, serialized, by table. */
export async function storedText(db: CheckinDatabase): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of db.tables) {
    const rows = await table.toArray();
    const keys = await table.toCollection().primaryKeys();
    out.set(table.name, serialized([rows, keys]));
  }
  return out;
}

/**
 * The needles found in the serialized text, each with where: in any case, but for needles of
 * under six characters, looked for as written (random sealed bytes, decoded, spell a short run
 * in some case now and then; a store keeping a reference keeps it as the service wrote it).
 */
export function found(text: Map<string, string>, needles: readonly string[]): string[] {
  const hits: string[] = [];
  for (const [table, body] of text) {
    const lower = body.toLowerCase();
    for (const needle of needles) {
      const hit = needle.length < 6 ? body.includes(needle) : lower.includes(needle.toLowerCase());
      if (hit) hits.push(`${table}: ${needle}`);
    }
  }
  return hits;
}
