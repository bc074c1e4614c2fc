// Times as door staff read them: "2 min ago (20:41)"; the locale decides the clock style.
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatWhen(ms: number, now: number): string {
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
  return clock.format(ms);
}

export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** Sizes as storage settings show them: "3.4 MB", "1.2 GB" (powers of 1000). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** A count with thousands separators: 2,800. */
export function formatCount(n: number): string {
  return n.toLocaleString('en');
}

/** "1 check-in", "2,800 tickets". */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
