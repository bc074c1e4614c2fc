// A first download's page writes, the two ways, in real IndexedDB (Chromium, the app's own
// database, sealing and codes): `straight` is the app's storeFirstPage (src/db/stored-pages.ts,
// its transaction made straight on IndexedDB: src/db/first-page-write.ts); `dexie` is the same
// rows in the same transaction through Dexie (writeFirstPageThroughDexie), as the app wrote them
// before. Driven by test/bench/first-page-store.bench.ts, which alternates the two and reads each
// one's CPU time.
import type { RemoteAnswer, RemoteTicket } from '../../../src/api/schemas';
import { CheckinDatabase } from '../../../src/db/database';
import { writeFirstPageThroughDexie } from '../../../src/db/first-page-write';
import { readSyncState } from '../../../src/db/local-copy';
import type { PageRow, Resource } from '../../../src/db/rows';
import { sealBoxOf } from '../../../src/db/seal/seal-box';
import { firstPageRows, readPages, storeFirstPage } from '../../../src/db/stored-pages';

const FIRST = ['Ben', 'Amira', 'Kofi', 'Lena', 'Mateo', 'Yuki', 'Priya', 'Oskar', 'Fatima', 'Jonas'];
const LAST = ['Nakamura', 'Okafor', 'Lindqvist', 'García', 'Müller', 'Haddad', 'Kowalski', 'Silva'];
const COMPANIES = ['Harbour & Sons Ltd', 'Northwind Analytics', 'Blue Fern Studio', null, 'Acme GmbH'];

/** A page of 1000 tickets shaped as the demo's, decoded (src/api/page-decoders.ts). */
export function ticketsPage(page: number): RemoteTicket[] {
  return Array.from({ length: 1000 }, (_, i) => {
    const id = (page - 1) * 1000 + i + 1;
    const first = FIRST[id % FIRST.length]!;
    const last = LAST[(id * 7) % LAST.length]!;
    const email = `${first}.${last}${id % 997}@example.com`.toLowerCase();
    const order = `Z${(id * 2654435761) % 99991}`.slice(0, 5);
    return {
      id,
      slug: `ti_p${(id * 40503).toString(36).padStart(8, 'q')}x${(id * 2654435761).toString(36)}`.slice(
        0,
        27,
      ),
      reference: `${order}-${(id % 3) + 1}`,
      registrationReference: order,
      buyerName: `${first} ${last}`,
      buyerEmail: email,
      firstName: first,
      lastName: last,
      email,
      companyName: COMPANIES[id % COMPANIES.length]!,
      phoneNumber: id % 3 === 0 ? `+44 20 7946 ${String(id % 10000).padStart(4, '0')}` : null,
      jobTitle: id % 4 === 0 ? 'Head of Partnerships' : null,
      releaseTitle: id % 9 === 0 ? 'VIP pass' : 'General admission',
      state: id % 50 === 0 ? 'void' : 'complete',
      paid: id % 40 !== 0,
      updatedAt: 1_790_000_000_000 + id,
    };
  });
}

/** A page of 1000 answers, three questions a ticket. */
export function answersPage(page: number): RemoteAnswer[] {
  return Array.from({ length: 1000 }, (_, i) => {
    const id = (page - 1) * 1000 + i + 1;
    const question = (id % 3) + 1;
    const response =
      question === 1 ? ['S', 'M', 'L', 'XL'][id % 4]! : question === 2 ? 'vegetarian' : 'Train';
    return {
      id,
      ticketId: Math.ceil(id / 3),
      questionId: question,
      response,
      updatedAt: 1_790_000_000_000 + id,
    };
  });
}

/** The same rows as storeFirstPage, written through Dexie as before. */
async function storeThroughDexie(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  page: number,
  items: PageRow['items'],
  totalPages: number,
) {
  await writeFirstPageThroughDexie(db, await firstPageRows(db, listSlug, resource, page, items, totalPages));
}

const LIST = 'chk_bench';
let dbs: Record<'straight' | 'dexie', CheckinDatabase> | null = null;

async function ready() {
  if (dbs) return dbs;
  const box = await sealBoxOf(crypto.getRandomValues(new Uint8Array(32)));
  const straight = new CheckinDatabase('first-page-straight');
  const dexie = new CheckinDatabase('first-page-dexie');
  for (const db of [straight, dexie]) {
    db.seal.unlock(box);
    await db.open();
  }
  dbs = { straight, dexie };
  return dbs;
}

let pages: unknown[][] = [];

/** Makes pages `from` to `to` of `resource`, for the next `store` (outside its CPU time). */
function prepare(resource: 'tickets' | 'answers', from: number, to: number) {
  pages = [];
  for (let page = from; page <= to; page++)
    pages.push(resource === 'tickets' ? ticketsPage(page) : answersPage(page));
}

/** Stores the prepared pages one way, one after another, from page `from`; their wall time, ms. */
async function store(way: 'straight' | 'dexie', resource: 'tickets' | 'answers', from: number) {
  const db = (await ready())[way];
  const t0 = performance.now();
  for (const [i, items] of pages.entries()) {
    const rows = items as PageRow['items'];
    if (way === 'straight') await storeFirstPage(db, LIST, resource, from + i, rows, 1000);
    else await storeThroughDexie(db, LIST, resource, from + i, rows, 1000);
  }
  return performance.now() - t0;
}

/** A stored page's slices and its progress, to check both ways stored the same. */
async function stored(way: 'straight' | 'dexie') {
  const db = (await ready())[way];
  const [tickets, answers] = await Promise.all([
    readSyncState(db, LIST, 'tickets'),
    readSyncState(db, LIST, 'answers'),
  ]);
  return {
    slices: await db.pageSlices.count(),
    pages: await db.pages.count(),
    codes: await db.pageCodes.count(),
    done: [tickets.firstDownload?.done.length ?? 0, answers.firstDownload?.done.length ?? 0],
  };
}

/** Reads back every stored page of `resource` the app's way (readPages: read, opened); their items and wall time. */
async function readBack(resource: 'tickets' | 'answers') {
  const db = (await ready()).straight;
  const t0 = performance.now();
  let items = 0;
  await readPages(db, LIST, resource, (page) => {
    items += page.length;
  });
  return { items, wall: performance.now() - t0 };
}

/** Busy for `ms` on this thread: for finding it among the browser's threads. */
function spin(ms: number) {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x += Math.sqrt(x + 1);
  return x;
}

(globalThis as unknown as { bench: object }).bench = { prepare, store, stored, spin, ready, readBack };
