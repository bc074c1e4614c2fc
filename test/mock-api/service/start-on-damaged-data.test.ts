// The real server process started on damaged or mismatched data: it drops only a torn last
// line (and says so); anything else stops the start with the file, the line and what to do,
// and leaves every stored byte as it was. MOCK_RESET=1 is the one way to start afresh.
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHECKIN_LIST } from '../../../src/mock-api/seed/demo';
import {
  killHard,
  type RunningServer,
  startRefused as startRefusedWith,
  startServerProcess,
} from '../../server/server-process';

const root = mkdtempSync(join(tmpdir(), 'damaged-data-'));
const original = join(root, 'original');
const SEED = { MOCK_SEED: 'demo', MOCK_SEED_TICKETS: '300' };
const running: RunningServer[] = [];
let acknowledged: { uuid: string; ticket_id: number }[] = [];
let cases = 0;

afterAll(async () => {
  for (const server of running) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

async function checkins(origin: string): Promise<{ uuid: string; ticket_id: number }[]> {
  const res = await fetch(`${origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}/checkins`);
  return (await res.json()) as { uuid: string; ticket_id: number }[];
}

async function start(dir: string, env: Record<string, string> = SEED): Promise<RunningServer> {
  const server = await startServerProcess({ MOCK_DATA_DIR: dir, ...env });
  running.push(server);
  return server;
}

/** A start on `dir` (server-process.ts's startRefused). */
const startRefused = (dir: string, env: Record<string, string> = SEED) =>
  startRefusedWith({ MOCK_DATA_DIR: dir, ...env });

/** A copy of the stored data to damage, and its files' bytes before. */
function copy(): { dir: string; journal: string; snapshot: string } {
  cases += 1;
  const dir = join(root, `case-${cases}`);
  cpSync(original, dir, { recursive: true });
  return { dir, journal: join(dir, 'journal.ndjson'), snapshot: join(dir, 'snapshot.json') };
}

function journalLines(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').slice(0, -1);
}

beforeAll(async () => {
  const server = await start(original);
  const list = `${server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
  const tickets = (await (await fetch(`${list}/tickets`)).json()) as { id: number }[];
  for (const ticket of tickets.slice(0, 5)) {
    const res = await fetch(`${list}/checkins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: ticket.id } }),
    });
    expect(res.status).toBe(201);
  }
  acknowledged = (await checkins(server.origin)).map(({ uuid, ticket_id }) => ({ uuid, ticket_id }));
  // Killed, not stopped: the journal stays as a crash leaves it, uncompacted.
  await killHard(server);
  expect(journalLines(join(original, 'journal.ndjson'))).toHaveLength(7);
}, 60_000);

describe('the server started on its stored data', () => {
  it('drops a torn last line with a warning naming the journal, and keeps every answered check-in', async () => {
    const { dir, journal } = copy();
    const torn = '{"sum":"0123456789abcdef","change":{"changes":[{"table":"checkins","id":6,"ro';
    appendFileSync(journal, torn);
    const server = await start(dir);
    expect(server.output()).toContain(`${journal}: dropped 1 partial line at its end (${torn.length} bytes)`);
    expect(await checkins(server.origin)).toMatchObject(acknowledged);
    await killHard(server);
  });

  it('refuses a flipped byte mid-journal, names file, line and what to do, and keeps the journal as it was', async () => {
    const { dir, journal, snapshot } = copy();
    const bytes = readFileSync(journal);
    const at = journalLines(journal).slice(0, 3).join('\n').length - 30; // inside line 3
    bytes[at] = (bytes[at] as number) ^ 0x04;
    writeFileSync(journal, bytes);
    const snapshotBefore = readFileSync(snapshot);

    const { code, output } = await startRefused(dir);
    expect(code).not.toBe(0);
    expect(output).toContain(`the journal ${journal} is damaged at line 3 of 7`);
    expect(output).toContain(`sed -i '3d' '${journal}'`);
    expect(output).toContain('MOCK_RESET=1');
    expect(output).not.toContain('is running at');
    expect(readFileSync(journal).equals(bytes)).toBe(true);
    expect(readFileSync(snapshot).equals(snapshotBefore)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['journal.ndjson', 'snapshot.json']);
  });

  it('refuses a changed digit that would move a check-in to another ticket', async () => {
    const { dir, journal } = copy();
    const text = readFileSync(journal, 'utf8');
    const ticketId = acknowledged[2]?.ticket_id as number;
    const changed = text.replace(`"ticket_id":${ticketId},`, `"ticket_id":${ticketId + 1},`);
    expect(changed).not.toBe(text);
    writeFileSync(journal, changed);

    const { code, output } = await startRefused(dir);
    expect(code).not.toBe(0);
    expect(output).toContain(`the journal ${journal} is damaged at line 5 of 7`);
    expect(output).toContain('checksum does not match');
    expect(readFileSync(journal, 'utf8')).toBe(changed);
  });

  it('refuses a journal without its snapshot instead of replaying it alone', async () => {
    const { dir, journal, snapshot } = copy();
    rmSync(snapshot);
    const before = readFileSync(journal);
    const { code, output } = await startRefused(dir);
    expect(code).not.toBe(0);
    expect(output).toContain('holds a journal of 7 changes but no snapshot');
    expect(output).toContain('MOCK_RESET=1');
    expect(readFileSync(journal).equals(before)).toBe(true);
    expect(readdirSync(dir)).toEqual(['journal.ndjson']);
  });

  it('refuses to reseed over stored data when MOCK_SEED_TICKETS or MOCK_SEED changed', async () => {
    const { dir, journal, snapshot } = copy();
    const before = [readFileSync(journal), readFileSync(snapshot)];
    const others: Record<string, string>[] = [
      { MOCK_SEED: 'demo', MOCK_SEED_TICKETS: '400' },
      { MOCK_SEED: 'empty' },
    ];
    for (const env of others) {
      const { code, output } = await startRefused(dir, env);
      expect(code).not.toBe(0);
      expect(output).toContain('was made from the demo seed with 300 tickets');
      expect(output).toContain('start without MOCK_SEED and MOCK_SEED_TICKETS');
      expect(output).toContain('MOCK_RESET=1');
    }
    expect(readFileSync(journal).equals(before[0] as Buffer)).toBe(true);
    expect(readFileSync(snapshot).equals(before[1] as Buffer)).toBe(true);
    // Without the seed variables the stored data is simply used.
    const server = await start(dir, {});
    expect(await checkins(server.origin)).toMatchObject(acknowledged);
    await killHard(server);
  });

  it('refuses a damaged snapshot, naming it', async () => {
    const { dir, snapshot } = copy();
    const bytes = readFileSync(snapshot);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = (bytes[at] as number) ^ 0x01;
    writeFileSync(snapshot, bytes);
    const { code, output } = await startRefused(dir);
    expect(code).not.toBe(0);
    expect(output).toContain(`the snapshot ${snapshot} is damaged`);
    expect(readFileSync(snapshot).equals(bytes)).toBe(true);
  });

  it('starts afresh with MOCK_RESET=1, the old files moved aside untouched', async () => {
    const { dir, journal } = copy();
    const damaged = readFileSync(journal);
    damaged[100] = (damaged[100] as number) ^ 0x01;
    writeFileSync(journal, damaged);
    const server = await start(dir, { ...SEED, MOCK_SEED_TICKETS: '200', MOCK_RESET: '1' });
    expect(server.output()).toContain('MOCK_RESET=1: the previous data was moved to');
    expect(await checkins(server.origin)).toEqual([]);
    await killHard(server);
    const aside = readdirSync(dir).find((name) => name.startsWith('set-aside-')) as string;
    expect(readFileSync(join(dir, aside, 'journal.ndjson')).equals(damaged)).toBe(true);
    expect(readdirSync(join(dir, aside)).sort()).toEqual(['journal.ndjson', 'snapshot.json']);
  });

  it('accepts a journal written before checksums and rewrites it with them', async () => {
    const { dir, journal, snapshot } = copy();
    const bare = journalLines(journal).map((line) =>
      line.replace(/^\{"sum":"[0-9a-f]{16}","change":(.*)\}$/, '$1'),
    );
    expect(bare[0]).toMatch(/^\{"changes":/);
    writeFileSync(journal, `${bare.join('\n')}\n`);
    const server = await start(dir);
    expect(server.output()).toContain('data written before checksums were added');
    expect(await checkins(server.origin)).toMatchObject(acknowledged);
    await killHard(server);
    expect(readdirSync(dir)).toEqual(['snapshot.json']);
    expect(readFileSync(snapshot, 'utf8')).toMatch(/"checksum":"sha256:[0-9a-f]{64}"\}$/);
  });
});
