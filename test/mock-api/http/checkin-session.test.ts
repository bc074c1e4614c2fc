// Over HTTP: a door device's Check-in API session against the Node server, then `kill -9`
// and a restart: every check-in the server acknowledged is still there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CHECKIN_LIST } from '../../../src/mock-api/seed/demo';
import {
  CONTROL_HEADERS,
  type RunningServer,
  killHard,
  startServerProcess,
} from '../../server/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'mock-http-'));
const servers: RunningServer[] = [];
const env = { MOCK_DATA_DIR: dataDir, MOCK_SEED: 'demo', MOCK_SEED_TICKETS: '2500', MOCK_FAULTS: '1' };

afterAll(async () => {
  for (const server of servers) await killHard(server);
  rmSync(dataDir, { recursive: true, force: true });
});

async function json(origin: string, path: string, init?: RequestInit) {
  const response = await fetch(`${origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}${path}`, {
    ...init,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init?.headers },
  });
  return { status: response.status, body: await response.json() };
}

describe('the Node server', () => {
  it('serves a check-in session and keeps every acknowledged check-in through kill -9', {
    timeout: 120_000,
  }, async () => {
    const first = await startServerProcess(env);
    servers.push(first);
    const origin = first.origin;
    expect(first.output()).toContain(`/checkin_lists/${DEMO_CHECKIN_LIST}`);

    const list = await json(origin, '');
    expect(list.status).toBe(200);
    expect(list.body.tickets_count).toBe(2500);
    expect(list.body.total_ticket_pages).toBe(3);
    const tickets: { id: number; reference: string; slug: string }[] = [];
    for (let page = 1; page <= list.body.total_ticket_pages; page++) {
      tickets.push(...(await json(origin, `/tickets?page=${page}`)).body);
    }
    expect(tickets).toHaveLength(2500);
    expect(new Set(tickets.map((t) => t.id)).size).toBe(2500);
    expect((await json(origin, '/tickets?page=4')).body).toEqual([]);

    const since = Date.now() / 1000 - 1;
    const acknowledged: string[] = [];
    for (const checkin of [
      { ticket_id: tickets[0]?.id },
      { ticket_reference: tickets[1]?.reference },
      { ticket_slug: tickets[2]?.slug },
    ]) {
      const res = await json(origin, '/checkins', { method: 'POST', body: JSON.stringify({ checkin }) });
      expect(res.status).toBe(201);
      acknowledged.push(res.body.uuid);
    }
    const batch = Object.fromEntries(tickets.slice(10, 15).map((t, i) => [String(i), { ticket_id: t.id }]));
    const many = await json(origin, '/checkins', {
      method: 'POST',
      body: JSON.stringify({ batch: { checkins: batch } }),
    });
    expect(many.status).toBe(201);
    acknowledged.push(...many.body.map((c: { uuid: string }) => c.uuid));
    const removed = await json(origin, `/checkins/${acknowledged[0]}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body.deleted_at).not.toBeNull();

    // The answer is lost after commit: the client sees a failed fetch, the server kept the write.
    await fetch(`${origin}/__mock/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...CONTROL_HEADERS },
      body: JSON.stringify({ drop_after_commit: { path_prefix: '/checkin/' } }),
    });
    const dropped = fetch(`${origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}/checkins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: tickets[20]?.id, uuid: 'client-made-uuid-0001' } }),
    });
    await expect(dropped).rejects.toThrow();
    await fetch(`${origin}/__mock/faults`, { method: 'DELETE', headers: CONTROL_HEADERS });
    acknowledged.push('client-made-uuid-0001');

    const changed = await json(origin, `/checkins?since=${since}`);
    expect(changed.body.map((c: { uuid: string }) => c.uuid).sort()).toEqual([...acknowledged].sort());

    await killHard(first);
    const second = await startServerProcess(env);
    servers.push(second);
    const after = await json(second.origin, '/checkins');
    expect(after.body.map((c: { uuid: string }) => c.uuid).sort()).toEqual([...acknowledged].sort());
    const deleted = after.body.find((c: { uuid: string }) => c.uuid === acknowledged[0]);
    expect(deleted.deleted_at).not.toBeNull();
    expect((await json(second.origin, '')).body.checkins_count).toBe(acknowledged.length - 1);
  });
});
