// Times of arrivals as people at the event read them: in the event's time zone when the
// service names a valid one, else this device's.
export function timeFormat(timeZone: unknown): (at: number) => string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(undefined, {
      ...options,
      ...(typeof timeZone === 'string' && timeZone ? { timeZone } : {}),
    });
  } catch {
    formatter = new Intl.DateTimeFormat(undefined, options);
  }
  return (at) => formatter.format(at);
}
