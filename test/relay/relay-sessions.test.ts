// Organiser sessions across a relay restart: with the relay's data directory they are kept as
// SHA-256 digests with their expiry (never the token, never the upstream's), so a session issued
// before a restart still opens the Admin API after it, an expired one does not, and a damaged
// file only signs organisers out. Then over real processes: kill -9 of the relay, same data,
// the organiser's session still works.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { SESSION_TTL_MS, createRelaySessions } from '../../src/relay/relay-sessions';
import { sessionFile } from '../../src/relay/session-file';
import { type RelayPair, UPSTREAM_TOKEN, printedSignInCode, startRelayPair } from './relay-setup';

describe('sessions kept in the data directory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'relay-sessions-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survive a restart as digests, and expire as before', () => {
    const clock = fixedClock('2026-05-01T10:00:00Z');
    const first = createRelaySessions(clock, SESSION_TTL_MS, sessionFile(dir));
    const token = first.issue();
    const held = readFileSync(join(dir, 'sessions.json'), 'utf8');
    expect(held).not.toContain(token);
    expect(held).not.toContain(token.slice(6));
    expect(statSync(join(dir, 'sessions.json')).mode & 0o077).toBe(0);

    clock.advance(60 * 60_000);
    const second = createRelaySessions(clock, SESSION_TTL_MS, sessionFile(dir));
    expect(second.check(token)).toBe(true);
    expect(second.check(`${token}x`)).toBe(false);

    clock.advance(SESSION_TTL_MS);
    const third = createRelaySessions(clock, SESSION_TTL_MS, sessionFile(dir));
    expect(third.check(token)).toBe(false);
  });

  it('a damaged file signs organisers out, nothing worse', () => {
    writeFileSync(join(dir, 'sessions.json'), '{"not":"a list"');
    const warned: string[] = [];
    const sessions = createRelaySessions(
      fixedClock('2026-05-01T10:00:00Z'),
      SESSION_TTL_MS,
      sessionFile(dir, (m) => warned.push(m)),
    );
    expect(sessions.check('relay_abc')).toBe(false);
    expect(warned).toEqual(['relay: the organiser sessions file is damaged; organisers sign in again']);
    expect(sessions.check(sessions.issue())).toBe(true);
  });
});

describe('a relay restarted with kill -9', () => {
  let pair: RelayPair;
  beforeAll(async () => {
    pair = await startRelayPair();
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });

  it('keeps its organisers signed in', async () => {
    const signedIn = (await fetch(`${pair.relay.origin}/__service/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: printedSignInCode(pair.relay) }),
    }).then((r) => r.json())) as { token: string };
    const events = () =>
      fetch(`${pair.relay.origin}/v3/demo/events`, {
        headers: { authorization: `Token token=${signedIn.token}` },
      });
    expect((await events()).status).toBe(200);
    await pair.restartRelay();
    expect((await events()).status).toBe(200);
    const onDisk = readFileSync(join(pair.root, 'relay-data', 'sessions.json'), 'utf8');
    expect(onDisk).not.toContain(signedIn.token);
    expect(onDisk).not.toContain(UPSTREAM_TOKEN);
  }, 60_000);
});
