// What the door's status says is never older than a write: a refresh reads the outbox, the
// copy's age, the conflicts and the corrections over several turns, and a write landing among
// those reads must not be overwritten by what they found. The interleaving is held, not timed:
// the read of the conflicts (src/db/copy-notes.ts) is held once it has its answer (the outbox
// and the copy's age are read by then) until the test has made its write; and an admission's
// write (src/db/outbox.ts) is held once stored, before the status counts it, so that a refresh
// reads its row first.
import { describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../src/db/outbox';
import type { SyncStatus } from '../../src/sync/status/sync-status';
import { clientOver, doorDevice, doorService, LIST } from './support';

type Held = { reached: () => void; released: Promise<void> } | null;

/** The next read of the conflicts, and the next admission stored: held until released (when armed). */
const gates = vi.hoisted(() => ({ conflicts: null as Held, admission: null as Held }));

/** Waits at the gate when it is armed (once), after `answer` is ready. */
async function pass<T>(gate: 'conflicts' | 'admission', answer: T): Promise<T> {
  const hold = gates[gate];
  gates[gate] = null;
  if (hold) {
    hold.reached();
    await hold.released;
  }
  return answer;
}

vi.mock('../../src/db/copy-notes', async (original) => {
  const real = await original<typeof import('../../src/db/copy-notes')>();
  return {
    ...real,
    readConflicts: async (...args: Parameters<typeof real.readConflicts>) =>
      pass('conflicts', await real.readConflicts(...args)),
  };
});

vi.mock('../../src/db/outbox', async (original) => {
  const real = await original<typeof import('../../src/db/outbox')>();
  return {
    ...real,
    recordCheckin: async (...args: Parameters<typeof real.recordCheckin>) =>
      pass('admission', await real.recordCheckin(...args)),
  };
});

/** Arms a gate: `reached` settles once something is held there, `release` lets it go on. */
function hold(gate: 'conflicts' | 'admission' = 'conflicts') {
  let release!: () => void;
  let reached!: () => void;
  const held = new Promise<void>((resolve) => {
    reached = resolve;
  });
  gates[gate] = { reached, released: new Promise<void>((resolve) => (release = resolve)) };
  return { reached: held, release };
}

async function heldDoor(tickets = 10) {
  const setup = await doorService(tickets);
  const device = await doorDevice({ name: 'North door', fetch: (r) => setup.service.handle(r) });
  await device.engine.join(LIST);
  await device.engine.syncNow();
  return { setup, device, engine: device.engine };
}

/** Every status published from index `from` on. */
const since = (statuses: SyncStatus[], from: number) => statuses.slice(from);

describe('the status published while writes land', () => {
  it('counts an admission recorded while a refresh awaits its reads: never "All sent" with it unsent', async () => {
    const { setup, device, engine } = await heldDoor();
    engine.setOnline(false);
    expect(engine.status().pending).toBe(0);

    // A timer tick offline only refreshes the status; it is held after reading an empty outbox.
    const held = hold();
    const ticking = engine.tick();
    await held.reached;
    const scanned = await engine.scan(setup.tickets[1]!.slug);
    expect(scanned.ok && scanned.value.verdict.kind).toBe('admitted');
    const afterScan = device.statuses.length;
    expect(engine.status().pending).toBe(1);
    held.release();
    await ticking;

    expect(await readOutbox(device.db, LIST)).toHaveLength(1);
    expect(engine.status()).toMatchObject({ pending: 1, oldestPendingAt: device.clock.now() });
    // No status after the admission said fewer were waiting.
    expect(since(device.statuses, afterScan).map((s) => s.pending)).not.toContain(0);
  });

  it('keeps counting each admission once, whether or not a refresh read it first', async () => {
    const { setup, device, engine } = await heldDoor();
    engine.setOnline(false);
    const counts: number[] = [];
    const ways = { 'refresh held midway': 0, 'refresh read it first': 0, alone: 0 };
    for (const [i, ticket] of setup.tickets.slice(0, 6).entries()) {
      const way = (['refresh held midway', 'refresh read it first', 'alone'] as const)[i % 3]!;
      ways[way]++;
      if (way === 'refresh read it first') {
        // Stored, not yet counted by its write: a whole refresh reads its row from the outbox,
        // then the write counts the same row, which must stay one.
        const stored = hold('admission');
        const scanning = engine.scan(ticket.slug);
        await stored.reached;
        await engine.tick();
        counts.push(engine.status().pending);
        stored.release();
        expect((await scanning).ok).toBe(true);
      } else {
        // The admission lands while a refresh is held midway, after its outbox read.
        const held = way === 'refresh held midway' ? hold() : null;
        const ticking = held ? engine.tick() : null;
        if (held) await held.reached;
        expect((await engine.scan(ticket.slug)).ok).toBe(true);
        counts.push(engine.status().pending);
        held?.release();
        await ticking;
      }
      counts.push(engine.status().pending);
      // And a refresh after it, which reads the admission the status has counted already.
      await engine.tick();
      counts.push(engine.status().pending);
    }
    expect(ways).toEqual({ 'refresh held midway': 2, 'refresh read it first': 2, alone: 2 });
    expect(counts).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6]);
    // No status published on the way counted a row twice.
    expect(Math.max(...device.statuses.map((s) => s.pending))).toBe(6);
    expect(await readOutbox(device.db, LIST)).toHaveLength(6);
  });

  it('does not bring back an unsent count a send has cleared meanwhile', async () => {
    const { setup, device, engine } = await heldDoor();
    const ticket = setup.tickets[2]!;
    // Online, the send waits a moment after each write (the test's clock does not move).
    await engine.scan(ticket.slug);
    expect(engine.status().pending).toBe(1);

    // The exit refreshes the status, held after reading two rows waiting (the admission, its end)...
    const held = hold();
    const exiting = engine.exit(ticket.id);
    await held.reached;
    // ...while both are sent.
    await engine.flush();
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    expect(engine.status().pending).toBe(0);
    const afterSend = device.statuses.length;
    held.release();
    await exiting;

    expect(engine.status().pending).toBe(0);
    expect(since(device.statuses, afterSend).map((s) => s.pending)).not.toContain(2);
  });

  it('names a double admission in the status itself: the screens never wait for the name', async () => {
    const { setup, engine } = await heldDoor();
    const ticket = setup.tickets[0]!;
    engine.setOnline(false);
    await engine.scan(ticket.slug);
    // Another door admits the same guest, straight on the service.
    await clientOver((r) => setup.service.handle(r))().createCheckin(LIST, { ticketId: ticket.id });
    engine.setOnline(true);
    await engine.syncNow();
    expect(engine.status().conflicts).toMatchObject([
      { ticketId: ticket.id, ticket: { name: 'Zoë Ålvarez', reference: ticket.reference } },
    ]);
  });
});
