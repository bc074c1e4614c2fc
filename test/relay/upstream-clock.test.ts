// The upstream's clock as the relay keeps it (src/relay/upstream-clock.ts): this host's clock
// plus the offset the upstream's last `Date` showed, never going back, kept in the relay's data
// directory so a restart without the upstream still has it; junk headers and a damaged file
// change nothing.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { createUpstreamClock, offsetFile } from '../../src/relay/upstream-clock';

const LOCAL = '2026-05-01T10:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();

describe('the upstream clock', () => {
  it("is this host's clock until the upstream has answered", () => {
    const local = fixedClock(LOCAL);
    expect(createUpstreamClock(local).now().toISOString()).toBe(LOCAL);
  });

  it("takes the offset from an answer's Date, at the middle of its second", () => {
    const local = fixedClock(LOCAL);
    const clock = createUpstreamClock(local);
    // The upstream is two minutes behind.
    clock.heard('Fri, 01 May 2026 09:58:00 GMT');
    expect(clock.now().toISOString()).toBe('2026-05-01T09:58:00.500Z');
    local.advance(10_000);
    expect(clock.now().toISOString()).toBe('2026-05-01T09:58:10.500Z');
    // And two minutes ahead.
    const ahead = createUpstreamClock(local);
    ahead.heard('Fri, 01 May 2026 10:02:10 GMT');
    expect(ahead.now().toISOString()).toBe('2026-05-01T10:02:10.500Z');
  });

  it('never goes back when the offset does', () => {
    const local = fixedClock(LOCAL);
    const clock = createUpstreamClock(local);
    clock.heard('Fri, 01 May 2026 10:01:00 GMT');
    expect(clock.now().getTime()).toBe(at('2026-05-01T10:01:00.500Z'));
    clock.heard('Fri, 01 May 2026 10:00:00 GMT');
    // Holds still until local time + the new offset passes what it gave.
    expect(clock.now().getTime()).toBe(at('2026-05-01T10:01:00.500Z'));
    local.advance(30_000);
    expect(clock.now().getTime()).toBe(at('2026-05-01T10:01:00.500Z'));
    local.advance(40_000);
    expect(clock.now().getTime()).toBe(at('2026-05-01T10:01:10.500Z'));
  });

  it('ignores a missing or unparsable Date', () => {
    const local = fixedClock(LOCAL);
    const clock = createUpstreamClock(local);
    clock.heard('Fri, 01 May 2026 09:58:00 GMT');
    for (const junk of [null, '', 'yesterday', 'Fri, 99 Foo 2026 25:61:00 GMT']) clock.heard(junk);
    expect(clock.now().toISOString()).toBe('2026-05-01T09:58:00.500Z');
  });
});

describe('the offset kept in the data directory', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'upstream-clock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = () => join(dir, 'upstream-clock.json');

  it('is read back at start: a relay restarted without the upstream keeps its clock', () => {
    const local = fixedClock(LOCAL);
    createUpstreamClock(local, offsetFile(dir)).heard('Fri, 01 May 2026 09:58:00 GMT');
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ offsetMs: -119_500 });
    expect(statSync(file()).mode & 0o077).toBe(0);

    local.advance(3600_000);
    const restarted = createUpstreamClock(local, offsetFile(dir));
    expect(restarted.now().toISOString()).toBe('2026-05-01T10:58:00.500Z');
  });

  it('is written again only when it moved by a second or more', () => {
    const local = fixedClock(LOCAL);
    const saved: number[] = [];
    const clock = createUpstreamClock(local, { load: () => null, save: (ms) => saved.push(ms) });
    clock.heard('Fri, 01 May 2026 09:58:00 GMT');
    local.advance(400);
    clock.heard('Fri, 01 May 2026 09:58:00 GMT');
    local.advance(600);
    clock.heard('Fri, 01 May 2026 09:58:02 GMT');
    expect(saved).toEqual([-119_500, -118_500]);
  });

  it('a damaged, oversized or missing file is the host clock, and is written anew', () => {
    const local = fixedClock(LOCAL);
    const warned: string[] = [];
    expect(
      createUpstreamClock(
        local,
        offsetFile(dir, (m) => warned.push(m)),
      )
        .now()
        .toISOString(),
    ).toBe(LOCAL);
    expect(warned).toEqual([]);
    for (const junk of ['{"offsetMs":', '{"offsetMs":"soon"}', `{"offsetMs":1${'0'.repeat(2000)}}`]) {
      writeFileSync(file(), junk);
      const clock = createUpstreamClock(
        local,
        offsetFile(dir, (m) => warned.push(m)),
      );
      expect(clock.now().toISOString()).toBe(LOCAL);
    }
    expect(warned).toHaveLength(3);
    const clock = createUpstreamClock(local, offsetFile(dir));
    clock.heard('Fri, 01 May 2026 10:02:00 GMT');
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({ offsetMs: 120_500 });
  });
});
