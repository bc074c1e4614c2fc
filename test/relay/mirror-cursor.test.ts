// The mirror's `since` cursor moves only with what a pull received. Seen under load: a door's
// check-in reached the upstream more than the pull's margin after the service's own app had
// admitted the same ticket during the venue's outage; the answer to the relay's POST moved the
// cursor past that check-in, and no door ever saw the double admission. The upstream here is a
// small server in this process with its own clock, so the interleaving is exact, not timed.
import { type Server, createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ListMirror } from '../../src/relay/mirror/list-mirror';
import { forwardRound } from '../../src/relay/mirror/mirror-forward';
import { PULL_MARGIN_MS, pullRound } from '../../src/relay/mirror/mirror-pull';
import type { Entry, Rec } from '../../src/relay/mirror/mirror-types';
import { freePort } from '../server/server-process';

const T0 = Date.parse('2026-11-25T20:00:00Z');

interface Fake {
  base: URL;
  /** The upstream's clock (ms): every record it makes or changes is stamped with it. */
  now: number;
  checkins: Rec[];
  /** Answers as the service gives them (no `updated_at`), with when each last changed. */
  answers: { rec: Rec; changedAt: number }[];
  /** Each GET of a paged resource: `answers since=…` (or `answers all`). */
  gets: string[];
  server: Server;
}

let fake: Fake | null = null;
afterEach(() => new Promise<void>((resolve) => (fake ? fake.server.close(() => resolve()) : resolve())));

async function startFake(): Promise<Fake> {
  const port = await freePort();
  const f: Fake = {
    base: new URL(`http://127.0.0.1:${port}/checkin`),
    now: T0,
    checkins: [],
    answers: [],
    gets: [],
    server: createServer(),
  };
  const tickets = [1, 2, 3].map((id) => ({
    id,
    reference: `R${id}`,
    updated_at: new Date(T0 - 3600_000).toISOString(),
  }));
  let next = 1;
  f.server.on('request', (req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', date: new Date(f.now).toUTCString() });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://x');
      const since = url.searchParams.has('since') ? Number(url.searchParams.get('since')) * 1000 : null;
      const page = (rows: Rec[]) =>
        url.searchParams.get('page') === '1'
          ? rows.filter((r) => since === null || Date.parse(String(r.updated_at)) >= since)
          : [];
      if (req.method === 'GET') {
        if (url.pathname.endsWith('/tickets')) return send(200, page(tickets));
        if (url.pathname.endsWith('/checkins')) return send(200, page(f.checkins));
        if (url.pathname.endsWith('/answers')) {
          if (url.searchParams.get('page') === '1')
            f.gets.push(`answers ${since === null ? 'all' : `since=${since}`}`);
          const changed = f.answers.filter((a) => since === null || a.changedAt >= since);
          return send(200, url.searchParams.get('page') === '1' ? changed.map((a) => a.rec) : []);
        }
        if (url.pathname.endsWith('/questions')) return send(200, []);
        return send(200, { id: 9, name: 'Main entrance' });
      }
      const body = JSON.parse(text);
      const items: Rec[] = body.checkin ? [body.checkin] : Object.values(body.batch.checkins);
      const made = items.map((i) => {
        const c = {
          id: next++,
          uuid: i.uuid,
          ticket_id: i.ticket_id,
          created_at: i.created_at,
          updated_at: new Date(f.now).toISOString(),
          deleted_at: null,
        };
        f.checkins.push(c);
        return c;
      });
      send(201, body.checkin ? made[0] : made);
    });
  });
  await new Promise<void>((resolve) => f.server.listen(port, '127.0.0.1', resolve));
  return f;
}

describe("the mirror's pull cursor", () => {
  it('still pulls a check-in made elsewhere long before its own write reached the upstream', async () => {
    fake = await startFake();
    const f = fake;
    const up = {
      base: f.base,
      limits: { timeoutMs: 5000, maxResponseBytes: 1 << 20 },
      clock: { heard() {} },
    };
    const m = new ListMirror('chk_x');
    let clock = T0;
    const commit = async (entries: Entry[]) => {
      for (const e of entries) m.apply(e);
    };
    const now = () => clock;
    // An earlier admission, so the cursor has a value after the first pull.
    f.checkins.push({
      id: 100,
      uuid: 'early',
      ticket_id: 3,
      created_at: new Date(T0).toISOString(),
      updated_at: new Date(T0).toISOString(),
      deleted_at: null,
    });
    expect(await pullRound(m, up, commit, now)).toBe('ok');
    expect(m.ready).toBe(true);
    expect(m.cursors.checkins).toBe(T0);

    // The venue's internet is down: the service's own app admits ticket 2 at T0 + 5 s ...
    f.now = T0 + 5000;
    f.checkins.push({
      id: 101,
      uuid: 'elsewhere',
      ticket_id: 2,
      created_at: new Date(f.now).toISOString(),
      updated_at: new Date(f.now).toISOString(),
      deleted_at: null,
    });
    // ... and a door on the relay admits it too; the relay reaches the upstream only at T0 + 60 s.
    clock = T0 + 6000;
    await commit([
      {
        k: 'door-checkin',
        at: m.nextAt(clock),
        uuid: 'door-a',
        id: m.nextLocalId(),
        ticket_id: 2,
        created_at: clock,
      },
    ]);
    f.now = T0 + 60_000;
    clock = T0 + 60_000;
    expect(60_000 - 5000).toBeGreaterThan(PULL_MARGIN_MS);
    expect(await forwardRound(m, up, commit, now)).toBe('ok');
    expect(m.writes.get('door-a')?.state).toBe('sent');
    expect(await pullRound(m, up, commit, now)).toBe('ok');

    const active = [...m.checkins.values()].filter((c) => c.rec.ticket_id === 2 && !c.rec.deleted_at);
    expect(active.map((c) => c.rec.uuid).sort()).toEqual(['door-a', 'elsewhere']);
    expect(m.cursors.checkins).toBe(T0 + 60_000);
  });

  it("moves past answers that carry no updated_at by the upstream's clock: not all again each round", async () => {
    fake = await startFake();
    const f = fake;
    const up = {
      base: f.base,
      limits: { timeoutMs: 5000, maxResponseBytes: 1 << 20 },
      clock: { heard() {} },
    };
    const m = new ListMirror('chk_x');
    const commit = async (entries: Entry[]) => {
      for (const e of entries) m.apply(e);
    };
    const answer = (id: number, response: string) => ({ id, ticket_id: 1, question_id: 4, response });
    f.answers.push({ rec: answer(1, 'Vegan'), changedAt: T0 - 3600_000 });
    expect(await pullRound(m, up, commit, () => T0)).toBe('ok');
    expect(m.answers.get(1)?.rec).toMatchObject({ response: 'Vegan' });

    // A minute on, one answer changes: the next round asks only since the first one began.
    f.now = T0 + 60_000;
    f.answers[0] = { rec: answer(1, 'Vegetarian'), changedAt: f.now };
    f.gets.length = 0;
    expect(await pullRound(m, up, commit, () => f.now)).toBe('ok');
    expect(f.gets).toEqual([`answers since=${T0 - PULL_MARGIN_MS}`]);
    expect(m.answers.get(1)?.rec).toMatchObject({ response: 'Vegetarian' });
  });
});
