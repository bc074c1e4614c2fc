// The check-ins each device made, on disk: one append-only file per device, read only when
// asked, each uuid once, whole lines only (a torn last line is cut before the next append),
// bounded per device and in memory, owner-only, gone when the device is.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_CHECKINS_FOLDER, deviceCheckins } from '../../src/fleet/device-checkins';

const roots: string[] = [];
function folder() {
  const root = mkdtempSync(join(tmpdir(), 'device-checkins-'));
  roots.push(root);
  return join(root, 'data');
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const fileOf = (dir: string, id: string) => join(dir, DEVICE_CHECKINS_FOLDER, `${id}.uuids`);
const quiet = () => {
  const said: string[] = [];
  return { said, warn: (message: string) => said.push(message) };
};

describe("the devices' own check-ins", () => {
  it('keeps each uuid once, on disk, owner-only, for a later start to read', async () => {
    const dir = folder();
    const first = deviceCheckins(dir);
    expect(await first.add('dv_north', ['uuid-0001', 'uuid-0002', 'uuid-0001'])).toBe(2);
    expect(await first.add('dv_north', ['uuid-0002', 'uuid-0003'])).toBe(1);
    expect(await first.add('dv_south', ['uuid-0009'])).toBe(1);
    expect(readFileSync(fileOf(dir, 'dv_north'), 'utf8')).toBe('uuid-0001\nuuid-0002\nuuid-0003\n');
    expect(statSync(fileOf(dir, 'dv_north')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, DEVICE_CHECKINS_FOLDER)).mode & 0o777).toBe(0o700);
    const again = deviceCheckins(dir);
    expect(await again.has('dv_north', 'uuid-0003')).toBe(true);
    expect(await again.has('dv_north', 'uuid-0009')).toBe(false);
    expect(await again.has('dv_south', 'uuid-0009')).toBe(true);
    expect(await again.has('dv_west', 'uuid-0001')).toBe(false);
  });

  it("takes one device's concurrent adds one at a time, in order, every line whole", async () => {
    const dir = folder();
    const store = deviceCheckins(dir);
    const uuids = Array.from({ length: 50 }, (_, i) => `uuid-${String(i).padStart(4, '0')}`);
    await Promise.all(uuids.map((uuid) => store.add('dv_north', [uuid])));
    expect(readFileSync(fileOf(dir, 'dv_north'), 'utf8')).toBe(uuids.map((u) => `${u}\n`).join(''));
  });

  it('reads a file only when asked, and cuts a torn last line before appending', async () => {
    const dir = folder();
    const store = deviceCheckins(dir, quiet());
    mkdirSync(join(dir, DEVICE_CHECKINS_FOLDER), { recursive: true });
    // Written after the store was made: it has read nothing yet.
    writeFileSync(fileOf(dir, 'dv_north'), 'uuid-0001\nnot a uuid!\nuuid-00');
    expect(await store.has('dv_north', 'uuid-0001')).toBe(true);
    expect(await store.has('dv_north', 'uuid-00')).toBe(false);
    expect(await store.add('dv_north', ['uuid-0002'])).toBe(1);
    expect(readFileSync(fileOf(dir, 'dv_north'), 'utf8')).toBe('uuid-0001\nnot a uuid!\nuuid-0002\n');
  });

  it('records only uuids of letters, digits, _ and -, at most 100', async () => {
    const store = deviceCheckins(folder());
    expect(await store.add('dv_north', ['a/b', 'x'.repeat(101), 'ok-uuid', '', 'a b'])).toBe(1);
    expect(await store.has('dv_north', 'a/b')).toBe(false);
    expect(await store.has('dv_north', 'ok-uuid')).toBe(true);
    await expect(store.add('../escape', ['uuid-0001'])).rejects.toThrow();
  });

  it('records at most so many per device, says so once, and keeps what it had', async () => {
    const dir = folder();
    const log = quiet();
    const store = deviceCheckins(dir, { perDevice: 3, warn: log.warn });
    expect(await store.add('dv_north', ['u-0001', 'u-0002'])).toBe(2);
    expect(await store.add('dv_north', ['u-0003', 'u-0004', 'u-0005'])).toBe(1);
    expect(await store.add('dv_north', ['u-0006', 'u-0001'])).toBe(0);
    expect(log.said).toHaveLength(1);
    expect(log.said[0]).toContain('dv_north has recorded 3 check-ins');
    expect(await store.has('dv_north', 'u-0003')).toBe(true);
    expect(await store.has('dv_north', 'u-0004')).toBe(false);
    expect(await store.add('dv_south', ['u-0004'])).toBe(1);
  });

  it('holds so many uuids in memory, reading a device let go of again when asked', async () => {
    const dir = folder();
    const store = deviceCheckins(dir, { maxLoaded: 2 });
    await store.add('dv_north', ['u-0001', 'u-0002']);
    await store.add('dv_south', ['u-0003']);
    // North was let go of: what its file says now is what it answers.
    appendFileSync(fileOf(dir, 'dv_north'), 'u-0004\n');
    expect(await store.has('dv_north', 'u-0004')).toBe(true);
    expect(await store.has('dv_south', 'u-0003')).toBe(true);
    expect(await store.has('dv_north', 'u-0001')).toBe(true);
  });

  it("removes a forgotten device's file for good, and at start those of devices no longer live", async () => {
    const dir = folder();
    const store = deviceCheckins(dir);
    for (const id of ['dv_north', 'dv_south', 'dv_west']) await store.add(id, ['u-0001']);
    await store.drop('dv_north');
    expect(existsSync(fileOf(dir, 'dv_north'))).toBe(false);
    expect(await store.add('dv_north', ['u-0002'])).toBe(0);
    expect(await store.has('dv_north', 'u-0001')).toBe(false);
    expect(existsSync(fileOf(dir, 'dv_north'))).toBe(false);
    writeFileSync(join(dir, DEVICE_CHECKINS_FOLDER, 'notes.txt'), 'kept');
    await deviceCheckins(dir).prune(new Set(['dv_south']));
    expect(existsSync(fileOf(dir, 'dv_south'))).toBe(true);
    expect(existsSync(fileOf(dir, 'dv_west'))).toBe(false);
    expect(existsSync(join(dir, DEVICE_CHECKINS_FOLDER, 'notes.txt'))).toBe(true);
    await deviceCheckins(folder()).prune(new Set());
  });
});
