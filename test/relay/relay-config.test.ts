// The relay's settings: the venue mirror is on by default in relay mode, in `.relay-data` under
// the working directory unless RELAY_DATA_DIR says where; RELAY_MIRROR=off turns it off. Only
// the settings are read here: nothing is written.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RELAY_DATA_DIR, readRelaySettings } from '../../src/relay/relay-config';

const upstream = {
  UPSTREAM_CHECKIN_URL: 'https://checkin.example.com/checkin',
  UPSTREAM_ADMIN_URL: 'https://api.example.com/v3',
  UPSTREAM_ADMIN_TOKEN: 'config-test-token',
};

describe('the venue mirror in relay mode', () => {
  it('is on by default, in .relay-data', () => {
    expect(DEFAULT_RELAY_DATA_DIR).toBe('.relay-data');
    expect(readRelaySettings(upstream)).toMatchObject({ dataDir: '.relay-data', dataDirDefault: true });
  });

  it('keeps its files where RELAY_DATA_DIR says', () => {
    expect(readRelaySettings({ ...upstream, RELAY_DATA_DIR: ' /srv/relay ' })).toMatchObject({
      dataDir: '/srv/relay',
      dataDirDefault: false,
    });
  });

  it('is off with RELAY_MIRROR=off, whatever RELAY_DATA_DIR says', () => {
    expect(readRelaySettings({ ...upstream, RELAY_MIRROR: 'off' })).toMatchObject({ dataDir: null });
    expect(
      readRelaySettings({ ...upstream, RELAY_MIRROR: 'OFF', RELAY_DATA_DIR: '/srv/relay' }),
    ).toMatchObject({
      dataDir: null,
    });
    expect(readRelaySettings({ ...upstream, RELAY_MIRROR: 'on' })).toMatchObject({ dataDir: '.relay-data' });
  });

  it('refuses any other RELAY_MIRROR', () => {
    expect(() => readRelaySettings({ ...upstream, RELAY_MIRROR: 'no' })).toThrow(
      /RELAY_MIRROR must be on or off/,
    );
  });

  it('is not the mock’s business: no UPSTREAM_* is no relay', () => {
    expect(readRelaySettings({ RELAY_MIRROR: 'off' })).toBeUndefined();
  });
});
