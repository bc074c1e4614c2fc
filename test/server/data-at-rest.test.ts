// The server's data at rest, over real processes: the built-in service with a data folder, and
// the relay in front of it mirroring one of its lists. An attendee with accented names is
// registered, the relay mirrors the list, a door admits that attendee through the relay and the
// service takes the check-in. Then every byte of every file under both data folders is
// searched for each attendee's name, email, company, phone and references (UTF-8, UTF-16LE,
// JSON-escaped): with DATA_KEY nothing is found; without it (the control) all of it is, which
// proves the search can find them. Folders are 0700 and files 0600, looser ones tightened at
// start; a restart with the same key reads everything back, a wrong or missing key refuses to
// start and changes nothing, and data written before the key is sealed on its first start.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_EVENT } from '../../src/mock-api/seed/demo';
import {
  type Json,
  type RelayPair,
  UPSTREAM_TOKEN,
  fetchJson,
  startRelayPair,
  until,
  upstreamListAddresses,
} from '../relay/relay-setup';
import { killHard, startRefused, startServerProcess } from './server-process';

const KEY = 'dGVzdC1kYXRhLWtleS1mb3ItdGhlLXZlbnVlLWxhcHRvcA';
const WRONG_KEY = 'YW5vdGhlci1kYXRhLWtleS1ub3QtdGhlLW9uZS11c2Vk';
const ATTENDEE = {
  name: 'Zoë-Éloïse Ó Súilleabháin',
  email: 'zoë-éloïse@súilleabháin.example',
  company_name: 'Ærøskøbing Ølbryggeri',
  phone_number: '+353 87 555 0199',
};

interface Run {
  base: string;
  pair: RelayPair;
  slug: string;
  mockDir: string;
  relayDir: string;
  mockEnv: Record<string, string>;
  relayEnv: Record<string, string>;
  /** Every attendee's stored strings (names, emails, references...) of 6 bytes or more. */
  people: string[];
}

const runs: Run[] = [];

afterAll(async () => {
  for (const run of runs) {
    await run.pair.stop();
    rmSync(run.base, { recursive: true, force: true });
  }
});

/** A folder someone made by hand, readable by all, holding a file readable by all. */
function looseFolder(dir: string, file?: string) {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  if (file) {
    writeFileSync(join(dir, file), 'a note left here by hand');
    chmodSync(join(dir, file), 0o644);
  }
}

async function startRun(key: string | undefined): Promise<Run> {
  const base = mkdtempSync(join(tmpdir(), 'at-rest-'));
  const mockDir = join(base, 'mock-data');
  const relayDir = join(base, 'relay-data');
  looseFolder(mockDir, 'notes.txt');
  looseFolder(relayDir);
  const keyed: Record<string, string> = key ? { DATA_KEY: key } : {};
  const relayExtra = { RELAY_DATA_DIR: relayDir, RELAY_MIRROR_INTERVAL_MS: '300', ...keyed };
  const pair = await startRelayPair(relayExtra, { MOCK_DATA_DIR: mockDir, ...keyed });
  const slug = new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';
  const run: Run = {
    base,
    pair,
    slug,
    mockDir,
    relayDir,
    mockEnv: {
      MOCK_DATA_DIR: mockDir,
      DIST_DIR: join(pair.root, 'dist'),
      MOCK_SEED: 'demo',
      MOCK_SEED_TICKETS: '40',
      MOCK_API_TOKENS: `${UPSTREAM_TOKEN}:live:3.1:demo`,
      MOCK_CORS_ORIGINS: '',
    },
    relayEnv: {
      DIST_DIR: join(pair.root, 'dist'),
      UPSTREAM_CHECKIN_URL: `${pair.tap.origin}/checkin`,
      UPSTREAM_ADMIN_URL: `${pair.tap.origin}/v3`,
      UPSTREAM_ADMIN_TOKEN: UPSTREAM_TOKEN,
      UPSTREAM_TIMEOUT_MS: '15000',
      ...relayExtra,
    },
    people: [],
  };
  runs.push(run);

  // An attendee whose names and email are not ASCII, on a release of the list.
  const list = `/checkin/checkin_lists/${slug}`;
  const seeded = (await fetchJson(pair.upstream.origin, `${list}/tickets`)).body as Json[];
  const registered = await fetchJson(
    pair.upstream.origin,
    `/v3/${DEMO_ACCOUNT}/${DEMO_EVENT}/registrations`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Token token=${UPSTREAM_TOKEN}` },
      body: JSON.stringify({
        registration: { ...ATTENDEE, line_items: [{ release_id: seeded[0].release_id }] },
      }),
    },
  );
  expect(registered.status).toBe(201);

  // A door joins the list through the relay: the relay mirrors it.
  expect((await fetchJson(pair.relay.origin, list)).status).toBe(200);
  await until(async () => (await fetchJson(pair.relay.origin, '/__service')).body.mirrored_lists?.[0]?.ready);
  const tickets = (await fetchJson(pair.relay.origin, `${list}/tickets`)).body as Json[];
  const zoe = tickets.find((t) => t.email === ATTENDEE.email);
  expect(zoe?.first_name).toBe('Zoë-Éloïse');

  // The door admits her; the relay forwards it and the service admits it.
  const admitted = await fetchJson(pair.relay.origin, `${list}/checkins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ checkin: { ticket_id: zoe.id, uuid: 'door-at-rest-0001' } }),
  });
  expect(admitted.status).toBe(201);
  await until(async () => {
    const upstream = (await fetchJson(pair.upstream.origin, `${list}/checkins`)).body as Json[];
    return upstream.some((c) => c.uuid === 'door-at-rest-0001');
  });
  await until(
    async () =>
      (await fetchJson(pair.relay.origin, '/__service')).body.mirrored_lists[0].pending_upstream === 0,
  );

  const fields = ['first_name', 'last_name', 'email', 'reference', 'registration_reference', 'company_name'];
  const strings = tickets.flatMap((t) => fields.map((f) => t[f])).concat(ATTENDEE.phone_number);
  run.people = [...new Set(strings)].filter(
    (s): s is string => typeof s === 'string' && Buffer.byteLength(s) >= 6,
  );
  expect(run.people).toEqual(expect.arrayContaining(['Zoë-Éloïse', 'Ó Súilleabháin', ATTENDEE.email]));
  return run;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [path, ...filesUnder(path)] : [path];
  });
}

/** The forms a string takes in a file: UTF-8, UTF-16LE, JSON-escaped (as written, and ASCII-only). */
function forms(text: string): [string, Buffer][] {
  const json = JSON.stringify(text).slice(1, -1);
  const ascii = (upper: boolean) =>
    json.replace(/[^\x20-\x7e]/g, (c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    });
  return [
    ['UTF-8', Buffer.from(text, 'utf8')],
    ['UTF-16LE', Buffer.from(text, 'utf16le')],
    ['JSON-escaped', Buffer.from(json)],
    ['JSON \\u-escaped', Buffer.from(ascii(false))],
    ['JSON \\U-escaped', Buffer.from(ascii(true))],
  ];
}

/** Which of `people` some file under `dir` holds, in which form and file. */
function search(dir: string, people: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of filesUnder(dir)) {
    if (!lstatSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    for (const person of people)
      for (const [form, needle] of forms(person))
        if (!found.has(person) && bytes.includes(needle)) found.set(person, `${form} in ${path}`);
  }
  return found;
}

function expectPrivate(dir: string) {
  const loose = [dir, ...filesUnder(dir)]
    .map((path) => ({ path, stat: lstatSync(path) }))
    .filter(({ stat }) => (stat.mode & 0o777) !== (stat.isDirectory() ? 0o700 : 0o600))
    .map(({ path, stat }) => `${path} ${(stat.mode & 0o777).toString(8)}`);
  expect(loose).toEqual([]);
}

const fingerprint = (dir: string) =>
  filesUnder(dir)
    .filter((path) => lstatSync(path).isFile())
    .map((path) => `${path} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`);

/** What the relay and the service answer for the list: its tickets and check-ins. */
async function listAnswers(run: Run) {
  const list = `/checkin/checkin_lists/${run.slug}`;
  const read = async (origin: string, path: string) => {
    const { status, body } = await fetchJson(origin, path);
    expect(status).toBe(200);
    return (body as Json[]).sort((a, b) => a.id - b.id);
  };
  return {
    relayTickets: await read(run.pair.relay.origin, `${list}/tickets`),
    relayCheckins: await read(run.pair.relay.origin, `${list}/checkins`),
    upstreamCheckins: await read(run.pair.upstream.origin, `${list}/checkins`),
  };
}

async function restart(run: Run, key: string | undefined) {
  const keyed: Record<string, string> = key ? { DATA_KEY: key } : {};
  await killHard(run.pair.relay);
  await killHard(run.pair.upstream);
  const { DATA_KEY: _m, ...mockEnv } = run.mockEnv;
  const { DATA_KEY: _r, ...relayEnv } = run.relayEnv;
  run.pair.upstream = await startServerProcess({
    ...mockEnv,
    ...keyed,
    PORT: new URL(run.pair.upstream.origin).port,
  });
  run.pair.relay = await startServerProcess({
    ...relayEnv,
    ...keyed,
    PORT: new URL(run.pair.relay.origin).port,
  });
  await until(
    async () => (await fetchJson(run.pair.relay.origin, '/__service')).body.mirrored_lists?.[0]?.ready,
  );
}

describe('data at rest with DATA_KEY', () => {
  let run: Run;
  beforeAll(async () => {
    run = await startRun(KEY);
  }, 180_000);

  it('leaves no attendee name, email or reference in any file of either data folder', () => {
    expect(run.people.length).toBeGreaterThan(100);
    expect(search(run.mockDir, run.people)).toEqual(new Map());
    expect(search(run.relayDir, run.people)).toEqual(new Map());
    expect(run.pair.upstream.output()).toContain('sealed with DATA_KEY');
    expect(run.pair.relay.output()).toContain('sealed with DATA_KEY');
  });

  it('keeps every folder 0700 and every file 0600, tightening looser ones at start in one line', () => {
    expectPrivate(run.mockDir);
    expectPrivate(run.relayDir);
    expect(run.pair.upstream.output()).toContain(
      `${run.mockDir}: made 1 folder(s) and 1 file(s) owner-only (0700/0600); others could read or change them`,
    );
    expect(run.pair.relay.output()).toContain(`${run.relayDir}: made 1 folder(s) and 0 file(s) owner-only`);
    expect(run.pair.relay.output()).not.toContain(run.slug);
  });

  it('reads everything back after a restart with the same key', async () => {
    const before = await listAnswers(run);
    expect(before.relayCheckins.map((c) => c.uuid)).toContain('door-at-rest-0001');
    await restart(run, KEY);
    expect(await listAnswers(run)).toEqual(before);
    expect(search(run.mockDir, run.people)).toEqual(new Map());
    expect(search(run.relayDir, run.people)).toEqual(new Map());
  }, 120_000);

  it('refuses to start with a wrong or missing key, saying so, and changes nothing', async () => {
    await killHard(run.pair.relay);
    await killHard(run.pair.upstream);
    const mockBefore = fingerprint(run.mockDir);
    const relayBefore = fingerprint(run.relayDir);
    for (const [key, says] of [
      [WRONG_KEY, 'was sealed with another DATA_KEY than the one set'],
      [undefined, 'is sealed, and DATA_KEY is not set'],
    ] as const) {
      const keyed: Record<string, string> = key ? { DATA_KEY: key } : {};
      const { DATA_KEY: _m, ...mockEnv } = run.mockEnv;
      const { DATA_KEY: _r, ...relayEnv } = run.relayEnv;
      for (const [env, dir] of [
        [mockEnv, run.mockDir],
        [relayEnv, run.relayDir],
      ] as const) {
        const refused = await startRefused({ ...env, ...keyed });
        expect(refused.code).toBe(1);
        expect(refused.output).toMatch(
          new RegExp(`Cannot start: ${dir}/\\S+ ${says}\\. Nothing was changed\\.`),
        );
        expect(refused.output).not.toContain(KEY);
        expect(refused.output).not.toContain(WRONG_KEY);
        expect(refused.output).not.toContain(run.slug);
        expect(refused.output).not.toContain('    at ');
      }
    }
    expect(fingerprint(run.mockDir)).toEqual(mockBefore);
    expect(fingerprint(run.relayDir)).toEqual(relayBefore);
  }, 120_000);

  it('refuses a DATA_KEY that cannot be from a generator, in one line that says how to make one', async () => {
    const refused = await startRefused({ ...run.mockEnv, DATA_KEY: 'venue-laptop-2026' });
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toBe(
      `DATA_KEY must be at least 32 characters of base64url or hex from a cryptographic generator; make one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`,
    );
  }, 60_000);
});

describe('data at rest without DATA_KEY (the control)', () => {
  let run: Run;
  beforeAll(async () => {
    run = await startRun(undefined);
  }, 180_000);

  it('the same search finds every attendee in both data folders', () => {
    expect(run.people.length).toBeGreaterThan(100);
    for (const dir of [run.mockDir, run.relayDir]) {
      const found = search(dir, run.people);
      expect(run.people.filter((person) => !found.has(person))).toEqual([]);
    }
    expect(run.pair.upstream.output()).toContain('not sealed: DATA_KEY is not set');
  });

  it('seals data written before the key on its first start with it, and reads it back the same', async () => {
    const before = await listAnswers(run);
    await restart(run, KEY);
    expect(await listAnswers(run)).toEqual(before);
    expect(search(run.mockDir, run.people)).toEqual(new Map());
    expect(search(run.relayDir, run.people)).toEqual(new Map());
  }, 120_000);

  it('keeps every folder 0700 and every file 0600, the set-aside folder of MOCK_RESET too', async () => {
    expectPrivate(run.mockDir);
    expectPrivate(run.relayDir);
    await killHard(run.pair.upstream);
    run.pair.upstream = await startServerProcess({
      ...run.mockEnv,
      DATA_KEY: KEY,
      MOCK_RESET: '1',
      PORT: new URL(run.pair.upstream.origin).port,
    });
    expect(readdirSync(run.mockDir).filter((name) => name.startsWith('set-aside-'))).toHaveLength(1);
    expectPrivate(run.mockDir);
  }, 120_000);
});
