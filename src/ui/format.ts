// Times, sizes and counts as door staff read them, in the active language's conventions
// ("2 min ago (20:41)", "vor 2 Minuten (20:41)"); the formatters follow the locale chosen.
import { formattingLocale } from './i18n/i18n';
import { t } from './i18n/t';

interface Formatters {
  relative: Intl.RelativeTimeFormat;
  clock: Intl.DateTimeFormat;
  dayAndClock: Intl.DateTimeFormat;
  count: Intl.NumberFormat;
  size: (digits: number) => Intl.NumberFormat;
  share: Intl.NumberFormat;
}

const byLocale = new Map<string, Formatters>();

/** One formatter for each number of digits, made once: making one costs far more than using it. */
function sizeFormats(locale: string): (digits: number) => Intl.NumberFormat {
  const made = new Map<number, Intl.NumberFormat>();
  return (digits) => {
    let format = made.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      made.set(digits, format);
    }
    return format;
  };
}

function formatters(): Formatters {
  const locale = formattingLocale();
  let made = byLocale.get(locale);
  if (!made) {
    made = {
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      clock: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }),
      dayAndClock: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      count: new Intl.NumberFormat(locale),
      size: sizeFormats(locale),
      share: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
    };
    byLocale.set(locale, made);
  }
  return made;
}

export function formatWhen(ms: number, now: number): string {
  const { relative, clock, dayAndClock } = formatters();
  const seconds = Math.round((ms - now) / 1000);
  const abs = Math.abs(seconds);
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  const time = sameDay ? clock.format(ms) : dayAndClock.format(ms);
  if (abs < 45) return `${relative.format(0, 'second')} (${time})`;
  if (abs < 3600) return `${relative.format(Math.round(seconds / 60), 'minute')} (${time})`;
  if (abs < 86_400) return `${relative.format(Math.round(seconds / 3600), 'hour')} (${time})`;
  return dayAndClock.format(ms);
}

/** The wall-clock time alone ("20:41"), for a time staff compare with their watch. */
export function formatClock(ms: number): string {
  return formatters().clock.format(ms);
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
  return `${formatters().size(digits).format(value)} ${UNITS[unit]}`;
}

/** A count with the locale's thousands separators: 2,800 / 2.800. */
export function formatCount(n: number): string {
  return formatters().count.format(n);
}

/**
 * A share in the locale's percent style ("0.4%", "0,4 %"), never a bare "0%" while something is
 * used: below 0.1 % it reads "<0.1%". That one is kept left to right (an isolate), or a right-to-
 * left line would mirror the sign and move it behind the number ("0.1>%").
 */
export function formatShare(part: number, whole: number): string {
  const { share } = formatters();
  const ratio = Math.min(1, Math.max(0, part / whole));
  if (part > 0 && ratio < 0.001) return `\u2066<${share.format(0.001)}\u2069`;
  return share.format(ratio);
}
