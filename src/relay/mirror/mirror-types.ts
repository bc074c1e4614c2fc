// The mirror's journal entries and snapshot: the only forms in which a list's state is written
// down. Each entry carries `at`, the relay's change time it was made at (replay never reads the
// clock). See ./list-mirror for what applying each one means.

/** A record as the upstream sent it (parsed JSON object). */
export type Rec = Record<string, unknown>;

export interface Stamped {
  rec: Rec;
  /** The relay's time this copy last changed (ms): served as `updated_at`, filtered by `since`. */
  seenAt: number;
}

/** A door's check-in (and its delete) on its way upstream. */
export interface Write {
  uuid: string;
  ticketId: number;
  createdAt: number;
  /** `upstream`: made elsewhere; only its delete is this relay's to send. */
  state: 'queued' | 'sending' | 'sent' | 'parked' | 'upstream';
  /** Upstream time (ms) before which the attempt cannot have been recorded; recovery pulls from it. */
  floor: number | null;
  deleteState: 'queued' | 'done' | 'parked' | null;
  upstreamUuid: string | null;
  reason?: string;
}

export type Entry = { at: number } & (
  | { k: 'slug'; slug: string }
  | { k: 'list'; list: Rec }
  | { k: 'questions'; records: Rec[] }
  /** `upTo`: the greatest upstream `updated_at` the pull received, changed records or not. */
  | { k: 'pulled'; res: 'tickets' | 'answers' | 'checkins'; records: Rec[]; upTo?: number | null }
  | { k: 'ready' }
  | { k: 'door-checkin'; uuid: string; id: number; ticket_id: number; created_at: number }
  | { k: 'door-delete'; uuid: string }
  | { k: 'sending'; uuids: string[]; floor: number | null }
  | { k: 'requeue'; uuids: string[] }
  | { k: 'sent'; uuid: string; record: Rec }
  | { k: 'parked'; uuid: string; op: 'checkin' | 'delete'; reason: string }
  | { k: 'deleted-up'; uuid: string; record: Rec | null }
  | { k: 'uuids'; mode: 'kept' | 'ignored' }
);

export interface MirrorSnapshot {
  slug: string;
  list: Rec | null;
  questions: Rec[];
  tickets: Stamped[];
  answers: Stamped[];
  checkins: Stamped[];
  writes: Write[];
  links: [string, string][];
  clientUuids: 'kept' | 'ignored' | null;
  cursors: Record<string, number | null>;
  ready: boolean;
  pulledAt: number | null;
  lastAt: number;
  localIds: number;
}

export const isRec = (value: unknown): value is Rec =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether an upstream's refusal of a check-in says its ticket is already checked in there (a
 * service that refuses a second active check-in: a 422 whose message says "already").
 */
export const saysAlreadyIn = (reason: string | undefined): boolean => /\balready\b/i.test(reason ?? '');
