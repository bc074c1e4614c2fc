// Times of arrivals as people at the event read them: in the event's time zone when the
// service names a valid one, else this device's.
export function validTimeZone(timeZone: unknown): string | null {
  if (typeof timeZone !== 'string' || !timeZone) return null;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return timeZone;
  } catch {
    return null;
  }
}

export function timeFormat(timeZone: unknown): (at: number) => string {
  const zone = validTimeZone(timeZone);
  const formatter = new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    ...(zone ? { timeZone: zone } : {}),
  });
  return (at) => formatter.format(at);
}
