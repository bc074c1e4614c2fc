// How values leave the service: Admin API datetimes with milliseconds in the event's offset
// (`2026-03-28T17:56:22.000-04:00`), Check-in API datetimes in UTC (`...000Z`), decimals as
// strings. Offsets come from Intl with the IANA zone: no date library needed.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

/** Minutes the zone is ahead of UTC at that instant. */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/** `2026-03-28T17:56:22.000-04:00`; `Z` for the UTC zone itself. Null stays null. */
export function formatInZone(iso: string | null | undefined, timeZone: string): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return at.toISOString();
  const offset = zoneOffsetMinutes(at, timeZone);
  const local = new Date(at.getTime() + offset * 60000).toISOString().slice(0, 23);
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** Check-in API datetimes: UTC with milliseconds and `Z`. */
const UTC_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function formatUtc(iso: string | null | undefined): string | null {
  if (!iso) return null;
  // Stored datetimes are already in this form: skip the Date round trip on hot paths.
  return UTC_ISO.test(iso) ? iso : new Date(iso).toISOString();
}

/** The UTC instant of a wall-clock date and time in a zone (for derived `start_at`/`end_at`). */
export function zonedToUtc(date: string, time: string | null, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = (time ?? '00:00').split(':').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0);
  // Two passes settle the offset also around a daylight-saving change.
  let guess = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60000;
  guess = wall - zoneOffsetMinutes(new Date(guess), timeZone) * 60000;
  return new Date(guess).toISOString();
}

/** The calendar date (`YYYY-MM-DD`) of an instant in a zone. */
export function localDate(at: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(at, timeZone);
  return new Date(at.getTime() + offset * 60000).toISOString().slice(0, 10);
}

/** Decimals leave as strings: `"12.50"`. */
export function decimalString(value: number | string | null | undefined, places = 2): string | null {
  if (value === null || value === undefined || value === '') return null;
  return Number(value).toFixed(places);
}
