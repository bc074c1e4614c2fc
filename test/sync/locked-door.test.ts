// A door restarted with its copy sealed, before the passcode is typed: it sends what its outbox
// holds (that needs no key), lists its lists, and opens the last one only once unlocked, then
// as after any start; it joins and opens nothing meanwhile, and can still forget a list, export
// what it has not sent, be wiped, and stop. Held promises, never sleeps: the list's load says
// when it begins.
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../src/db/audit-log';
import { CheckinDatabase } from '../../src/db/database';
import { readOutbox } from '../../src/db/outbox';
import { choosePasscode } from '../../src/db/seal/door-keyring';
import { isSealed } from '../../src/db/seal/sealed-rows';
import { createSyncEngine } from '../../src/sync/engine/sync-engine';
import { fillListIndex } from '../../src/sync/open-list/open-list';
import {
  BASE,
  clientOver,
  doorDevice,
  doorService,
  LIST,
  manualClock,
  networkTo,
  serviceCheckins,
} from './support';

const PASSCODE = 'north door 42';
/** Few rounds: the passcode's cost is the keyring's test, not this one's. */
const ROUNDS = 1000;

/** A door that chose its passcode, joined the list and admitted three guests offline. */
async function dayOne() {
  const setup = await doorService(10);
  const requests: string[] = [];
  const fetch = (request: Request) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return setup.service.handle(request);
  };
  const name = `locked-${Math.random()}`;
  const first = await doorDevice({ fetch, db: new CheckinDatabase(name) });
  expect(await choosePasscode(first.db, PASSCODE, Date.now(), ROUNDS)).toEqual({
    ok: true,
    value: undefined,
  });
  expect((await first.engine.join(LIST)).ok).toBe(true);
  await first.engine.syncNow();
  first.engine.setOnline(false);
  for (const ticket of setup.tickets.slice(0, 3))
    expect((await first.engine.scan(ticket.slug)).ok).toBe(true);
  await first.engine.auditWritten();
  await first.engine.stop();
  first.db.close();
  expect(await readOutbox(new CheckinDatabase(name), LIST)).toHaveLength(3);
  return { setup, fetch, requests, name };
}

/** The door started again, locked; its list's load tells when it begins. */
function restarted(fetch: (request: Request) => Promise<Response>, name: string) {
  const db = new CheckinDatabase(name);
  let pagesRead = 0;
  db.pages.hook('reading', (row) => {
    pagesRead++;
    return row;
  });
  let loadBegan: () => void = () => {};
  const loading = new Promise<void>((resolve) => {
    loadBegan = resolve;
  });
  const engine = createSyncEngine({
    db,
    clientFor: clientOver(fetch),
    defaultBaseUrl: BASE,
    deviceName: () => 'Door 1',
    clock: manualClock(),
    random: () => 0.5,
    fillIndex: (...args) => {
      loadBegan();
      return fillListIndex(...args);
    },
  });
  return { db, engine, loading, pagesRead: () => pagesRead };
}

describe('a door restarted locked', () => {
  it('sends its outbox, and opens its list only once unlocked', async () => {
    const { setup, fetch, requests, name } = await dayOne();
    const { db, engine, loading, pagesRead } = restarted(fetch, name);
    await engine.start();
    expect(engine.status()).toMatchObject({ seal: 'locked', list: null, lists: [{ slug: LIST }] });
    await engine.syncNow();
    // What it held went, without the key; its list is listed, not opened, not read.
    for (const ticket of setup.tickets.slice(0, 3))
      expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);
    expect(await readOutbox(db, LIST)).toEqual([]);
    expect(engine.status().lists.map((l) => l.slug)).toEqual([LIST]);
    expect(engine.status().list).toBeNull();
    expect(pagesRead()).toBe(0);

    // Nothing opens or joins meanwhile, and nothing is asked of the service for it.
    const asked = requests.length;
    expect(await engine.open(LIST)).toMatchObject({ ok: false, reason: 'locked' });
    expect(await engine.join(LIST)).toMatchObject({ ok: false, reason: 'locked' });
    expect(requests.length).toBe(asked);
    expect(await engine.unlock('south door 42')).toMatchObject({ ok: false, reason: 'wrong-passcode' });
    expect(engine.status()).toMatchObject({ seal: 'locked', list: null });

    // The passcode typed: the last list opens, as after any start, and judges as ever.
    expect(await engine.unlock(PASSCODE)).toEqual({ ok: true, value: undefined });
    expect(engine.status().seal).toBe('open');
    await loading;
    await engine.loaded();
    expect(engine.status().list?.slug).toBe(LIST);
    expect(await engine.scan(setup.tickets[0]!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'just-admitted' } },
    });
    expect(await engine.scan(setup.tickets[5]!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' } },
    });
    await engine.stop();
  });

  it('says whether what it sends gets through, while no list is open', async () => {
    const { setup, name } = await dayOne();
    const network = networkTo(setup.service, { up: false });
    const { engine } = restarted(network.fetch, name);
    await engine.start();
    await engine.syncNow();
    // Online as far as the platform says, yet the service cannot be reached.
    expect(engine.status()).toMatchObject({ seal: 'locked', list: null, reachable: false, lastPushAt: null });
    network.up();
    await engine.syncNow();
    expect(engine.status()).toMatchObject({ seal: 'locked', list: null, reachable: true });
    expect(engine.status().lastPushAt).not.toBeNull();
    for (const ticket of setup.tickets.slice(0, 3))
      expect(serviceCheckins(setup.service, setup.list.id).get(ticket.id)).toBe(1);
    await engine.stop();
  });

  it('forgets a list, exports what is unsent, is wiped and stops, all without the key', async () => {
    const { setup, fetch, name } = await dayOne();
    const { db, engine } = restarted(fetch, name);
    engine.setOnline(false);
    await engine.start();
    expect(engine.status().seal).toBe('locked');
    expect(await engine.auditLog()).toMatchObject({ ok: false, reason: 'locked' });
    // The unsent check-ins, by ticket id and time (no name: the tickets are sealed).
    const csv = await engine.exportUnsent(LIST);
    expect(csv.trim().split('\n')).toHaveLength(4);
    expect(await engine.exportAudit(LIST)).toContain('admit');
    expect(await engine.forget(LIST)).toMatchObject({ ok: false, reason: 'unsent-checkins' });
    expect(await engine.forget(LIST, { confirmed: true })).toMatchObject({
      ok: true,
      value: { slug: LIST, tickets: 10, unsent: 3 },
    });
    await engine.auditWritten();
    // The one row it wrote, locked, names no attendee; it is sealed once the door is unlocked.
    const [row] = await db.audit.toArray();
    expect(row).toMatchObject({ listSlug: '', action: 'forget-list', ticketReference: null });
    expect(await engine.unlock(PASSCODE)).toMatchObject({ ok: true });
    expect(await engine.open(LIST)).toMatchObject({ ok: false, reason: 'no-list' });
    expect((await db.audit.toArray()).every(isSealed)).toBe(true);
    expect((await readAudit(db, ''))[0]?.reason).toContain('10 tickets');
    expect(setup.tickets).toHaveLength(10);
    await engine.stop();
  });

  it('is wiped, and stops, never having been unlocked', async () => {
    const { fetch, name } = await dayOne();
    const { engine } = restarted(fetch, name);
    engine.setOnline(false);
    await engine.start();
    expect(await engine.wipeDevice({ confirmed: true })).toMatchObject({ ok: true, value: { lists: 1 } });
    await engine.stop();
  });

  it('with no passcode yet, refuses to join before asking anything of the service', async () => {
    const setup = await doorService(3);
    let asked = 0;
    const device = await doorDevice({
      fetch: (request) => {
        asked++;
        return setup.service.handle(request);
      },
      db: new CheckinDatabase(`no-passcode-${Math.random()}`),
    });
    await device.engine.start();
    expect(device.engine.status().seal).toBe('none');
    expect(await device.engine.join(LIST)).toMatchObject({ ok: false, reason: 'passcode-needed' });
    expect(await device.engine.joinByCode('ABCD-EFGH', 'https://door.example')).toMatchObject({
      ok: false,
      reason: 'passcode-needed',
    });
    expect(asked).toBe(0);
    await device.engine.stop();
  });
});
