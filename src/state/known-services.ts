// The services (origins only, no slugs or tokens) this device has agreed to join lists on,
// so a scanned QR code of a stranger's server asks first instead of downloading at once.
const KEY = 'venue-checkin.known-services';
const MAX = 50;

export function knownServiceOrigins(): string[] {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(saved) ? saved.filter((o): o is string => typeof o === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberServiceOrigin(origin: string): void {
  const known = knownServiceOrigins().filter((o) => o !== origin);
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify([origin, ...known].slice(0, MAX)));
  } catch {
    // Private windows may refuse storage: the question comes again next time.
  }
}
