// Which list the door has open: the one a person asked for (a join, a join by code, an open) or,
// at a start, the list joined last. Guarantees: a start never opens over a list asked for since
// the engine was made, however the two interleave (the page's first action may come while the
// start still reads the lists); a failed join leaves the list joined last open; nothing is
// joined or opened before the door can seal what it would download.
import { ok, type Result } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { allLists } from '../../db/local-copy';
import { stored } from '../../db/storage';
import type { FleetDoor } from '../fleet/fleet-door';
import type { createListCare } from '../lists/list-care';
import type { SyncLoop } from '../loop/sync-loop';
import { type OpenListState, summary } from '../open-list/open-list-state';
import { joinedLast } from '../open-list/warm-start';
import type { createDoorSeal } from '../seal/door-seal';
import type { ListSummary } from '../status/sync-status';

interface Rooms {
  db: CheckinDatabase;
  state: OpenListState;
  seal: ReturnType<typeof createDoorSeal>;
  care: ReturnType<typeof createListCare>;
  fleet: FleetDoor;
  loop: SyncLoop;
  deviceName: () => string;
}

export function createListChoice({ db, state, seal, care, fleet, loop, deviceName }: Rooms) {
  /** Whether a person has asked for a list (a join or an open) since the engine was made. */
  let chosen = false;

  /** Opens the list joined last, when none is open (and, unless `anyway`, none was asked for). */
  async function openLast(anyway: boolean, options: { background?: boolean } = {}): Promise<void> {
    const lists = await stored(() => allLists(db));
    if (!lists.ok) return state.board.storageTrouble(lists);
    const last = joinedLast(lists.value);
    if (last && !state.current() && (anyway || !chosen)) await state.open(last.slug, options);
  }

  return {
    openLast,
    async join(...args: Parameters<typeof care.join>): Promise<Awaited<ReturnType<typeof care.join>>> {
      // Before any request: a door that cannot seal what it would download downloads nothing.
      const ready = await seal.ready();
      if (!ready.ok) return ready;
      chosen = true;
      const joined = await care.join(...args);
      // A join that failed while the engine started: the list joined last is open as usual.
      if (!joined.ok) await openLast(true);
      return joined;
    },
    /**
     * Joins with a door kit's join code at the app's server `serverUrl` (an origin): the door
     * becomes one of the fleet, seen and revocable by the organiser.
     */
    async joinByCode(code: string, serverUrl: string, name?: string): Promise<Result<ListSummary>> {
      const ready = await seal.ready();
      if (!ready.ok) return ready;
      chosen = true;
      state.board.publish({ phase: 'joining' });
      // Named by the page: the join carries the name it was just given, not a setting in transit.
      const joined = await state.board.guarded(() => fleet.join(code, serverUrl, name ?? deviceName()));
      if (!joined.ok) {
        state.board.publish({ phase: 'idle' });
        await openLast(true);
        return joined;
      }
      const opened = await state.open(joined.value.slug);
      loop.syncJoined();
      // Seen at once on the organiser's screen, not 15 s later.
      void fleet.report();
      return opened.ok ? ok(summary(joined.value)) : opened;
    },
    async open(slug: string): Promise<Result<ListSummary>> {
      const ready = await seal.ready();
      if (!ready.ok) return ready;
      chosen = true;
      return state.open(slug);
    },
  };
}
