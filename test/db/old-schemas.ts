// The door's database as each earlier schema version left it (src/db/database.ts), frozen here:
// an upgrade test writes a database with one of these, then opens it with today's code.
import Dexie from 'dexie';

/** Each version's `stores()`, in order: version n is entry n - 1. */
const VERSIONS: Record<string, string>[] = [
  {
    lists: 'slug',
    pages: '[listSlug+resource+page]',
    tickets: '[listSlug+id]',
    checkins: '[listSlug+key], [listSlug+uuid]',
    answers: '[listSlug+id]',
    questions: '[listSlug+id]',
    outbox: '++seq, listSlug, &id, checkinKey',
    syncState: '[listSlug+resource]',
    conflicts: '[listSlug+ticketId]',
  },
  { corrections: '[listSlug+at+code]' },
  { audit: '[listSlug+at+id]' },
  {
    pageCodes: '[listSlug+resource+page]',
    tickets: '[listSlug+id], [listSlug+slug]',
    checkins: '[listSlug+key], [listSlug+uuid], [listSlug+ticketId]',
  },
  { tallies: 'listSlug', farewells: 'deviceId' },
  {
    keyring: 'id',
    plainTables: 'table',
    tickets: '[listSlug+id], [listSlug+slug], [listSlug+reference], [listSlug+order]',
  },
];

/** The database `name` with the schema of versions 1 to `version`. */
export class OldSchema extends Dexie {
  constructor(name: string, version: number) {
    super(name);
    for (const [i, stores] of VERSIONS.slice(0, version).entries()) this.version(i + 1).stores(stores);
  }
}
