// Times, sizes and counts as door staff read them, in the active language's conventions
// ("2 min ago (20:41)", "vor 2 Minuten (20:41)"); the formatters follow the locale chosen.
import { formattingLocale } from './i18n/i18n';
import { t } from './i18n/t';

interface Formatters {
  relative: Intl.RelativeTimeFormat;
  clock: Intl.DateTimeFormat;
  dayAndClock: Intl.DateTimeFormat;
  count: Intl.NumberFormat;
  share: Intl.NumberFormat;
  names: Intl.ListFormat;
}

const MAKERS: { [K in keyof Formatters]: (locale: string) => Formatters[K] } = {
  relative: (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  clock: (locale) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
  dayAndClock: (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  count: (locale) => new Intl.NumberFormat(locale),
  share: (locale) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
  names: (locale) => new Intl.ListFormat(locale, { type: 'conjunction' }),
};

// Each formatter is made once per locale, and only when first asked for: making one costs far
// more than using it (on a phone a few ms each), and a screen's first render should pay only
// for the ones it shows.
const byLocale = new Map<
  string,
  Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat>
>();

function made(locale: string) {
  let formats = byLocale.get(locale);
  if (!formats) {
    formats = new Map();
    byLocale.set(locale, formats);
  }
  return formats;
}

function formatter<K extends keyof Formatters>(kind: K): Formatters[K] {
  const locale = formattingLocale();
  const formats = made(locale);
  let format = formats.get(kind) as Formatters[K] | undefined;
  if (!format) {
    format = MAKERS[kind](locale);
    formats.set(kind, format);
  }
  return format;
}

/** Sizes' number format for a number of digits. */
function sizeFormat(digits: number): Intl.NumberFormat {
  const locale = formattingLocale();
  const formats = made(locale);
  const key = `size${digits}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}

/**
 * Makes the active locale's formatters the door's screens use now, with nothing shown: the first
 * of them loads the platform's locale data (50-70 ms on a phone), which is better paid while the
 * page waits than on the first scan (VerdictRehearsal.tsx).
 */
export function warmFormatters(now = Date.now()): void {
  formatWhen(now, now);
  formatWhen(now - 86_400_000 * 2, now);
  formatBytes(1500);
  formatBytes(150);
  formatCount(1000);
  formatShare(1, 2);
}

export function formatWhen(ms: number, now: number): string {
  const seconds = Math.round((ms - now) / 1000);
  const abs = Math.abs(seconds);
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  const time = sameDay ? formatter('clock').format(ms) : formatter('dayAndClock').format(ms);
  const relative = () => formatter('relative');
  if (abs < 45) return `${relative().format(0, 'second')} (${time})`;
  if (abs < 3600) return `${relative().format(Math.round(seconds / 60), 'minute')} (${time})`;
  if (abs < 86_400) return `${relative().format(Math.round(seconds / 3600), 'hour')} (${time})`;
  return formatter('dayAndClock').format(ms);
}

/** The day and the time ("Tue 2 Dec, 20:41"), for a moment read later, not beside a clock. */
export function formatDayAndClock(ms: number): string {
  return formatter('dayAndClock').format(ms);
}

/** The wall-clock time alone ("20:41"), for a time staff compare with their watch. */
export function formatClock(ms: number): string {
  return formatter('clock').format(ms);
}

/** A short duration: "40 s", "3 min", "1 h 5 min" (the unit words come from the catalogue). */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return t('ageSeconds', { n: s });
  if (s < 3600) return t('ageMinutes', { n: Math.floor(s / 60) });
  return t('ageHours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}

// SI symbols, the same in every language the app speaks.
const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** Sizes as storage settings show them: "3.4 MB", "1,2 GB" (powers of 1000). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${sizeFormat(digits).format(value)} ${UNITS[unit]}`;
}

/** A count with the locale's thousands separators: 2,800 / 2.800. */
export function formatCount(n: number): string {
  return formatter('count').format(n);
}

/** Names as a sentence lists them: "Ana, Ben and Chen", "Ana, Ben et Chen". */
export function formatNames(names: readonly string[]): string {
  return formatter('names').format(names);
}

/**
 * A share in the locale's percent style ("0.4%", "0,4 %"), never a bare "0%" while something is
 * used: below 0.1 % it reads "<0.1%". That one is kept left to right (an isolate), or a right-to-
 * left line would mirror the sign and move it behind the number ("0.1>%").
 */
export function formatShare(part: number, whole: number): string {
  const share = formatter('share');
  const ratio = Math.min(1, Math.max(0, part / whole));
  if (part > 0 && ratio < 0.001) return `\u2066<${share.format(0.001)}\u2069`;
  return share.format(ratio);
}
