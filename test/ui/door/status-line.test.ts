import { describe, expect, it } from 'vitest';
import { initialSyncStatus, type SyncStatus } from '../../../src/sync/status/sync-status';
import { progressWords, type StatusInput, statusLine, type Words } from '../../../src/ui/door/status-line';
import { activateLocale } from '../../../src/ui/i18n/i18n';
import { t } from '../../../src/ui/i18n/t';

const NOW = Date.parse('2026-11-25T20:00:00Z');
const list = {
  slug: 'x',
  title: 'Main entrance',
  eventTitle: null,
  expiresAt: null,
  baseUrl: 'https://t.example',
  door: null,
  ticketsCount: 0,
};

/** A door with its list complete, online, all sent, synced 30 s ago. */
function door(changes: Partial<SyncStatus> = {}): StatusInput {
  return {
    ...initialSyncStatus,
    list,
    complete: true,
    lastPullAt: NOW - 30_000,
    counts: { tickets: 2800, checkedIn: 12, inside: 9 },
    counted: true,
    ...changes,
  };
}

/** n rows of any kind: the line only counts them. */
const rows = <T>(n: number) => Array.from({ length: n }, () => ({}) as T);

describe('the scan screen’s status line', () => {
  it('says online, all sent, how fresh the data is and how many are inside, and asks for nothing', () => {
    const line = statusLine(door(), NOW, 0.1);
    expect(line.connectionWords.key).toBe('online');
    expect(line.unsentWords.key).toBe('statusAllSent');
    expect(line.dataWords.key).toBe('statusSyncedNow');
    expect(line.inside).toBe(9);
    expect(line.attention).toBeNull();
    expect(line.moreAttention).toBe(0);
  });

  it('says no count of who is inside while the list loads after a restart', () => {
    expect(statusLine(door({ counted: false }), NOW, 0.1).inside).toBeNull();
  });

  it('gives the progress with its percent, or that the list is opening while it loads', () => {
    expect(progressWords(door())).toEqual({
      words: { key: 'statusProgress', values: { done: 12, total: 2800 } },
      percent: 0,
    });
    expect(progressWords(door({ counts: { tickets: 200, checkedIn: 50, inside: 40 } })).percent).toBe(25);
    expect(progressWords(door({ counted: false }))).toEqual({
      words: { key: 'scanListLoading' },
      percent: null,
    });
  });

  it('tells offline from a service it cannot reach, counts what is unsent, and ages the data', () => {
    const offline = statusLine(door({ online: false, pending: 4, lastPullAt: NOW - 5 * 60_000 }), NOW, null);
    expect(offline.connection).toBe('offline');
    expect(offline.connectionWords.key).toBe('offline');
    expect(offline.unsentWords).toEqual({ key: 'statusPending', values: { n: 4 } });
    expect(offline.dataWords).toEqual({ key: 'statusSyncedAgo', values: { ms: 5 * 60_000 } });
    const unreachable = statusLine(door({ reachable: false }), NOW, null);
    expect(unreachable.connectionWords.key).toBe('statusUnreachable');
    expect(statusLine(door({ lastPullAt: null }), NOW, null).dataWords.key).toBe('statusNeverSynced');
  });

  it('says "All sent" only when no list on the device holds anything unsent or refused', async () => {
    const say = (words: Words) => t(words.key, words.values);
    await activateLocale('en');
    // The open list sent, another holding one check-in admitted offline before it was left.
    const other = statusLine(door({ elsewhere: { unsent: 1, parked: 0, lists: 1 } }), NOW, null);
    expect(other.unsentWords).toEqual({ key: 'statusPendingElsewhere', values: { n: 1, lists: 1 } });
    expect(say(other.unsentWords)).toBe('1 unsent on another list');
    // Refused ones count: the service never took them.
    const refused = statusLine(door({ elsewhere: { unsent: 3, parked: 2, lists: 2 } }), NOW, null);
    expect(say(refused.unsentWords)).toBe('5 unsent on 2 other lists');
    // The open list's own count comes first; nothing anywhere is "All sent".
    expect(
      statusLine(door({ pending: 2, elsewhere: { unsent: 1, parked: 0, lists: 1 } }), NOW, null).unsentWords,
    ).toEqual({ key: 'statusPending', values: { n: 2 } });
    expect(say(statusLine(door(), NOW, null).unsentWords)).toBe('All sent');
  });

  it('makes the most urgent thing the one chip, leading to where staff act, and counts the rest', () => {
    const line = statusLine(door({ conflicts: rows(2), corrections: rows(1), complete: false }), NOW, null);
    expect(line.attention).toMatchObject({
      kind: 'conflicts',
      href: '/door/conflicts',
      tone: 'danger',
      testId: 'conflicts',
      words: { key: 'statusConflicts', values: { n: 2 } },
    });
    expect(line.moreAttention).toBe(2);
    expect(statusLine(door({ corrections: rows(3) }), NOW, null).attention).toMatchObject({
      kind: 'corrections',
      href: '/door/problems',
      testId: 'corrections-pill',
    });
    expect(statusLine(door({ parked: rows(1), auditLost: 2 }), NOW, null).attention?.kind).toBe('parked');
    expect(statusLine(door({ auditLost: 2 }), NOW, null).attention?.href).toBe('/door/audit');
  });

  it('puts a storage failure first, and warns when storage is nearly full', () => {
    const failed = statusLine(
      door({ storage: { ok: false, reason: 'storage-full' }, conflicts: rows(1) }),
      NOW,
      0.95,
    );
    expect(failed.attention?.kind).toBe('storage');
    expect(failed.moreAttention).toBe(1);
    expect(statusLine(door(), NOW, 0.89).attention).toBeNull();
    expect(statusLine(door(), NOW, 0.93).attention).toMatchObject({
      kind: 'storage-low',
      words: { key: 'chipStorageLow', values: { percent: 93 } },
    });
  });

  it('shows a list still downloading, with its progress while pages arrive', () => {
    const downloading = statusLine(door({ complete: false, download: { done: 3, total: 12 } }), NOW, null);
    expect(downloading.attention).toMatchObject({
      kind: 'downloading',
      testId: 'list-incomplete',
      words: { key: 'chipDownloading', values: { percent: 25 } },
    });
    expect(downloading.dataWords).toEqual({ key: 'statusDownloading', values: { done: 3, total: 12 } });
    expect(statusLine(door({ complete: false }), NOW, null).attention?.words.key).toBe('chipIncomplete');
    // No list open yet: nothing is downloading.
    expect(statusLine(door({ list: null, complete: false }), NOW, null).attention).toBeNull();
  });
});
