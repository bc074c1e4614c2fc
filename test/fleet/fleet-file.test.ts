// The fleet's file: written whole and owner-only, read back as it was, and a file that is not a
// fleet stops the start with a message naming the file (never its contents).
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FLEET_FILE, FleetFileError, fleetFile } from '../../src/fleet/fleet-file';
import { createFleetStore } from '../../src/fleet/fleet-store';
import { fixedClock } from '../../src/platform/clock';
import { EVENT, LIST, newCode, seededIds } from './fleet-factories';
import { DataKeyError, dataSeal } from '../../src/platform/data-seal';

const roots: string[] = [];
const folder = () => {
  const root = mkdtempSync(join(tmpdir(), 'fleet-file-'));
  roots.push(root);
  return join(root, 'data');
};

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the fleet file', () => {
  it('is written owner-only, in a folder it makes owner-only, and read back as written', async () => {
    const dir = folder();
    const file = fleetFile(dir);
    expect(await file.load()).toBeNull();
    const store = await createFleetStore({
      file,
      clock: fixedClock('2026-12-05T09:00:00Z'),
      newId: seededIds(),
    });
    const made = await store.createCode(EVENT, newCode());
    if (!made.ok) throw new Error('no code');
    expect(statSync(join(dir, FLEET_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual([FLEET_FILE]);
    expect((await file.load())?.codes[0]?.id).toBe(made.value.id);
  });

  it('replaces a leftover temporary file rather than writing into it', async () => {
    const dir = folder();
    const file = fleetFile(dir);
    await file.save({ version: 1, codes: [], devices: [] });
    writeFileSync(join(dir, `${FLEET_FILE}.tmp`), 'half a write', { mode: 0o644 });
    await file.save({ version: 1, codes: [], devices: [] });
    expect(readdirSync(dir)).toEqual([FLEET_FILE]);
    expect(JSON.parse(readFileSync(join(dir, FLEET_FILE), 'utf8'))).toEqual({
      version: 1,
      codes: [],
      devices: [],
    });
  });

  it.each([
    ['not JSON', '{"version": 1, "codes": ['],
    ['another shape', '{"version": 2, "codes": [], "devices": []}'],
    ['a prototype key', '{"version": 1, "codes": [], "devices": [], "__proto__": {"polluted": true}}'],
    ['a credential instead of its digest', '{"version":1,"codes":[],"devices":[{"digest":"dev_secret"}]}'],
  ])('refuses a file holding %s, naming the file only', async (_what, text) => {
    const dir = folder();
    await fleetFile(dir).save({ version: 1, codes: [], devices: [] });
    writeFileSync(join(dir, FLEET_FILE), text);
    const loading = fleetFile(dir).load();
    await expect(loading).rejects.toBeInstanceOf(FleetFileError);
    await expect(fleetFile(dir).load()).rejects.toThrow(join(dir, FLEET_FILE));
    await expect(fleetFile(dir).load()).rejects.not.toThrow('secret');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sealed with DATA_KEY: no slug or join code in the clear, read back, a plain file sealed when loaded', async () => {
    const dir = folder();
    const seal = dataSeal('ZmxlZXQtZmlsZS1zZWFsZWQtdGVzdC1rZXktMDAwMDE');
    await fleetFile(dir).save({ version: 1, codes: [], devices: [] });
    const store = await createFleetStore({
      file: fleetFile(dir, seal),
      clock: fixedClock('2026-12-05T09:00:00Z'),
      newId: seededIds(),
    });
    // Loaded plain under a key: already written again sealed.
    expect(readFileSync(join(dir, FLEET_FILE)).subarray(0, 6).toString()).toBe('seal1:');
    const made = await store.createCode(EVENT, newCode());
    if (!made.ok) throw new Error('no code');
    const stored = readFileSync(join(dir, FLEET_FILE)).toString('latin1');
    expect(made.value.code).toHaveLength(16);
    expect(made.value.list_slug).toBe(LIST.slug);
    expect(stored).not.toContain(LIST.slug);
    expect(stored).not.toContain(made.value.code);
    expect(statSync(join(dir, FLEET_FILE)).mode & 0o777).toBe(0o600);
    expect((await fleetFile(dir, seal).load())?.codes[0]?.id).toBe(made.value.id);
    await expect(fleetFile(dir).load()).rejects.toBeInstanceOf(DataKeyError);
  });
});
