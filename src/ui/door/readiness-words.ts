// The readiness items in words: each item's title, what it says with its fix, and the one
// line the status line and the panel sum them up in. The pure judgement names a message of
// the door catalogue by its key (`ready_<key>`, `readyTitle_<item>`); the types below refuse
// any key the catalogue lacks.
import type {
  Readiness,
  ReadinessCheck,
  ReadinessItemId,
  ReadinessKey,
  ReadinessWords,
} from '../../domain/readiness';
import { formatAge, formatBytes } from '../format';
import { type DoorMessageKey, t, tn } from '../i18n/t';

const titleKey = (id: ReadinessItemId): DoorMessageKey => `readyTitle_${id}`;
const wordsKey = (key: ReadinessKey): DoorMessageKey => `ready_${key}`;
const levelKey = (level: ReadinessCheck['level']): DoorMessageKey => `readyLevel_${level}`;

export const readinessTitle = (id: ReadinessItemId): string => t(titleKey(id));

/** What the item says, with its fix: durations as "4 min", sizes as "120 MB". */
export function readinessText(words: ReadinessWords): string {
  const values: Record<string, string | number> = { ...words.values };
  for (const [name, ms] of Object.entries(words.durations ?? {})) values[name] = formatAge(ms);
  for (const [name, bytes] of Object.entries(words.sizes ?? {})) values[name] = formatBytes(bytes);
  return t(wordsKey(words.key), values);
}

/** The level in a word, beside its colour and mark: "OK", "Check", "Fix", "Not known". */
export const levelWord = (level: ReadinessCheck['level']): string => t(levelKey(level));

/** Marks beside the words, so the level never rests on colour alone. */
export const LEVEL_MARK: Record<ReadinessCheck['level'], string> = {
  green: '✓',
  amber: '!',
  red: '✕',
  unknown: '?',
};

const count = (readiness: Readiness, level: ReadinessCheck['level']) =>
  readiness.items.filter((item) => item.level === level).length;

/** The status line's few words: "Ready", "Ready · 2 to check", "Not ready: 1 to fix". */
export function readinessShort(readiness: Readiness): string {
  if (!readiness.ready) return tn('readyPillNotReady', count(readiness, 'red'));
  const amber = count(readiness, 'amber');
  return amber > 0 ? tn('readyPillCheck', amber) : t('readyPillReady');
}

/** The panel's summary, which also says scanning goes on whatever it finds. */
export function readinessSummary(readiness: Readiness): string {
  if (!readiness.ready) return tn('readySummaryRed', count(readiness, 'red'));
  const amber = count(readiness, 'amber');
  return amber > 0 ? tn('readySummaryAmber', amber) : t('readySummaryGreen');
}

const ORDER: Record<ReadinessCheck['level'], number> = { red: 0, amber: 1, green: 2, unknown: 3 };

/** What to fix first, then what to check, then what is fine, then what cannot be told. */
export const byUrgency = (items: readonly ReadinessCheck[]): ReadinessCheck[] =>
  [...items].sort((a, b) => ORDER[a.level] - ORDER[b.level]);
