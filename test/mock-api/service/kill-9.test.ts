// The real server killed with SIGKILL five times at random moments while door clients post
// check-ins over HTTP without pause: after every restart each check-in that was answered 200/201
// is there exactly once, on its ticket. Batches carry client uuids and are resent after a lost
// answer, as a door's outbox does; single check-ins carry none, as the door client sends them.
// Some restarts are themselves killed part-way. The moments come from a seed printed at the
// start (repeat a run with KILL9_SEED=<seed>).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CHECKIN_LIST } from '../../../src/mock-api/seed/demo';
import {
  freePort,
  killHard,
  type RunningServer,
  serverCommand,
  startServerProcess,
} from '../../server/server-process';

const KILLS = 5;
const CLIENTS = 4;
const seed = Number(process.env.KILL9_SEED ?? Math.floor(Math.random() * 2 ** 31));
const dataDir = mkdtempSync(join(tmpdir(), 'kill-9-'));
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const server of servers) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

/** mulberry32: small, seeded, good enough to pick moments and tickets. */
function seeded(start: number): () => number {
  let a = start >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answered {
  uuid: string;
  ticket_id: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A start killed after `afterMs`, wherever it got to: loading, compacting, or already serving. */
async function killDuringStart(env: Record<string, string>, afterMs: number): Promise<void> {
  const child = spawn(process.execPath, serverCommand(), {
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await sleep(afterMs);
  child.kill('SIGKILL');
  await exited;
}

describe('the Node server under kill -9', () => {
  it('keeps every answered check-in exactly once through five kills at random moments', {
    timeout: 90_000,
  }, async () => {
    console.log(`kill -9 test seed: ${seed} (repeat with KILL9_SEED=${seed})`);
    const random = seeded(seed);
    const env = {
      MOCK_DATA_DIR: dataDir,
      MOCK_SEED: 'demo',
      MOCK_SEED_TICKETS: '500',
      PORT: String(await freePort()),
    };
    let server = await startServerProcess(env);
    servers.push(server);
    const list = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
    const ticketIds = ((await (await fetch(`${list}/tickets`)).json()) as { id: number }[]).map((t) => t.id);
    expect(ticketIds.length).toBe(500);

    const answered: Answered[] = [];
    /** Single check-ins whose answer was lost: each may or may not have been recorded. */
    let unknown = 0;
    let stop = false;
    let batchNumber = 0;

    const post = async (body: unknown): Promise<Answered[] | Answered | null> => {
      try {
        const res = await fetch(`${list}/checkins`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status !== 200 && res.status !== 201) throw new Error(`answered ${res.status}`);
        return (await res.json()) as Answered[] | Answered;
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('answered')) throw error;
        return null; // the server is down or died mid-answer
      }
    };

    const client = async (id: number) => {
      const pick = seeded(seed + id + 1);
      const ticket = () => ticketIds[Math.floor(pick() * ticketIds.length)] as number;
      while (!stop) {
        if (pick() < 0.5) {
          const ticketId = ticket();
          const one = (await post({ checkin: { ticket_id: ticketId } })) as Answered | null;
          if (one) answered.push({ uuid: one.uuid, ticket_id: one.ticket_id });
          else {
            unknown += 1;
            await sleep(20);
          }
          continue;
        }
        batchNumber += 1;
        const items = Array.from({ length: 1 + Math.floor(pick() * 10) }, (_, i) => ({
          ticket_id: ticket(),
          uuid: `kill9-${seed}-${id}-${batchNumber}-${i}`,
        }));
        const body = { batch: { checkins: Object.fromEntries(items.map((item, i) => [String(i), item])) } };
        // Resent unchanged until answered: a batch that was recorded before the kill must not double.
        for (;;) {
          const many = (await post(body)) as Answered[] | null;
          if (many) {
            expect(many.map((c) => c.uuid)).toEqual(items.map((item) => item.uuid));
            answered.push(...many.map((c) => ({ uuid: c.uuid, ticket_id: c.ticket_id })));
            break;
          }
          await sleep(20);
        }
      }
    };

    const readBack = async (origin: string): Promise<Answered[]> => {
      const all: Answered[] = [];
      for (let page = 1; ; page++) {
        const res = await fetch(`${origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}/checkins?page=${page}`);
        const rows = (await res.json()) as Answered[];
        if (rows.length === 0) return all;
        all.push(...rows);
      }
    };

    const expectEachAnsweredOnce = async (origin: string) => {
      // Everything answered before the read began was committed before it, in the service's order.
      const expected = [...answered];
      const stored = await readBack(origin);
      const byUuid = new Map<string, Answered[]>();
      for (const row of stored) byUuid.set(row.uuid, [...(byUuid.get(row.uuid) ?? []), row]);
      const missing = expected.filter((a) => !byUuid.has(a.uuid));
      const doubled = [...byUuid.values()].filter((rows) => rows.length > 1);
      const moved = expected.filter((a) => byUuid.get(a.uuid)?.[0]?.ticket_id !== a.ticket_id);
      expect({ missing: missing.length, doubled: doubled.length, moved: moved.length }).toEqual({
        missing: 0,
        doubled: 0,
        moved: 0,
      });
      return stored;
    };

    const clients = Array.from({ length: CLIENTS }, (_, id) => client(id));
    const moments: string[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      const answeredBefore = answered.length;
      const after = 200 + Math.floor(random() * 1300);
      moments.push(`${after} ms`);
      await sleep(after);
      // The kill lands under load: check-ins were being answered since the last start.
      while (answered.length === answeredBefore) await sleep(10);
      await killHard(server);
      // Now and then the next start is itself killed part-way (replaying, compacting, serving).
      if (random() < 0.4) {
        const during = 100 + Math.floor(random() * 1500);
        moments.push(`start +${during} ms`);
        await killDuringStart(env, during);
      }
      server = await startServerProcess(env);
      servers.push(server);
      await expectEachAnsweredOnce(server.origin);
    }
    stop = true;
    await Promise.all(clients);
    const stored = await expectEachAnsweredOnce(server.origin);
    // Nothing beyond what was answered, bar the single check-ins whose answer a kill cut off.
    expect(stored.length).toBeGreaterThanOrEqual(answered.length);
    expect(stored.length).toBeLessThanOrEqual(answered.length + unknown);
    expect(answered.length).toBeGreaterThan(KILLS * 10);
    console.log(`kill -9 test: killed at ${moments.join(', ')}`);
    console.log(
      `kill -9 test: ${answered.length} check-ins answered, ${unknown} answers cut off, ${stored.length} stored`,
    );
  });
});
