import { describe, expect, it } from 'vitest';
import { SettingsError } from '../../src/platform/settings-error';
import { parseTokenGrants, readServerSettings } from '../../src/server/config';

describe('server settings', () => {
  it('read MOCK_API_TOKENS as TOKEN:MODE:VERSION with optional accounts', () => {
    expect(parseTokenGrants('abc:live:3.0, def:test:3.1:demo|acme')).toEqual([
      { token: 'abc', mode: 'live', version: '3.0', accounts: ['demo'] },
      { token: 'def', mode: 'test', version: '3.1', accounts: ['demo', 'acme'] },
    ]);
    expect(() => parseTokenGrants('abc:staging:3.0')).toThrow(/MOCK_API_TOKENS/);
  });

  it('default to port 4173 on 127.0.0.1, the demo seed, faults off', () => {
    const settings = readServerSettings({});
    expect(settings).toMatchObject({ port: 4173, host: '127.0.0.1', dataDir: '.mock-data', faults: false });
    expect(settings.seed).toEqual({ name: 'demo', tickets: undefined });
    expect(readServerSettings({ MOCK_SEED: 'empty', MOCK_FAULTS: '1' })).toMatchObject({
      seed: { name: 'empty' },
      seedGiven: true,
      faults: true,
    });
  });

  it('refuse a PORT that is no port number before anything starts, as a setting the operator mends', () => {
    for (const PORT of ['80a', '-1', '65536', '1.5'])
      expect(() => readServerSettings({ PORT }), PORT).toThrow(
        new SettingsError('PORT must be a port number from 0 to 65535 (4173 when not set)'),
      );
    expect(readServerSettings({ PORT: ' 4500 ' }).port).toBe(4500);
    expect(readServerSettings({ PORT: '' }).port).toBe(4173);
    // Every refusal of a setting is one: the server prints its message alone (main.ts).
    expect(() => readServerSettings({ MOCK_SEED_TICKETS: 'many' })).toThrow(SettingsError);
    expect(() =>
      readServerSettings({
        UPSTREAM_CHECKIN_URL: 'https://checkin.example.com/checkin',
        UPSTREAM_ADMIN_URL: 'not an address',
        UPSTREAM_ADMIN_TOKEN: 'token',
      }),
    ).toThrow(
      new SettingsError('UPSTREAM_ADMIN_URL must be an address such as https://checkin.example.com/v3'),
    );
  });

  it("read MOCK_CLOCK_OFFSET_MS as whole milliseconds of the service's clock, 0 when unset", () => {
    expect(readServerSettings({}).clockOffsetMs).toBe(0);
    expect(readServerSettings({ MOCK_CLOCK_OFFSET_MS: ' -120000 ' }).clockOffsetMs).toBe(-120_000);
    for (const MOCK_CLOCK_OFFSET_MS of ['2m', '1.5', '1e12'])
      expect(() => readServerSettings({ MOCK_CLOCK_OFFSET_MS }), MOCK_CLOCK_OFFSET_MS).toThrow(SettingsError);
  });

  it('read FLEET_ONLINE_WITHIN_S as whole seconds from 10 to 3600, 30 s when unset', () => {
    expect(readServerSettings({}).fleetOnlineWithinMs).toBe(30_000);
    expect(readServerSettings({ FLEET_ONLINE_WITHIN_S: ' 15 ' }).fleetOnlineWithinMs).toBe(15_000);
    for (const FLEET_ONLINE_WITHIN_S of ['9', '3601', '12.5', '15s'])
      expect(() => readServerSettings({ FLEET_ONLINE_WITHIN_S }), FLEET_ONLINE_WITHIN_S).toThrow(
        SettingsError,
      );
  });

  it('set stored data aside only when MOCK_RESET asks', () => {
    expect(readServerSettings({}).reset).toBe(false);
    expect(readServerSettings({ MOCK_RESET: '1' }).reset).toBe(true);
    expect(readServerSettings({ MOCK_RESET: '0' }).reset).toBe(false);
  });

  it('take the public address from PUBLIC_URL, else the listening one, and never trust a bad one', () => {
    expect(readServerSettings({ PORT: '4500' }).publicOrigin).toBe('http://127.0.0.1:4500');
    expect(readServerSettings({ PUBLIC_URL: 'https://doors.example/ignored/path' }).publicOrigin).toBe(
      'https://doors.example',
    );
    expect(() => readServerSettings({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(readServerSettings({ HOST: '0.0.0.0', PORT: '4500' }).publicOrigin).toMatch(
      /^http:\/\/[\d.]+:4500$/,
    );
  });

  it('know when the server is reachable beyond loopback', () => {
    expect(readServerSettings({}).exposed).toBe(false);
    expect(readServerSettings({ HOST: '::1' }).exposed).toBe(false);
    expect(readServerSettings({ HOST: '0.0.0.0' }).exposed).toBe(true);
    expect(readServerSettings({ HOST: '192.168.1.20' })).toMatchObject({
      exposed: true,
      fixedDemoSlugs: false,
    });
    expect(readServerSettings({ HOST: '0.0.0.0', MOCK_DEMO_SLUGS: 'fixed' }).fixedDemoSlugs).toBe(true);
  });

  it('allow CORS for MOCK_CORS_ORIGINS and APP_ORIGIN only, and keep or make a control token', () => {
    expect(readServerSettings({}).corsOrigins).toEqual([]);
    expect(
      readServerSettings({
        MOCK_CORS_ORIGINS: 'http://localhost:5173, https://a.example/',
        APP_ORIGIN: 'https://app.example',
      }).corsOrigins,
    ).toEqual(['http://localhost:5173', 'https://a.example', 'https://app.example']);
    expect(readServerSettings({ MOCK_CONTROL_TOKEN: 'given' })).toMatchObject({
      controlToken: 'given',
      controlTokenGenerated: false,
    });
    const made = readServerSettings({});
    expect(made.controlToken).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(readServerSettings({}).controlToken).not.toBe(made.controlToken);
  });
});
