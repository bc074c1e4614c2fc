// Where the relay keeps its organiser sessions across a restart, when it keeps a data directory
// (the venue mirror's): `sessions.json`, holding for each live session only the SHA-256 digest of
// its token and when it expires. A digest cannot be turned back into a token (the tokens are 40
// random characters), and the upstream's Admin API token is never in it, so the file opens
// nothing by itself; it is still written owner-only. Written whole (temporary file, rename) at
// each sign-in; an unreadable or damaged file means "no sessions" (organisers sign in again).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replacePrivateFile } from '../platform/private-files';

export type SessionEntry = [digest: string, expiresAt: number];

export interface SessionStore {
  load(): SessionEntry[];
  save(entries: SessionEntry[]): void;
}

const DIGEST = /^[A-Za-z0-9_-]{43}$/;

export function sessionFile(dir: string, warn: (message: string) => void = () => {}): SessionStore {
  const path = join(dir, 'sessions.json');
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          warn('relay: the organiser sessions could not be read; organisers sign in again');
        return [];
      }
      try {
        const parsed: unknown = JSON.parse(text);
        if (!Array.isArray(parsed)) throw new Error('not a list');
        return parsed.filter(
          (e): e is SessionEntry =>
            Array.isArray(e) &&
            e.length === 2 &&
            typeof e[0] === 'string' &&
            DIGEST.test(e[0]) &&
            Number.isSafeInteger(e[1]),
        );
      } catch {
        warn('relay: the organiser sessions file is damaged; organisers sign in again');
        return [];
      }
    },
    save(entries) {
      try {
        replacePrivateFile(path, JSON.stringify(entries));
      } catch {
        // The session stands for this run; only a restart would sign it out.
        warn('relay: the organiser sessions could not be written; a restart signs organisers out');
      }
    },
  };
}
