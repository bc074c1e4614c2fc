// Before the door refuses a ticket while online, it asks the service: a ticket sold a minute ago
// is not in the copy until the next pull, and a refusal is the worst wrong answer at the door.
// What the service says corrects the copy; every disagreement is kept for the status screen.
import type { CheckinClient } from '../../api/checkin-client';
import { type Failure, fail } from '../../domain/result';
import type { RemoteTicket } from '../../api/schemas';
import type { CorrectionRow } from '../../db/rows';
import type { ScannedCode } from '../../domain/scan-code';
import type { DoorTicket } from '../../domain/verdict';
import type { Clock } from '../clock';

/** What a verdict stands on, so staff can tell a checked refusal from a guess. */
export type ScanBasis =
  /** Judged from the copy: admissions and cautions need no confirmation. */
  | { kind: 'local' }
  /** The service was asked about this very ticket just now. */
  | { kind: 'online' }
  /** The copy was brought up to date with the service just now (references have no look-up). */
  | { kind: 'synced' }
  /** No network: the copy's word, as of its last sync. */
  | { kind: 'offline'; syncedAt: number | null }
  /** Online, but the service did not answer in time: the copy's word. */
  | { kind: 'unconfirmed'; syncedAt: number | null; reason: Failure['reason'] };

/** A ticket whose standing the service gave differently from the copy (stored per list). */
export type CopyCorrection = Omit<CorrectionRow, 'listSlug'>;

export const LOOKUP_DEADLINE_MS = 3000;

export type Lookup =
  | { kind: 'found'; ticket: RemoteTicket }
  | { kind: 'absent' }
  | { kind: 'failed'; failure: Failure };

/** Resolves with the work's value, or with `onLate` when the deadline passes first. */
export function withDeadline<T>(work: Promise<T>, ms: number, clock: Clock, onLate: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = clock.setTimeout(() => resolve(onLate()), ms);
    work.then(
      (value) => {
        clock.clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clock.clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The slug the service can be asked about: read from the code, or the copy's ticket for it. */
export function slugToAsk(code: ScannedCode, local: DoorTicket | null): string | null {
  if (code.kind === 'ticket-slug') return code.slug;
  return local?.slug ?? null;
}

export async function lookUpTicket(
  client: CheckinClient,
  listSlug: string,
  ticketSlug: string,
  clock: Clock,
): Promise<Lookup> {
  const answer = await withDeadline(client.getTicket(listSlug, ticketSlug), LOOKUP_DEADLINE_MS, clock, () =>
    fail('timeout'),
  );
  if (answer.ok) return { kind: 'found', ticket: answer.value };
  if (answer.reason === 'not-found') return { kind: 'absent' };
  return { kind: 'failed', failure: answer };
}

const standing = (ticket: Pick<DoorTicket, 'state'> | null | undefined) =>
  ticket ? (ticket.state ?? 'valid') : 'missing';

/**
 * The disagreement between the copy and the service's answer, or null when they agree. A ticket
 * missing from a copy still on its first download is no disagreement: the copy had not come that
 * far, and calling it "corrected" would tell staff the copy was wrong.
 */
export function correctionFor(
  code: ScannedCode,
  local: DoorTicket | null,
  lookup: Lookup,
  at: number,
  copyComplete: boolean,
): CopyCorrection | null {
  if (lookup.kind === 'failed') return null;
  if (!local && !copyComplete) return null;
  const was = standing(local);
  const now = lookup.kind === 'found' ? standing(lookup.ticket) : 'not on the list';
  if (was === now || (was === 'missing' && now === 'not on the list')) return null;
  const ticket = lookup.kind === 'found' ? lookup.ticket : local;
  return { at, ticketId: ticket?.id ?? null, code: ticket?.reference ?? code.text.slice(0, 80), was, now };
}
