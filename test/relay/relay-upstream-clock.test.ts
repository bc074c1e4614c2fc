// One clock for a door through a relay, over real processes: the service behind runs two
// minutes behind (then ahead of) the relay's machine (MOCK_CLOCK_OFFSET_MS moves its records'
// times and its `Date` together). A door syncing through the relay takes its `since` cursor from
// the answers' `Date` (src/sync/pull/pull-since.ts), so every answer the relay gives must be
// dated in the service's clock: passed through, it carries the service's own `Date`; from the
// ready venue mirror, the relay's estimate of the service's clock, kept across a restart without
// the service. Either way a check-in another door made on the service reaches this door.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckinDatabase } from '../../src/db/database';
import { joinList } from '../../src/sync/lists/join-list';
import { pullSince } from '../../src/sync/pull/pull-since';
import { clientOver, freshDb } from '../sync/support';
import { type Json, type RelayPair, startMirroredPair, until } from './relay-setup';

const TWO_MINUTES = 120_000;
/** The header's whole seconds, the answer's travel and a loaded machine's delays. */
const NEAR_MS = 5_000;

describe.each([
  ['behind', -TWO_MINUTES],
  ['ahead of', TWO_MINUTES],
])("a door through a relay whose service's clock is two minutes %s the relay's", (_, skew) => {
  let pair: RelayPair;
  let slug = '';
  beforeAll(async () => {
    ({ pair, slug } = await startMirroredPair({ MOCK_CLOCK_OFFSET_MS: String(skew) }));
    // Until the test lets it, the mirror's first round fails (the tap refuses its questions
    // read), so the list stays passed through.
    pair.tap.refuse = (seen) => seen.url.endsWith('/questions');
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });

  const serviceNow = () => Date.now() + skew;
  const dateOf = (response: Response) => Date.parse(response.headers.get('date') ?? '');
  const listPath = (rest = '') => `/checkin/checkin_lists/${slug}${rest}`;
  const mirrored = async () =>
    ((await (await fetch(`${pair.relay.origin}/__service`)).json()) as Json).mirrored_lists as Json[];
  /** Another door's check-in, made on the service itself. */
  const checkInElsewhere = async (ticketId: number, uuid: string) => {
    const made = await fetch(`${pair.upstream.origin}${listPath('/checkins')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: ticketId, uuid } }),
    });
    expect(made.status).toBe(201);
  };
  const held = async (db: CheckinDatabase, uuid: string) =>
    (await db.checkins.where('[listSlug+uuid]').equals([slug, uuid]).count()) > 0;

  let db: CheckinDatabase;
  let tickets: number[] = [];
  const door = () => clientOver((request) => fetch(request))(`${pair.relay.origin}/checkin`);
  const pull = async () => {
    const pulled = await pullSince(db, door(), { listSlug: slug, now: Date.now() });
    expect(pulled.ok).toBe(true);
  };

  it("passes the service's Date through, and the door pulls what another door did there", async () => {
    const direct = await fetch(`${pair.upstream.origin}${listPath()}`);
    expect(Math.abs(dateOf(direct) - serviceNow())).toBeLessThan(NEAR_MS);
    const passed = await fetch(`${pair.relay.origin}${listPath()}`);
    expect(passed.status).toBe(200);
    expect(Math.abs(dateOf(passed) - serviceNow())).toBeLessThan(NEAR_MS);

    db = freshDb('clock-door');
    const joined = await joinList(
      db,
      clientOver((request) => fetch(request)),
      {
        code: slug,
        defaultBaseUrl: `${pair.relay.origin}/checkin`,
        now: Date.now(),
      },
    );
    expect(joined.ok).toBe(true);
    await pull();
    // Tickets a door holds are in its paged copy: their ids are taken from the service.
    const all = (await (await fetch(`${pair.upstream.origin}${listPath('/tickets')}`)).json()) as Json[];
    tickets = all.map((t) => t.id);
    expect(tickets.length).toBeGreaterThan(3);
    expect((await mirrored())[0]?.ready).toBe(false);

    await checkInElsewhere(tickets[0] ?? 0, 'clock-elsewhere-0001');
    await pull();
    expect((await mirrored())[0]?.ready).toBe(false);
    expect(await held(db, 'clock-elsewhere-0001')).toBe(true);
  }, 60_000);

  it("dates the mirror's answers and change times by the service's clock", async () => {
    pair.tap.refuse = undefined;
    await until(async () => (await mirrored())[0]?.ready === true, 30_000);
    const served = await fetch(`${pair.relay.origin}${listPath()}`);
    expect(served.status).toBe(200);
    expect(Math.abs(dateOf(served) - serviceNow())).toBeLessThan(NEAR_MS);

    await checkInElsewhere(tickets[1] ?? 0, 'clock-elsewhere-0002');
    // The door keeps syncing from the mirror (its cursor from the passed-through answers) until
    // the mirror has pulled the check-in: it arrives, in the service's clock.
    await until(async () => {
      await pull();
      return held(db, 'clock-elsewhere-0002');
    }, 30_000);
    const checkins = (await (await fetch(`${pair.relay.origin}${listPath('/checkins')}`)).json()) as Json[];
    const mirroredCopy = checkins.find((c) => c.uuid === 'clock-elsewhere-0002');
    expect(Math.abs(Date.parse(mirroredCopy.updated_at) - serviceNow())).toBeLessThan(30_000);
    expect((await mirrored())[0]?.ready).toBe(true);
  }, 90_000);

  it('keeps the service clock across a restart while the service cannot be reached', async () => {
    expect(existsSync(join(pair.root, 'relay-data', 'upstream-clock.json'))).toBe(true);
    pair.tap.mode = 'cut';
    await pair.restartRelay();
    const served = await fetch(`${pair.relay.origin}${listPath()}`);
    expect(served.status).toBe(200);
    expect(Math.abs(dateOf(served) - serviceNow())).toBeLessThan(NEAR_MS);
    pair.tap.mode = 'pass';
  }, 60_000);
});
