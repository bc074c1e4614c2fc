import { describe, expect, it } from 'vitest';
import { parseTokenGrants, readServerSettings } from '../../../src/mock-api/server-config';

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

  it('set stored data aside only when MOCK_RESET asks', () => {
    expect(readServerSettings({}).reset).toBe(false);
    expect(readServerSettings({ MOCK_RESET: '1' }).reset).toBe(true);
    expect(readServerSettings({ MOCK_RESET: '0' }).reset).toBe(false);
  });
});
