// List and device care: joining a list, forgetting one, wiping the device, and the exports that
// come before (unsent check-ins, the audit log). Guarantees: nothing unsent is forgotten or
// wiped unless the person confirmed it (forget-list.ts); audit rows still being written are
// waited for before a list or the device goes, so none outlives what it names; a storage
// failure is answered as a value. A locked door (its copy sealed, the passcode not typed) can
// still forget a list, wipe itself and export what it has not sent: from what needs no key
// (the outbox, the list's row, the audit log's times and actions), never waiting for the key.
import type { CheckinClient } from '../../api/checkin-client';
import { fail, ok, type Result } from '../../domain/result';
import { readAudit, readAuditFacts } from '../../db/audit-log';
import type { CheckinDatabase } from '../../db/database';
import { allLists, eraseDatabase, readList } from '../../db/local-copy';
import { readOutbox } from '../../db/outbox';
import { stored } from '../../db/storage';
import { type DoorRole, mayDo } from '../../domain/door-roles';
import { type AuditCsvWords, auditCsv } from '../audit/audit-csv';
import type { AuditTrail } from '../audit/audit-trail';
import type { Clock } from '../clock';
import { countUnsent, forgetList, type ListFacts, unsentCsv } from './forget-list';
import type { ForgottenLists } from './forgotten-elsewhere';
import { joinList } from './join-list';
import { loadListIndex } from '../open-list/open-list';
import type { OpenListState } from '../open-list/open-list-state';
import type { SyncLoop } from '../loop/sync-loop';
import type { ListSummary } from '../status/sync-status';

/** How long a device wipe waits for another tab to let go of the database. */
const ERASE_WAIT_MS = 5_000;

export interface ListCareDeps {
  db: CheckinDatabase;
  state: OpenListState;
  loop: Pick<SyncLoop, 'halt' | 'syncJoined'>;
  audit: AuditTrail;
  clientFor: (baseUrl: string) => CheckinClient;
  clock: Clock;
  defaultBaseUrl: string;
  /** The service behind the relay at a base address, when that address is a relay's. */
  directFor?: (baseUrl: string) => string | null;
  role: () => DoorRole;
  /** Settles once the door's copy is open and sealed whole (a plain copy's sealing finished). */
  sealed: () => Promise<Result<void>>;
  /** The app's other tabs, told of a list forgotten here (forgotten-elsewhere.ts). */
  forgotten?: Pick<ForgottenLists, 'announce'>;
}

export function createListCare(deps: ListCareDeps) {
  const { db, state, audit, clock } = deps;
  /** The list's index: the open one's, or one loaded for the occasion; none while locked. */
  const indexOf = async (slug: string) => {
    const active = state.active();
    if (active?.list.slug === slug) return active.index;
    return db.seal.current() && (await deps.sealed()).ok ? await loadListIndex(db, slug) : null;
  };

  async function facts(slug: string): Promise<ListFacts | null> {
    const list = await readList(db, slug);
    if (!list) return null;
    // Locked, the tickets cannot be read: the counts are the service's, as the list last said.
    const index = await indexOf(slug);
    const { tickets, checkedIn } = index?.counts() ?? {
      tickets: list.ticketsCount,
      checkedIn: list.checkinsCount,
    };
    const unsent = countUnsent(await readOutbox(db, slug));
    return { slug, title: list.title, tickets, checkins: checkedIn, ...unsent };
  }

  return {
    async join(code: string, { baseUrl }: { baseUrl?: string | null } = {}): Promise<Result<ListSummary>> {
      state.board.publish({ phase: 'joining' });
      const joined = await state.board.guarded(() =>
        joinList(db, deps.clientFor, {
          code,
          baseUrl,
          defaultBaseUrl: deps.defaultBaseUrl,
          now: clock.now(),
          directFor: deps.directFor,
        }),
      );
      if (!joined.ok) {
        state.board.publish({ phase: 'idle' });
        return joined;
      }
      const opened = await state.open(joined.value.slug);
      deps.loop.syncJoined();
      return opened;
    },
    facts,
    async forget(slug: string, { confirmed = false } = {}): Promise<Result<ListFacts>> {
      if (!mayDo(deps.role(), 'forget-list')) return fail('supervisor-only');
      const before = await facts(slug);
      if (!before) return fail('no-list');
      // Rows still being written would land after the wipe and outlive the list.
      await audit.written();
      // From before its rows go: a write or a pull that finds them gone meanwhile is no news.
      state.forgetting(slug);
      const result = await forgetList(db, slug, { confirmed }).catch((error: unknown) => {
        state.forgetting(slug, false);
        throw error;
      });
      if (!result.ok) {
        state.forgetting(slug, false);
        state.board.storageTrouble(result);
        return result;
      }
      // The list's own audit rows went with it (they name its attendees); this one names none.
      void audit.note({
        listSlug: '',
        action: 'forget-list',
        ticketId: null,
        reason: `${before.title}: ${before.tickets} tickets, ${before.checkins} checked in, ${before.unsent} unsent check-ins, ${before.unsentEnds} unsent exits or undos`,
      });
      deps.forgotten?.announce(slug);
      await state.letGo(slug);
      return ok(before);
    },
    /**
     * Another tab of the app forgot a list: its copy here goes from memory (the open list, its
     * search) and the screens follow, saying why when it was the list open here (staff would
     * otherwise find the join screen in its place). A list joined again meanwhile stays.
     */
    async forgottenElsewhere(slug: string): Promise<void> {
      if (await readList(db, slug)) return;
      await state.goneElsewhere(slug);
    },
    async unsentByList(): Promise<ListFacts[]> {
      const out: ListFacts[] = [];
      for (const list of await allLists(db)) {
        const unsent = countUnsent(await readOutbox(db, list.slug));
        if (unsent.unsent + unsent.unsentEnds > 0)
          out.push({ slug: list.slug, title: list.title, tickets: 0, checkins: 0, ...unsent });
      }
      return out;
    },
    /**
     * "Forget this device's data": refuses while check-ins are unsent unless confirmed, then
     * stops for good, empties and deletes the database (see eraseDatabase); the page reloads
     * to start afresh.
     */
    async wipeDevice({
      confirmed = false,
    } = {}): Promise<Result<{ lists: number; databaseDeleted: boolean }>> {
      const lists = await stored(() => allLists(db));
      if (!lists.ok) return lists;
      for (const list of lists.value)
        if (!confirmed && (await readOutbox(db, list.slug)).length > 0) return fail('unsent-checkins');
      await deps.loop.halt();
      await audit.written();
      state.close();
      const giveUp = new Promise<void>((resolve) => clock.setTimeout(resolve, ERASE_WAIT_MS));
      const erased = await stored(() => eraseDatabase(db, giveUp));
      if (!erased.ok) return erased;
      state.reset();
      return ok({ lists: lists.value.length, databaseDeleted: erased.value });
    },
    async exportUnsent(slug: string): Promise<string> {
      const rows = await readOutbox(db, slug);
      const index = await indexOf(slug);
      return unsentCsv(rows, (id) => index?.ticketById(id));
    },
    /** The open list's audit rows and the device's, newest first, with the tickets they name. */
    async auditLog(limit = 500) {
      await audit.written();
      if (!db.seal.current()) return fail('locked');
      // Its tickets are named from the whole list: one still loading may not hold them yet.
      await state.loaded();
      const active = state.active();
      const rows = await stored(() => readAudit(db, active?.list.slug ?? '', limit));
      if (!rows.ok) return rows;
      return ok(
        rows.value.map((row) => ({
          row,
          ticket: row.ticketId === null ? null : (state.active()?.index.ticketById(row.ticketId) ?? null),
        })),
      );
    },
    /** The list's audit log and its unsent check-ins and undos, as one CSV. */
    async exportAudit(slug: string, words?: AuditCsvWords): Promise<string> {
      await audit.written();
      // Locked, each action is exported without its sealed reference and reason.
      const rows = db.seal.current()
        ? await readAudit(db, slug)
        : (await readAuditFacts(db, slug)).map((row) => ({ ...row, ticketReference: null, reason: null }));
      const unsent = await readOutbox(db, slug);
      const index = await indexOf(slug);
      return auditCsv(rows, unsent, (id) => index?.ticketById(id), words);
    },
    /** Waits for the audit rows noted so far to be written (or counted as lost). */
    auditWritten: () => audit.written(),
  };
}
