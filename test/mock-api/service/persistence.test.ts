import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/platform/clock';
import { createRandom } from '../../../src/mock-api/random';
import { createMockService } from '../../../src/mock-api/service';
import { indexedDbPersistence } from '../../../src/mock-api/store/persistence-idb';
import { nodeJournalPersistence } from '../../../src/mock-api/store/persistence-node';
import type { PersistenceAdapter } from '../../../src/mock-api/store/persistence';
import { dataSeal } from '../../../src/platform/data-seal';
import { LIST } from '../checkin/fixture';
import { makeBasics, makeCheckinList, makeRegistration, makeTicket } from '../factories';
import { NOW } from '../support';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function serviceOn(persistence: PersistenceAdapter) {
  return createMockService({
    persistence,
    clock: fixedClock(NOW),
    random: createRandom(7),
    config: {
      seed: { name: 'empty' },
      tokens: [{ token: 'tok-live', mode: 'live', version: '3.0', accounts: ['acme'] }],
    },
  });
}

async function checkIn(service: ReturnType<typeof serviceOn>, ticketId: number) {
  return service.handle(
    new Request(`http://mock.test/checkin/checkin_lists/${LIST}/checkins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: ticketId } }),
    }),
  );
}

async function fixture(service: ReturnType<typeof serviceOn>) {
  await service.ready;
  const ctx = service.context;
  return service.write(() => {
    const { event, release } = makeBasics(ctx);
    const registration = makeRegistration(ctx, event);
    makeCheckinList(ctx, event);
    return makeTicket(ctx, registration, release);
  });
}

describe.each([
  [
    'the Node journal',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'journal-'));
      dirs.push(dir);
      return () => nodeJournalPersistence(dir);
    },
  ],
  [
    'IndexedDB',
    () => {
      const name = `mock-test-${Math.random()}`;
      return () => indexedDbPersistence(name);
    },
  ],
])('%s', (_name, makeAdapter) => {
  it('brings back every committed write and nothing of a rejected one', async () => {
    const adapter = makeAdapter();
    const first = serviceOn(adapter());
    const ticket = await fixture(first);
    expect((await checkIn(first, ticket.id)).status).toBe(201);
    expect((await checkIn(first, 999)).status).toBe(404);
    expect((await checkIn(first, ticket.id)).status).toBe(201);
    const before = first.context.store.exportState();
    await first.close();

    const second = serviceOn(adapter());
    await second.ready;
    expect(second.context.store.exportState().tables).toEqual(before.tables);
    expect(second.context.store.count('checkins')).toBe(2);
    // Ids continue after the stored ones.
    expect((await checkIn(second, ticket.id)).status).toBe(201);
    expect(second.context.store.all('checkins').map((c) => c.id)).toEqual([1, 2, 3]);
    await second.close();
  });
});

describe('the Node journal', () => {
  it('skips a torn last line left by a crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    dirs.push(dir);
    const first = serviceOn(nodeJournalPersistence(dir));
    const ticket = await fixture(first);
    expect((await checkIn(first, ticket.id)).status).toBe(201);
    await first.close();
    appendFileSync(join(dir, 'journal.ndjson'), '{"changes":[{"table":"checkins","id":9,"ro');
    const warnings: string[] = [];
    const second = serviceOn(nodeJournalPersistence(dir, { warn: (message) => warnings.push(message) }));
    await second.ready;
    expect(second.context.store.count('checkins')).toBe(1);
    expect(warnings).toEqual([
      `${join(dir, 'journal.ndjson')}: dropped 1 partial line at its end (42 bytes): a write cut off by a crash before it was answered.`,
    ]);
    await second.close();

    // A journal holding nothing but a torn line: it must still be cut off before the next write.
    appendFileSync(join(dir, 'journal.ndjson'), '{"sum":"0123');
    const third = serviceOn(nodeJournalPersistence(dir, { warn: (message) => warnings.push(message) }));
    await third.ready;
    expect(warnings).toHaveLength(2);
    expect((await checkIn(third, ticket.id)).status).toBe(201);
    await third.close();
    const fourth = serviceOn(nodeJournalPersistence(dir));
    await fourth.ready;
    expect(fourth.context.store.count('checkins')).toBe(2);
    await fourth.close();
  });

  it('sealed with DATA_KEY: a torn last record is dropped as a torn line, the rest kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    dirs.push(dir);
    const seal = dataSeal('c2VhbGVkLW1vY2stam91cm5hbC10ZXN0LWtleS0wMDE');
    const journalPath = join(dir, 'journal.ndjson');
    const first = serviceOn(nodeJournalPersistence(dir, { seal }));
    const ticket = await fixture(first);
    expect((await checkIn(first, ticket.id)).status).toBe(201);
    const whole = readFileSync(journalPath).length;
    expect((await checkIn(first, ticket.id)).status).toBe(201);
    await first.close();
    const full = readFileSync(journalPath);
    expect(full.toString('latin1')).not.toContain('checkins');
    truncateSync(journalPath, whole + Math.floor((full.length - whole) / 2));
    const warnings: string[] = [];
    const second = serviceOn(
      nodeJournalPersistence(dir, { seal, warn: (message) => warnings.push(message) }),
    );
    await second.ready;
    expect(second.context.store.count('checkins')).toBe(1);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/journal\.ndjson: dropped 1 partial line at its end/);
    await second.close();
  });

  it('written before DATA_KEY was set: read back, and sealed on the first start with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-'));
    dirs.push(dir);
    const first = serviceOn(nodeJournalPersistence(dir));
    const ticket = await fixture(first);
    expect((await checkIn(first, ticket.id)).status).toBe(201);
    await first.close();
    // A start compacts the journal: only a plain snapshot is left, nothing to replay.
    const second = serviceOn(nodeJournalPersistence(dir));
    await second.ready;
    const before = second.context.store.exportState();
    await second.close();
    expect(existsSync(join(dir, 'journal.ndjson'))).toBe(false);
    const seal = dataSeal('cGxhaW4tbW9jay10aGVuLXNlYWxlZC1rZXktMDAwMDE');
    const third = serviceOn(nodeJournalPersistence(dir, { seal }));
    await third.ready;
    expect(third.context.store.exportState().tables).toEqual(before.tables);
    await third.close();
    const stored = readFileSync(join(dir, 'snapshot.json'), 'latin1');
    expect(stored.startsWith('seal1:')).toBe(true);
    expect(stored).not.toContain(ticket.reference);
  });
});
