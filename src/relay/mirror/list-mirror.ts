// One check-in list as the relay holds it: the upstream's records as received, the doors' writes
// not yet confirmed upstream, and a local change time for every record. Guarantees:
// - state changes only through `apply(entry)`, and every entry is journalled before it is
//   applied (./mirror-journal), so replaying the journal rebuilds exactly this state;
// - every record carries `seenAt`, the relay's time when its copy here last changed, and is
//   served with `updated_at` = seenAt: a door's `since` cursor (taken from served `updated_at`
//   values) and the relay's filter share one clock, so a check-in that reaches the relay late
//   (made elsewhere during an outage) is still in the door's next pull;
// - `seenAt` only grows (`nextAt`), also across restarts (the largest replayed `at`);
// - a door's check-in is one record under the door's uuid from the moment it is journalled;
//   the upstream's copy of it (same uuid, or linked when the upstream ignores client uuids)
//   replaces its fields, never adds a second check-in;
// - a delete made here and not yet confirmed upstream is never undone by a pull.
import type { Entry, MirrorSnapshot, Rec, Stamped, Write } from './mirror-types';

export const LOCAL_ID_BASE = 1_000_000_000_000;

const iso = (ms: number) => new Date(ms).toISOString();
const upstreamTime = (rec: Rec): number => {
  const t = Date.parse(String(rec.updated_at ?? ''));
  return Number.isNaN(t) ? 0 : t;
};

export class ListMirror {
  readonly slug: string;
  list: Rec | null = null;
  questions: Rec[] = [];
  tickets = new Map<number, Stamped>();
  answers = new Map<number, Stamped>();
  /** By the uuid doors know (the door's own uuid for check-ins made through this relay). */
  checkins = new Map<string, Stamped>();
  writes = new Map<string, Write>();
  /** Upstream uuid -> the door's uuid, for an upstream that made its own uuid. */
  links = new Map<string, string>();
  clientUuids: 'kept' | 'ignored' | undefined;
  /** The greatest upstream `updated_at` a `since` pull received per resource: the next one's base. */
  cursors: Record<string, number | null> = { tickets: null, checkins: null, answers: null };
  ready = false;
  pulledAt: number | null = null;
  /** Pull rounds since start (memory only). */
  rounds = 0;
  lastAt = 0;
  private localIds = 0;

  constructor(slug: string) {
    this.slug = slug;
  }

  /** A change time later than any before it, even with the wall clock stepping back. */
  nextAt(now: number): number {
    return Math.max(now, this.lastAt + 1);
  }

  nextLocalId(): number {
    return LOCAL_ID_BASE + this.localIds + 1;
  }

  pending(): number {
    let count = 0;
    for (const w of this.writes.values())
      if (w.state === 'queued' || w.state === 'sending' || w.deleteState === 'queued') count++;
    return count;
  }

  ticketByRef(key: 'id' | 'slug' | 'reference', value: string): Rec | undefined {
    if (key === 'id') return this.tickets.get(Number(value))?.rec;
    const wanted = key === 'reference' ? value.toUpperCase() : value;
    for (const { rec } of this.tickets.values()) {
      const have = key === 'reference' ? String(rec.reference ?? '').toUpperCase() : rec.slug;
      if (have === wanted) return rec;
    }
    return undefined;
  }

  apply(entry: Entry): void {
    this.lastAt = Math.max(this.lastAt, entry.at);
    switch (entry.k) {
      case 'slug':
        return;
      case 'list':
        this.list = entry.list;
        this.pulledAt = entry.at;
        return;
      case 'questions':
        this.questions = entry.records;
        return;
      case 'pulled':
        this.applyPulled(entry.res, entry.records, entry.at);
        if (entry.upTo != null && entry.upTo > (this.cursors[entry.res] ?? Number.NEGATIVE_INFINITY))
          this.cursors[entry.res] = entry.upTo;
        return;
      case 'ready':
        this.ready = true;
        return;
      case 'door-checkin': {
        this.localIds = Math.max(this.localIds, entry.id - LOCAL_ID_BASE);
        this.writes.set(entry.uuid, {
          uuid: entry.uuid,
          ticketId: entry.ticket_id,
          createdAt: entry.created_at,
          state: 'queued',
          floor: null,
          deleteState: null,
          upstreamUuid: null,
        });
        this.checkins.set(entry.uuid, {
          seenAt: entry.at,
          rec: {
            id: entry.id,
            uuid: entry.uuid,
            ticket_id: entry.ticket_id,
            created_at: iso(entry.created_at),
            updated_at: iso(entry.at),
            deleted_at: null,
          },
        });
        return;
      }
      case 'door-delete': {
        const held = this.checkins.get(entry.uuid);
        if (!held || held.rec.deleted_at) return;
        this.checkins.set(entry.uuid, { seenAt: entry.at, rec: { ...held.rec, deleted_at: iso(entry.at) } });
        const write = this.writes.get(entry.uuid);
        if (write) write.deleteState = 'queued';
        else
          this.writes.set(entry.uuid, {
            uuid: entry.uuid,
            ticketId: Number(held.rec.ticket_id),
            createdAt: Date.parse(String(held.rec.created_at)) || entry.at,
            state: 'upstream',
            floor: null,
            deleteState: 'queued',
            upstreamUuid: entry.uuid,
          });
        return;
      }
      case 'sending':
        for (const uuid of entry.uuids) {
          const w = this.writes.get(uuid);
          if (w && w.state === 'queued') Object.assign(w, { state: 'sending', floor: entry.floor });
        }
        return;
      case 'requeue':
        for (const uuid of entry.uuids) {
          const w = this.writes.get(uuid);
          if (w && w.state === 'sending') Object.assign(w, { state: 'queued', floor: null });
        }
        return;
      case 'sent': {
        const w = this.writes.get(entry.uuid);
        if (!w) return;
        const upstreamUuid = String(entry.record.uuid ?? entry.uuid);
        Object.assign(w, { state: 'sent', upstreamUuid });
        if (upstreamUuid !== entry.uuid) this.links.set(upstreamUuid, entry.uuid);
        this.applyPulled('checkins', [entry.record], entry.at, false);
        return;
      }
      case 'parked': {
        const w = this.writes.get(entry.uuid);
        if (!w) return;
        if (entry.op === 'checkin') Object.assign(w, { state: 'parked', reason: entry.reason });
        else Object.assign(w, { deleteState: 'parked', reason: entry.reason });
        return;
      }
      case 'deleted-up': {
        const w = this.writes.get(entry.uuid);
        if (w) w.deleteState = 'done';
        if (entry.record) this.applyPulled('checkins', [entry.record], entry.at, false);
        return;
      }
      case 'uuids':
        this.clientUuids = entry.mode;
        return;
    }
  }

  /**
   * `advance`: only a `since` pull moves the cursor. An answer to this relay's own POST or DELETE
   * carries the upstream's time of that write, and check-ins made elsewhere just before it (the
   * service's own app during an outage) have not been pulled yet: moving the cursor past them by
   * more than the pull's margin would hide them from the mirror for good.
   */
  private applyPulled(res: 'tickets' | 'answers' | 'checkins', records: Rec[], at: number, advance = true) {
    let max = this.cursors[res] ?? null;
    for (const rec of records) {
      const t = upstreamTime(rec);
      if (max === null || t > max) max = t;
      if (res === 'checkins') this.applyCheckin(rec, at);
      else {
        const map = res === 'tickets' ? this.tickets : this.answers;
        const before = map.get(Number(rec.id));
        if (before && JSON.stringify(before.rec) === JSON.stringify(rec)) continue;
        map.set(Number(rec.id), { rec, seenAt: at });
      }
    }
    if (advance) this.cursors[res] = max;
  }

  private applyCheckin(received: Rec, at: number) {
    const upstreamUuid = String(received.uuid);
    const uuid = this.links.get(upstreamUuid) ?? upstreamUuid;
    const rec: Rec = { ...received, uuid };
    const before = this.checkins.get(uuid);
    const write = this.writes.get(uuid);
    // A delete not yet confirmed upstream stays: the pull predates it.
    if (write && (write.deleteState === 'queued' || write.deleteState === 'parked') && before?.rec.deleted_at)
      rec.deleted_at = before.rec.deleted_at;
    // The served `updated_at` is the relay's own; compare the rest.
    if (before && sameCheckin(before.rec, rec)) return;
    this.checkins.set(uuid, { rec, seenAt: at });
    if (write && (write.state === 'queued' || write.state === 'sending')) {
      // Seen upstream: it got there (a recovery pull, or another route).
      Object.assign(write, { state: 'sent', upstreamUuid });
    }
  }

  snapshot(): MirrorSnapshot {
    return {
      slug: this.slug,
      list: this.list,
      questions: this.questions,
      tickets: [...this.tickets.values()],
      answers: [...this.answers.values()],
      checkins: [...this.checkins.values()],
      writes: [...this.writes.values()],
      links: [...this.links.entries()],
      clientUuids: this.clientUuids ?? null,
      cursors: this.cursors,
      ready: this.ready,
      pulledAt: this.pulledAt,
      lastAt: this.lastAt,
      localIds: this.localIds,
    };
  }

  static fromSnapshot(s: MirrorSnapshot): ListMirror {
    const m = new ListMirror(s.slug);
    m.list = s.list;
    m.questions = s.questions;
    for (const t of s.tickets) m.tickets.set(Number(t.rec.id), t);
    for (const a of s.answers) m.answers.set(Number(a.rec.id), a);
    for (const c of s.checkins) m.checkins.set(String(c.rec.uuid), c);
    for (const w of s.writes) m.writes.set(w.uuid, w);
    m.links = new Map(s.links);
    m.clientUuids = s.clientUuids ?? undefined;
    m.cursors = s.cursors;
    m.ready = s.ready;
    m.pulledAt = s.pulledAt;
    m.lastAt = s.lastAt;
    m.localIds = s.localIds;
    return m;
  }
}

function sameCheckin(a: Rec, b: Rec): boolean {
  return (
    a.id === b.id &&
    a.ticket_id === b.ticket_id &&
    a.created_at === b.created_at &&
    a.deleted_at === b.deleted_at
  );
}
