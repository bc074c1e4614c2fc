// Organiser sessions of the relay: what the browser holds instead of the upstream token. A
// session is a random 40-character token, handed out once for a spent sign-in code, kept here
// only as a SHA-256 digest (looked up by digest, so timing says nothing about the token), valid
// for `ttlMs`. With a `store` (the relay's data directory, ./session-file) the digests and their
// expiry survive a restart; without one a restart signs everyone out (the next printed link signs
// in again). Nothing that opens the real account is ever written to disk by the relay. At most
// `MAX_SESSIONS` live at once; the oldest go first.
import { createHash } from 'node:crypto';
import type { Clock } from '../platform/clock';
import { secretString } from '../platform/secrets';
import type { SessionStore } from './session-file';

export const SESSION_TTL_MS = 12 * 60 * 60_000;
const MAX_SESSIONS = 200;
const PREFIX = 'relay_';

export interface RelaySessions {
  issue(): string;
  /** Whether `token` is a live session. */
  check(token: string): boolean;
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createRelaySessions(
  clock: Clock,
  ttlMs = SESSION_TTL_MS,
  store: SessionStore | null = null,
): RelaySessions {
  const sessions = new Map<string, number>();
  const now = () => clock.now().getTime();
  for (const [key, expiresAt] of store?.load() ?? [])
    if (expiresAt > now() && expiresAt <= now() + ttlMs) sessions.set(key, expiresAt);
  return {
    issue() {
      const token = `${PREFIX}${secretString(40)}`;
      sessions.set(digest(token), now() + ttlMs);
      while (sessions.size > MAX_SESSIONS) {
        const oldest = sessions.keys().next().value;
        if (oldest === undefined) break;
        sessions.delete(oldest);
      }
      if (store) {
        const at = now();
        store.save([...sessions].filter(([, expiresAt]) => expiresAt > at));
      }
      return token;
    },
    check(token) {
      if (!token.startsWith(PREFIX) || token.length > 100) return false;
      const key = digest(token);
      const expiresAt = sessions.get(key);
      if (expiresAt === undefined) return false;
      if (clock.now().getTime() >= expiresAt) {
        sessions.delete(key);
        return false;
      }
      return true;
    },
  };
}
