// A door the organiser revoked: it stops admitting, sends what it holds, and only then forgets
// the list. Guarantees:
// - from the moment it learns (any answer saying `revoked`), the open list's row says so in
//   memory before anything else happens: every scan is "device revoked" and every write is
//   refused, so no check-in is made after it knew (door-scan.ts, door-writes.ts);
// - what the outbox held still goes, by the usual exactly-once rules (the server takes a revoked
//   device's check-ins once, and reads nothing for it: sync-steps.ts);
// - the list, its tallies and its audit log are removed only while its outbox is empty, checked
//   in the transaction that removes them and while no push of it runs (fleet-notes.ts): a
//   check-in not sent, or refused and not yet dismissed by staff, keeps the list here;
// - the farewell (why it went, how many check-ins were sent first) is stored in that same
//   transaction, and the server is told the list is gone until it has heard (once told, the
//   device forgets its credential too). "Sent first" counts what went after the server last
//   answered as for a device not revoked: the door cannot know the moment it was revoked, and a
//   door offline sends what it held before it reads anything, so the moment it learns is late.
import type { DoorsClient } from '../../api/doors-client';
import { ok } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import {
  forgetRevokedList,
  patchFarewell,
  patchMembership,
  unseenFarewell,
  untoldFarewells,
} from '../../db/fleet-notes';
import { allLists } from '../../db/local-copy';
import type { FarewellRow, ListRow } from '../../db/rows';
import type { AuditTrail } from '../audit/audit-trail';
import type { Clock } from '../clock';
import type { SyncLoop } from '../loop/sync-loop';
import { isRevoked } from '../loop/sync-steps';
import type { OpenListState } from '../open-list/open-list-state';
import type { PushReport } from '../outbox/push-outbox';
import type { Farewell } from '../status/sync-status';

export interface RevocationDeps {
  db: CheckinDatabase;
  state: OpenListState;
  loop: Pick<SyncLoop, 'syncNow' | 'exclusive'>;
  audit: AuditTrail;
  clock: Clock;
  doorsFor: (serverUrl: string) => DoorsClient;
  /** A revoked list went: its counts go with it. */
  onForgotten?: (slug: string) => void;
}

const shown = (row: FarewellRow | null): Farewell | null =>
  row && {
    deviceId: row.deviceId,
    listTitle: row.listTitle,
    revokedAt: row.revokedAt,
    forgottenAt: row.forgottenAt,
    sent: row.sent,
  };

export type Revocation = ReturnType<typeof createRevocation>;

export function createRevocation(deps: RevocationDeps) {
  const { db, state, clock } = deps;
  const { publish, guarded } = state.board;
  /** One settling at a time: two would both try to forget the same list. */
  let settling: Promise<void> | null = null;
  /** Check-ins sent since the server last answered a read or a report of the list (in memory). */
  const sentSinceAnswer = new Map<string, number>();

  /** The door of list `slug` learnt it was revoked (an answer said so). */
  async function learn(slug: string): Promise<void> {
    const at = clock.now();
    // In memory first, before any await: the next scan or write already sees it.
    const open = state.current()?.list;
    if (open?.slug === slug) {
      if (!open.door || open.door.revokedAt != null) return;
      state.replaceRow({ ...open, door: { ...open.door, revokedAt: at, sentSinceRevoked: 0 } });
    }
    // What went since the server last answered may have reached it after the revocation.
    const sentBefore = sentSinceAnswer.get(slug) ?? 0;
    sentSinceAnswer.delete(slug);
    const marked = await guarded(async () => {
      const row = await db.lists.get(slug);
      // A list joined by its slug or address cannot be revoked; a revocation already learnt stands.
      if (!row?.door || row.door.revokedAt != null) return ok(row ?? null);
      return ok(await patchMembership(db, slug, { revokedAt: at, sentSinceRevoked: sentBefore }));
    });
    if (!marked.ok || !marked.value?.door) return;
    await state.refresh();
    // What it holds goes now; the run's end settles the list (`afterRun`).
    void deps.loop.syncNow();
  }

  /** A push of a code-joined list reached the service: its check-ins may count towards the farewell. */
  async function noteSent(list: ListRow, report: PushReport): Promise<void> {
    const checkins = report.sent - report.undone + report.recovered;
    if (!list.door || checkins <= 0) return;
    if (!isRevoked(list)) {
      sentSinceAnswer.set(list.slug, (sentSinceAnswer.get(list.slug) ?? 0) + checkins);
      return;
    }
    await guarded(async () => {
      const row = await db.lists.get(list.slug);
      const before = row?.door?.sentSinceRevoked ?? 0;
      return ok(await patchMembership(db, list.slug, { sentSinceRevoked: before + checkins }));
    });
  }

  /** Forgets the revoked list if it holds nothing more for the service; true when it went. */
  async function forget(slug: string): Promise<boolean> {
    return deps.loop.exclusive(slug, async () => {
      // Read again under the lock: the row carries what the last push counted.
      const list = await db.lists.get(slug);
      if (!list?.door || list.door.revokedAt == null) return false;
      // Rows still being written would land after the wipe and outlive the list.
      await deps.audit.written();
      const farewell: FarewellRow = {
        deviceId: list.door.deviceId,
        listTitle: list.title,
        revokedAt: list.door.revokedAt,
        forgottenAt: clock.now(),
        sent: list.door.sentSinceRevoked ?? 0,
        untold: { serverUrl: list.door.serverUrl, credential: list.slug },
        seen: false,
      };
      const gone = await guarded(async () => ok(await forgetRevokedList(db, slug, farewell)));
      if (!gone.ok || !gone.value) return false;
      deps.onForgotten?.(slug);
      // The list's own audit rows went with it (they name its attendees); this one names none.
      void deps.audit.note({
        listSlug: '',
        action: 'forget-list',
        ticketId: null,
        reason: `${list.title}: revoked by the organiser; ${farewell.sent} check-ins sent first`,
      });
      if (state.current()?.list.slug === slug) state.close();
      await state.refresh();
      publish({ farewell: shown(farewell) });
      return true;
    });
  }

  /** Tells each server whose revoked list went that it has; once told, the credential goes too. */
  async function tellServers(): Promise<void> {
    const untold = await guarded(async () => ok(await untoldFarewells(db)));
    if (!untold.ok) return;
    for (const row of untold.value) {
      if (!row.untold) continue;
      const told = await deps.doorsFor(row.untold.serverUrl).forgotten(row.untold.credential);
      // Told, or the server knows the credential no more (it says so once and forever): done.
      if (told.ok || told.reason === 'unauthorised')
        await guarded(async () => ok(await patchFarewell(db, row.deviceId, { untold: null })));
    }
  }

  /** After every run: revoked lists holding nothing more are forgotten; servers are told. */
  function settle(): Promise<void> {
    settling ??= (async () => {
      try {
        if (state.stopped()) return;
        const lists = await guarded(async () => ok(await allLists(db)));
        if (!lists.ok) return;
        for (const list of lists.value) if (isRevoked(list)) await forget(list.slug);
        await tellServers();
      } finally {
        settling = null;
      }
    })();
    return settling;
  }

  return {
    learn,
    noteSent,
    /** The server answered a read or a report of the list: it was not revoked then. */
    heard(slug: string): void {
      sentSinceAnswer.delete(slug);
    },
    settle,
    /** On start: the farewell staff have not read yet, if any. */
    async load(): Promise<void> {
      const row = await guarded(async () => ok(await unseenFarewell(db)));
      if (row.ok) publish({ farewell: shown(row.value) });
    },
    /** Staff have read the farewell. */
    async dismissFarewell(deviceId: string): Promise<void> {
      await guarded(async () => ok(await patchFarewell(db, deviceId, { seen: true })));
      const row = await guarded(async () => ok(await unseenFarewell(db)));
      publish({ farewell: row.ok ? shown(row.value) : null });
    },
  };
}
