// A door the organiser revoked: it stops admitting, sends what it holds, and only then forgets
// the list. Guarantees:
// - from the moment it learns (any answer saying `revoked`), the open list's row says so in
//   memory before anything else happens: every scan is "device revoked" and every write is
//   refused, so no check-in is made after it knew (door-scan.ts, door-writes.ts);
// - after a silence (offline, the server unreachable, a restart) it asks before it sends
//   (`beforePush`), so a door that was revoked while it held check-ins learns it first and then
//   sends them: what it held is what it says it sent. Only an answer to a request that left
//   while the device was online and after the silence began ends it: one asked before and
//   answered after (a report or a pull still out as the door went offline) says nothing of it;
// - what the outbox held still goes, by the usual exactly-once rules (the server takes a revoked
//   device's check-ins once, and reads nothing for it: sync-steps.ts);
// - the list, its tallies and its audit log are removed only while its outbox is empty, checked
//   in the transaction that removes them and while no push of it runs (fleet-notes.ts): a
//   check-in not sent, or refused and not yet dismissed by staff, keeps the list here;
// - the farewell (why it went, and how many of the check-ins it held when it learnt were sent)
//   is stored in that same transaction, and the server is told the list is gone until it has
//   heard (once told, the device forgets its credential too).
import type { CheckinClient } from '../../api/checkin-client';
import type { DoorsClient } from '../../api/doors-client';
import { ok } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { patchFarewell, patchMembership, unseenFarewell, untoldFarewells } from '../../db/fleet-notes';
import { allLists, readCheckinRows } from '../../db/local-copy';
import { readOutbox } from '../../db/outbox';
import type { FarewellRow, ListRow } from '../../db/rows';
import type { AuditTrail } from '../audit/audit-trail';
import { forgetRevoked } from '../lists/forget-list';
import type { Clock } from '../clock';
import type { SyncLoop } from '../loop/sync-loop';
import { isRevoked } from '../loop/sync-steps';
import type { OpenListState } from '../open-list/open-list-state';
import type { Farewell, ListSummary } from '../status/sync-status';

export interface RevocationDeps {
  db: CheckinDatabase;
  state: OpenListState;
  loop: Pick<SyncLoop, 'syncNow' | 'exclusive'>;
  /** A list's Check-in API client, hearing "revoked" (revoked-watch.ts). */
  listClient: (list: ListRow) => CheckinClient;
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
  /**
   * Code-joined lists the server has not answered since the door was offline or could not reach
   * it, each with the number of the silence that began then (silences are counted, so a request
   * knows whether it left before or after one began).
   */
  const silent = new Map<string, number>();
  let silences = 0;
  const fallSilent = (slugs: readonly string[]) => {
    silences += 1;
    for (const slug of slugs) silent.set(slug, silences);
  };

  /** The door of list `slug` learnt it was revoked (an answer said so). */
  async function learn(slug: string): Promise<void> {
    const at = clock.now();
    // In memory first, before any await: the next scan or write already sees it.
    const open = state.current()?.list;
    if (open?.slug === slug) {
      if (!open.door || open.door.revokedAt != null) return;
      state.replaceRow({ ...open, door: { ...open.door, revokedAt: at } });
    }
    const marked = await guarded(async () => {
      const row = await db.lists.get(slug);
      // A list joined by its slug or address cannot be revoked; a revocation already learnt stands.
      if (!row?.door || row.door.revokedAt != null) return ok(row ?? null);
      // The check-ins it holds now: those of them that reach the service are what it says it sent.
      const held = (await readOutbox(db, slug))
        .filter((r) => r.kind === 'checkin' && r.state !== 'parked')
        .map((r) => r.id);
      return ok(await patchMembership(db, slug, { revokedAt: at, heldWhenRevoked: held }));
    });
    if (!marked.ok || !marked.value?.door) return;
    const current = state.current()?.list;
    if (current?.slug === slug) state.replaceRow({ ...current, door: marked.value.door });
    await state.refresh();
    // What it holds goes now; the run's end settles the list (`afterRun`).
    void deps.loop.syncNow();
  }

  /**
   * Before a code-joined list's outbox goes after a silence: one cheap read first, so a door
   * revoked meanwhile learns it before it sends (the answer's "revoked" is heard on its way:
   * learn). Answers the list as it then stands.
   */
  async function beforePush(list: ListRow): Promise<ListRow> {
    if (!list.door || isRevoked(list) || !silent.has(list.slug)) return list;
    const waiting = (await readOutbox(db, list.slug)).some(
      (r) => r.kind === 'checkin' && r.state === 'queued',
    );
    if (!waiting) return list;
    // A page of check-ins since now: nothing comes back, but a revoked device is told so.
    const answer = await deps.listClient(list).listPage('checkins', list.slug, 1, clock.now());
    if (answer.ok || answer.reason !== 'revoked') return list;
    await learn(list.slug);
    return (await db.lists.get(list.slug)) ?? list;
  }

  /** How many of the check-ins the list held when it learnt were taken by the service. */
  async function sentOf(list: ListRow): Promise<number> {
    const held = new Set(list.door?.heldWhenRevoked ?? []);
    if (held.size === 0) return 0;
    const rows = await readCheckinRows(db, list.slug);
    return rows.filter((r) => r.clientId !== null && held.has(r.clientId) && r.status === 'synced').length;
  }

  /** Forgets the revoked list if it holds nothing more for the service; true when it went. */
  async function forget(slug: string): Promise<boolean> {
    return deps.loop.exclusive(slug, async () => {
      // Read again under the lock: nothing is sent meanwhile.
      const list = await db.lists.get(slug);
      if (!list?.door || list.door.revokedAt == null) return false;
      // Rows still being written would land after the wipe and outlive the list.
      await deps.audit.written();
      const farewell: FarewellRow = {
        deviceId: list.door.deviceId,
        listTitle: list.title,
        revokedAt: list.door.revokedAt,
        forgottenAt: clock.now(),
        sent: await sentOf(list),
        untold: { serverUrl: list.door.serverUrl, credential: list.slug },
        seen: false,
      };
      // From before its rows go: a write or a pull that finds them gone meanwhile is no news.
      state.forgetting(slug);
      const gone = await guarded(() => forgetRevoked(db, slug, farewell));
      if (!gone.ok || !gone.value) {
        state.forgetting(slug, false);
        return false;
      }
      deps.onForgotten?.(slug);
      // The list's own audit rows went with it (they name its attendees); this one names none.
      void deps.audit.note({
        listSlug: '',
        action: 'forget-list',
        ticketId: null,
        reason: `${list.title}: revoked by the organiser; ${farewell.sent} check-ins sent first`,
      });
      await state.letGo(slug);
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
    beforePush,
    /**
     * A read or a report of list `slug` leaves: what to call when the server answers it (it was
     * not revoked when the request left). Only a request that left while the device was online,
     * after the list's silence began, ends that silence.
     */
    asking(slug: string): () => void {
      const asked = silences;
      // A device that says it is offline may still reach the server a moment (the page hears
      // of it before the network goes): such an answer ends no silence either.
      const online = state.board.status().online;
      return () => {
        if (!online) return;
        const since = silent.get(slug);
        if (since !== undefined && since <= asked) silent.delete(slug);
      };
    },
    /** A request of the list found no server (network, timeout). */
    unreachable(slug: string): void {
      fallSilent([slug]);
    },
    /** The device went offline: every list is silent until the server answers again. */
    offline(lists: readonly ListSummary[]): void {
      fallSilent(lists.filter((list) => list.door).map((list) => list.slug));
    },
    settle,
    /** On start: the farewell staff have not read yet, if any; every list silent until it answers. */
    async load(): Promise<void> {
      const lists = await guarded(async () => ok(await allLists(db)));
      if (lists.ok) fallSilent(lists.value.filter((list) => list.door).map((list) => list.slug));
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
