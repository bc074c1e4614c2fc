// Which relay stands in front of which service, as the door learns it from the app's server.
// Guarantees: a list joined through a relay keeps the service's own address beside the relay's
// (`directBaseUrl`), written as that one field, so the door can reach the service directly while
// the relay is down, even after a reload with the relay gone; a door of the fleet never gets one
// (offline, it works from its own copy); a storage failure is reported, never thrown.
import type { CheckinDatabase } from '../../db/database';
import { allLists } from '../../db/local-copy';
import { stored } from '../../db/storage';
import type { OpenListState } from '../open-list/open-list-state';

export function createRelayLearning(db: CheckinDatabase, state: OpenListState) {
  /** Relay base address -> the service's base address behind it. */
  const relays = new Map<string, string>();
  return {
    /** The service behind the relay at `baseUrl`, once learnt; a join keeps it beside the list. */
    directFor: (baseUrl: string): string | null => relays.get(baseUrl) ?? null,
    /** The relay at `relayBaseUrl` (the server this app came from) stands in front of `directBaseUrl`. */
    async learnRelay(relayBaseUrl: string, directBaseUrl: string): Promise<void> {
      const relay = relayBaseUrl.replace(/\/+$/, '');
      const direct = directBaseUrl.replace(/\/+$/, '');
      if (relay === direct) return;
      relays.set(relay, direct);
      const lists = await stored(() => allLists(db));
      if (!lists.ok) return state.board.storageTrouble(lists);
      for (const list of lists.value) {
        if (list.baseUrl !== relay || list.directBaseUrl === direct || list.door) continue;
        // Only this field: a pull may have written the row since it was read.
        const saved = await stored(() => db.lists.update(list.slug, { directBaseUrl: direct }));
        if (!saved.ok) return state.board.storageTrouble(saved);
        const active = state.active();
        if (active?.list.slug === list.slug)
          state.update({ ...active, list: { ...active.list, directBaseUrl: direct } });
      }
      await state.refresh();
    },
  };
}
