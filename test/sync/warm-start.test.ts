// The worker's warm start: the last list's page codes read before the page's init arrives. They
// must be the codes the open would read, and must never stand for a list joined anew since.
import { describe, expect, it } from 'vitest';
import type { CheckinDatabase } from '../../src/db/database';
import { openCodeIndex, readCodeIndex } from '../../src/db/keyed-read';
import { saveList } from '../../src/db/local-copy';
import { createSyncEngine } from '../../src/sync/engine/sync-engine';
import { readWarmCodes, type WarmCodes } from '../../src/sync/open-list/warm-start';
import { listRow } from '../db/copy-rows';
import { BASE, clientOver, doorDevice, doorService, freshDb, LIST, manualClock } from './support';

/** A device that joined the list of 10 tickets, downloaded it whole and stopped. */
async function joinedAndStopped() {
  const setup = await doorService(10);
  const fetch = (r: Request) => setup.service.handle(r);
  const first = await doorDevice({ fetch });
  await first.engine.join(LIST);
  await first.engine.syncNow();
  first.engine.stop();
  return { setup, fetch, db: first.db };
}

/** How many page-code rows are read from here on. */
function countCodeReads(db: CheckinDatabase) {
  let reads = 0;
  db.pageCodes.hook('reading', (row) => {
    reads++;
    return row;
  });
  return () => reads;
}

/** The device restarted offline with `warm` codes, its list's load held until the test ends. */
async function restartWarm(db: CheckinDatabase, fetch: (r: Request) => Promise<Response>, warm: WarmCodes) {
  const engine = createSyncEngine({
    db,
    clientFor: clientOver(fetch),
    defaultBaseUrl: BASE,
    deviceName: () => 'Door 1',
    clock: manualClock(),
    online: false,
    warm: Promise.resolve(warm),
    fillIndex: async () => new Promise<void>(() => {}),
  });
  await engine.start({ background: true });
  return engine;
}

describe('warm codes', () => {
  it('are none without a list, and none while the last list still downloads', async () => {
    const db = freshDb();
    expect(await readWarmCodes(db)).toBeNull();
    await saveList(db, listRow(LIST));
    expect(await readWarmCodes(db)).toBeNull();
  });

  it("are the last joined list's codes, as its open would read them", async () => {
    const { db } = await joinedAndStopped();
    await saveList(db, listRow('chk_pjoinedbefore0000000000', { joinedAt: 1 }));
    const warm = await readWarmCodes(db);
    expect(warm?.slug).toBe(LIST);
    expect(warm?.joinedAt).toBe((await db.lists.get(LIST))!.joinedAt);
    expect(await openCodeIndex(db, warm!.codes)).toEqual(await readCodeIndex(db, LIST));
    expect(warm?.codes.tickets.length).toBeGreaterThan(0);
  });

  it('spare the first open its codes read, and judge its first scan', async () => {
    const { setup, fetch, db } = await joinedAndStopped();
    const warm = (await readWarmCodes(db))!;
    const reads = countCodeReads(db);
    const engine = await restartWarm(db, fetch, warm);
    expect(await engine.scan(setup.tickets[0]!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' }, basis: { kind: 'local' } },
    });
    expect(reads()).toBe(0);
    engine.stop();
  });

  it('are not used for the list joined anew since they were read', async () => {
    const { setup, fetch, db } = await joinedAndStopped();
    const warm = (await readWarmCodes(db))!;
    const reads = countCodeReads(db);
    // Read for the list before it was forgotten and joined again: its codes hold nothing now.
    const engine = await restartWarm(db, fetch, {
      ...warm,
      joinedAt: warm.joinedAt - 1,
      codes: { tickets: [], checkins: [] },
    });
    expect(await engine.scan(setup.tickets[0]!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' } },
    });
    expect(reads()).toBeGreaterThan(0);
    engine.stop();
  });
});
