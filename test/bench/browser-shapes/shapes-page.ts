// Candidate stored shapes for a keyed read of a ticket by its code, in real IndexedDB (Dexie),
// driven by test/bench/stored-shapes.bench.ts: what each costs the first download, and what a
// cold keyed read costs with it. Plain data, no app code: only the shapes differ.
import Dexie from 'dexie';

const PAGE = 1000;

function ticket(id: number) {
  const n = String(id).padStart(6, '0');
  return {
    id,
    slug: `tkt${n}x${(id * 2654435761) % 1e9}`.padEnd(24, 'q'),
    reference: `R${n}-${(id % 97) + 10}`,
    registrationReference: `REG${Math.floor(id / 3)}`,
    buyerName: `Buyer Number${id}`,
    buyerEmail: `buyer${id}@example.org`,
    firstName: `First${id % 500}`,
    lastName: `Last${id % 733}`,
    email: `guest${id}@example.org`,
    companyName: id % 5 === 0 ? `Company ${id % 41}` : null,
    phoneNumber: id % 3 === 0 ? `+44 20 7946 ${String(id % 10000).padStart(4, '0')}` : null,
    releaseTitle: `Release ${id % 4}`,
    state: id % 50 === 0 ? 'void' : 'complete',
    paid: true,
    updatedAt: 1_700_000_000_000 + id,
    listSlug: 'list-1',
  };
}
type T = ReturnType<typeof ticket>;
const pageOf = (p: number) => Array.from({ length: PAGE }, (_, i) => ticket((p - 1) * PAGE + i + 1));

// A 32-bit FNV-1a hash of a code: the binary index's key.
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function open(shape: string) {
  const db = new Dexie(`shape-${shape}`);
  db.version(1).stores({
    pages: '[listSlug+resource+page]',
    codes: '[listSlug+resource+page], *codes',
    tickets: '[listSlug+id], [listSlug+slug], [listSlug+reference]',
    blobs: 'listSlug',
  });
  return db;
}

const codesOf = (items: T[]) => items.flatMap((t) => [t.slug, t.reference.toUpperCase()]);

async function write(shape: string, pages: number) {
  const db = open(shape);
  await db.open();
  const started = performance.now();
  const all: [number, number][] = [];
  for (let p = 1; p <= pages; p++) {
    const items = pageOf(p);
    if (shape === 'pages')
      await db.table('pages').put({ listSlug: 'list-1', resource: 'tickets', page: p, items });
    if (shape === 'code-index')
      await db
        .table('codes')
        .put({ listSlug: 'list-1', resource: 'tickets', page: p, items, codes: codesOf(items) });
    if (shape === 'rows') await db.table('tickets').bulkPut(items);
    if (shape === 'binary') {
      await db.table('pages').put({ listSlug: 'list-1', resource: 'tickets', page: p, items });
      for (const t of items) all.push([hash(t.slug), p], [hash(t.reference.toUpperCase()), p]);
    }
    // The same, each page kept as four rows of 250 tickets: a value over 64 KB is stored by
    // Chromium as a file of its own (a blob) beside its database, and read back through it.
    if (shape === 'binary-split') {
      for (let part = 0; part < 4; part++)
        await db.table('pages').put({
          listSlug: 'list-1',
          resource: 'tickets',
          page: p * 4 + part,
          items: items.slice(part * 250, part * 250 + 250),
        });
      items.forEach((t, i) => {
        const row = p * 4 + Math.floor(i / 250);
        all.push([hash(t.slug), row], [hash(t.reference.toUpperCase()), row]);
      });
    }
    // The same, each page's items kept as their JSON text: one string to store, not 1,000 objects.
    if (shape === 'binary-json') {
      await db
        .table('pages')
        .put({ listSlug: 'list-1', resource: 'tickets', page: p, json: JSON.stringify(items) });
      for (const t of items) all.push([hash(t.slug), p], [hash(t.reference.toUpperCase()), p]);
    }
  }
  if (shape.startsWith('binary')) {
    all.sort((a, b) => a[0] - b[0]);
    const keys = new Uint32Array(all.length);
    const pagesOf = new Uint16Array(all.length);
    all.forEach(([h, p], i) => {
      keys[i] = h;
      pagesOf[i] = p;
    });
    await db.table('blobs').put({ listSlug: 'list-1', keys: keys.buffer, pages: pagesOf.buffer });
  }
  const ms = performance.now() - started;
  db.close();
  return ms;
}

async function coldRead(shape: string, code: string) {
  const started = performance.now();
  const db = open(shape);
  await db.open();
  const opened = performance.now();
  let found: T | undefined;
  if (shape === 'pages') {
    // Today's way: the whole list read before the first verdict.
    const byslug = new Map<string, T>();
    const keys = await db.table('pages').toCollection().primaryKeys();
    for (const key of keys)
      for (const t of (await db.table('pages').get(key)).items as T[]) byslug.set(t.slug, t);
    found = byslug.get(code);
  }
  if (shape === 'code-index') {
    const row = await db.table('codes').where('codes').equals(code).first();
    found = (row?.items as T[] | undefined)?.find((t) => t.slug === code);
  }
  if (shape === 'rows')
    found = await db.table('tickets').where('[listSlug+slug]').equals(['list-1', code]).first();
  if (shape.startsWith('binary')) {
    const blob = await db.table('blobs').get('list-1');
    const keys = new Uint32Array(blob.keys);
    const pagesOf = new Uint16Array(blob.pages);
    const h = hash(code);
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < h) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < keys.length && keys[i] === h && !found; i++) {
      const page = await db.table('pages').get(['list-1', 'tickets', pagesOf[i]]);
      const items = (shape === 'binary-json' ? JSON.parse(page.json) : page.items) as T[];
      found = items.find((t) => t.slug === code);
    }
  }
  const ms = performance.now() - started;
  db.close();
  return { ms, openMs: opened - started, found: found?.id ?? null };
}

const bench = { write, coldRead, slugOf: (id: number) => ticket(id).slug };
export type ShapesBench = typeof bench;
(globalThis as unknown as { bench: ShapesBench }).bench = bench;
