// What a door's status says, decided once for the scan screen's one line and chip
// (ScanStatusLine) and the other door screens' status bar (DoorStatusBar): whether the door is
// online, what is unsent, how old the data is, and what needs staff's attention, most urgent
// first. Pure: message keys and values, put into words by the screens.
import type { SyncStatus } from '../../sync/engine/door-protocol';
import type { MessageKey } from '../i18n/t';

/** A message and its values, put into words by the screen. */
export interface Words {
  key: MessageKey;
  values?: Record<string, number>;
}

/** What needs staff's attention, most urgent first. */
export type AttentionKind =
  | 'storage'
  | 'conflicts'
  | 'parked'
  | 'storage-low'
  | 'corrections'
  | 'audit-lost'
  | 'downloading';

export interface Attention {
  kind: AttentionKind;
  words: Words;
  /** Where staff act on it. */
  href: string;
  tone: 'danger' | 'warn' | 'info';
  /** The chip's test id: kept from the status bar's pills, which journeys look for. */
  testId: string;
}

export interface StatusLine {
  connection: 'online' | 'unreachable' | 'offline';
  connectionWords: Words;
  unsentWords: Words;
  /** How old the data is: "Synced 2 min ago", or downloading, or never synced. */
  dataWords: Words;
  /** Null while the open list loads after a restart: its count is not known yet. */
  inside: number | null;
  /** The one thing to act on first, or null when all is well. */
  attention: Attention | null;
  /** How many more things need attention behind the chip's. */
  moreAttention: number;
}

/** Storage use from this share of the quota on is "nearly full". */
export const STORAGE_NEARLY_FULL = 0.9;

export type StatusInput = Pick<
  SyncStatus,
  | 'online'
  | 'reachable'
  | 'pending'
  | 'elsewhere'
  | 'lastPullAt'
  | 'download'
  | 'list'
  | 'complete'
  | 'counted'
  | 'conflicts'
  | 'parked'
  | 'corrections'
  | 'auditLost'
  | 'storage'
  | 'counts'
>;

/** Where each kind of attention leads, how loud its chip is, and its test id. */
const ATTENTION: Record<AttentionKind, Omit<Attention, 'kind' | 'words'>> = {
  storage: { href: '/door/lists', tone: 'danger', testId: 'storage-chip' },
  conflicts: { href: '/door/conflicts', tone: 'danger', testId: 'conflicts' },
  parked: { href: '/door/problems', tone: 'danger', testId: 'parked' },
  'storage-low': { href: '/door/lists', tone: 'warn', testId: 'storage-low' },
  corrections: { href: '/door/problems', tone: 'warn', testId: 'corrections-pill' },
  'audit-lost': { href: '/door/audit', tone: 'warn', testId: 'audit-lost' },
  downloading: { href: '/door/lists', tone: 'info', testId: 'list-incomplete' },
};

/** Everything that needs staff's attention, most urgent first (`storageShare`: null unknown). */
export function attentions(status: StatusInput, storageShare: number | null): Attention[] {
  const out: Attention[] = [];
  const add = (kind: AttentionKind, words: Words) => out.push({ kind, words, ...ATTENTION[kind] });
  if (status.storage) add('storage', { key: 'chipStorageFailed' });
  if (status.conflicts.length > 0)
    add('conflicts', { key: 'statusConflicts', values: { n: status.conflicts.length } });
  if (status.parked.length > 0) add('parked', { key: 'statusParked', values: { n: status.parked.length } });
  if (!status.storage && storageShare !== null && storageShare >= STORAGE_NEARLY_FULL)
    add('storage-low', { key: 'chipStorageLow', values: { percent: Math.floor(storageShare * 100) } });
  if (status.corrections.length > 0)
    add('corrections', { key: 'statusCorrections', values: { n: status.corrections.length } });
  if (status.auditLost > 0) add('audit-lost', { key: 'auditLostPill' });
  if (status.list && !status.complete) {
    const download = status.download;
    const percent = download?.total ? Math.floor((download.done / download.total) * 100) : 0;
    add(
      'downloading',
      download ? { key: 'chipDownloading', values: { percent } } : { key: 'chipIncomplete' },
    );
  }
  return out;
}

/**
 * The scan screen's one status line: online or not, what is unsent, how old the data is and
 * how many are inside, and the one thing (if any) that needs staff first.
 */
export function connectionOf(status: Pick<StatusInput, 'online' | 'reachable'>): StatusLine['connection'] {
  return !status.online ? 'offline' : status.reachable ? 'online' : 'unreachable';
}

/** Rows another list on the device holds that the service has not taken (unsent or refused). */
export const heldElsewhere = (status: Pick<StatusInput, 'elsewhere'>): number =>
  status.elsewhere.unsent + status.elsewhere.parked;

/**
 * What is unsent: the open list's count; with none there, what other lists hold (the cycle sends
 * them, and a refused one waits in its own list's Problems); "All sent" only when no list holds any.
 */
export function unsentWordsOf(status: Pick<StatusInput, 'pending' | 'elsewhere'>): Words {
  if (status.pending) return { key: 'statusPending', values: { n: status.pending } };
  const held = heldElsewhere(status);
  return held
    ? { key: 'statusPendingElsewhere', values: { n: held, lists: status.elsewhere.lists } }
    : { key: 'statusAllSent' };
}

export const connectionKey = (connection: StatusLine['connection']): MessageKey =>
  connection === 'online' ? 'online' : connection === 'offline' ? 'offline' : 'statusUnreachable';

export function statusLine(status: StatusInput, now: number, storageShare: number | null): StatusLine {
  const connection = connectionOf(status);
  const all = attentions(status, storageShare);
  return {
    connection,
    connectionWords: { key: connectionKey(connection) },
    unsentWords: unsentWordsOf(status),
    dataWords: status.download
      ? { key: 'statusDownloading', values: { done: status.download.done, total: status.download.total } }
      : status.lastPullAt === null
        ? { key: 'statusNeverSynced' }
        : now - status.lastPullAt < 60_000
          ? { key: 'statusSyncedNow' }
          : { key: 'statusSyncedAgo', values: { ms: now - status.lastPullAt } },
    inside: status.counted ? status.counts.inside : null,
    attention: all[0] ?? null,
    moreAttention: Math.max(0, all.length - 1),
  };
}

/**
 * The door's progress ("1200 / 2800 in" and its percent), or, while the open list loads after a
 * restart, that it is opening: its counts hold only what has loaded so far.
 */
export function progressWords(status: Pick<SyncStatus, 'counts' | 'counted'>): {
  words: Words;
  percent: number | null;
} {
  if (!status.counted) return { words: { key: 'scanListLoading' }, percent: null };
  const { tickets, checkedIn } = status.counts;
  return {
    words: { key: 'statusProgress', values: { done: checkedIn, total: tickets } },
    percent: tickets === 0 ? 0 : Math.floor((checkedIn / tickets) * 100),
  };
}
