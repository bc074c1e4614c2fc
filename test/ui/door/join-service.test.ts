import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListSummary } from '../../../src/sync/status/sync-status';

const APP = 'http://127.0.0.1:4173';
const list = (baseUrl: string): ListSummary => ({
  slug: 'chk_abcdef',
  title: 'Door',
  eventTitle: null,
  expiresAt: null,
  baseUrl,
  door: null,
  ticketsCount: 0,
});

describe('which service a join reaches', () => {
  beforeEach(() => vi.stubGlobal('window', { location: { origin: APP } }));
  afterEach(() => vi.unstubAllGlobals());

  it('names the origin of an address on another server, and none for this app or the built-in service', async () => {
    const { serviceOriginOf } = await import('../../../src/ui/door/join-service');
    expect(serviceOriginOf('chk_abcdef', 'auto', '')).toBeNull();
    expect(serviceOriginOf(`${APP}/checkin_lists/chk_abcdef`, 'auto', '')).toBeNull();
    expect(serviceOriginOf('https://tickets.example.org/checkin_lists/chk_abcdef', 'auto', '')).toBe(
      'https://tickets.example.org',
    );
    expect(serviceOriginOf('chk_abcdef', 'url', 'https://api.example.net/checkin')).toBe(
      'https://api.example.net',
    );
    expect(serviceOriginOf('chk_abcdef', 'demo', '')).toBeNull();
    expect(serviceOriginOf('https://tickets.example.org/checkin_lists/chk_abcdef', 'server', '')).toBeNull();
  });

  it('asks only about a service neither this app, a joined list nor an earlier yes has used', async () => {
    const { isUnfamiliarService } = await import('../../../src/ui/door/join-service');
    const other = 'https://tickets.example.org';
    expect(isUnfamiliarService(other, [], [])).toBe(true);
    expect(isUnfamiliarService(APP, [], [])).toBe(false);
    expect(isUnfamiliarService(other, [list(`${other}/api/checkin`)], [])).toBe(false);
    expect(isUnfamiliarService(other, [list('https://elsewhere.example/checkin')], [other])).toBe(false);
    expect(isUnfamiliarService(other, [list('https://elsewhere.example/checkin')], [])).toBe(true);
  });
});
