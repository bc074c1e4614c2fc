// One-time sign-in codes of the Node server's organiser link. Kept in memory only: a restart
// forgets them (and prints a fresh link), so a code never reaches the journal or a disk.
// Codes are 32 characters from the platform's cryptographic generator (about 190 bits), held
// as SHA-256 digests; one code is open at a time (a new link closes the previous one), it is
// spent by its first use and expires after `ttlMs`. Failed attempts are counted per caller, so
// a guesser is slowed to a few tries a minute on top of odds that already make guessing
// pointless.
import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { secretString } from '../../platform/secrets';

export const SIGN_IN_CODE_LENGTH = 32;
/** How long a printed link stays valid. */
export const SIGN_IN_TTL_MS = 30 * 60_000;
/** Failed attempts one caller may make in `FAILURE_WINDOW_MS` before being answered 429. */
export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 10 * 60_000;
/** Spent and expired codes remembered (to say "already used" rather than "not valid"). */
const REMEMBERED = 20;
/** Callers whose failures are counted at once; the oldest are dropped past it. */
const MAX_CALLERS = 1_000;

export type Redemption =
  | { ok: true }
  | { ok: false; reason: 'used' | 'expired' | 'unknown' }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

interface CodeState {
  expiresAt: number;
  usedAt: number | null;
  /** Closed by a newer link before use. */
  replaced: boolean;
}

export interface SignInCodes {
  /** A fresh code; the one before it, if still open, is closed. */
  issue(): { code: string; expiresAt: Date };
  /** Spends `code` when it is open; the answer says why not otherwise. */
  redeem(code: string, caller: string): Redemption;
  /** Puts a spent code back, when what it was spent for (the token) could not be made. */
  restore(code: string): void;
}

const digest = (code: string) => createHash('sha256').update(code).digest('base64url');

export function createSignInCodes(clock: Clock, ttlMs = SIGN_IN_TTL_MS): SignInCodes {
  const codes = new Map<string, CodeState>();
  const failures = new Map<string, number[]>();

  const forgetOld = () => {
    while (codes.size > REMEMBERED) {
      const oldest = codes.keys().next().value;
      if (oldest === undefined) break;
      codes.delete(oldest);
    }
  };

  const recentFailures = (caller: string, now: number) =>
    (failures.get(caller) ?? []).filter((at) => now - at < FAILURE_WINDOW_MS);

  const fail = (caller: string, now: number, reason: 'used' | 'expired' | 'unknown'): Redemption => {
    const recent = recentFailures(caller, now);
    recent.push(now);
    failures.delete(caller);
    failures.set(caller, recent);
    if (failures.size > MAX_CALLERS) {
      const oldest = failures.keys().next().value;
      if (oldest !== undefined) failures.delete(oldest);
    }
    return { ok: false, reason };
  };

  return {
    issue() {
      const now = clock.now().getTime();
      for (const state of codes.values()) if (state.usedAt === null) state.replaced = true;
      const code = secretString(SIGN_IN_CODE_LENGTH);
      codes.set(digest(code), { expiresAt: now + ttlMs, usedAt: null, replaced: false });
      forgetOld();
      return { code, expiresAt: new Date(now + ttlMs) };
    },
    redeem(code, caller) {
      const now = clock.now().getTime();
      const recent = recentFailures(caller, now);
      if (recent.length >= MAX_FAILURES) {
        const oldest = recent[0] ?? now;
        return {
          ok: false,
          reason: 'rate-limited',
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MS - now) / 1000)),
        };
      }
      const state = codes.get(digest(code));
      if (!state) return fail(caller, now, 'unknown');
      if (state.usedAt !== null) return fail(caller, now, 'used');
      if (state.replaced || now >= state.expiresAt) return fail(caller, now, 'expired');
      state.usedAt = now;
      return { ok: true };
    },
    restore(code) {
      const state = codes.get(digest(code));
      if (state) state.usedAt = null;
    },
  };
}
