// Where the door's open list stands, as an explicit state machine. Guarantees: at most one list
// is open or opening at a time; a load's end (finished or failed) changes the state only while
// that load is still the one under way, so a list opened or closed meanwhile is never undone;
// each state change is one named transition.
//
//   closed ──open──▶ opening ──loaded──▶ open ──updated──▶ open
//      ▲               │  ▲                │
//      │          loadFailed└──open────────┘ (another list, or the same one again)
//      │               ▼
//      └──close──── failed        (close from any state)
import type { ListRow } from '../../db/rows';
import type { CodeIndex } from '../../db/keyed-read';
import type { ListIndex } from '../index/list-index';

/** The open list: its row, its index, and whether its first download has finished. */
export interface ActiveList {
  list: ListRow;
  index: ListIndex;
  complete: boolean;
}

/** A list whose index is still loading: a scan reads by key, or waits for `ready`. */
export interface OpeningList extends ActiveList {
  /** The page codes, when every stored page has them (else keyed reads cannot answer). */
  codes: Promise<CodeIndex | null>;
  /** Settles once the list is loaded (or its loading was given up). */
  ready: Promise<void>;
}

export type OpenListPhase =
  | { kind: 'closed' }
  | { kind: 'opening'; list: OpeningList }
  | { kind: 'open'; list: ActiveList }
  /** Its load failed (a storage failure, published as such): no list is open. */
  | { kind: 'failed'; slug: string; error: unknown };

export interface OpenListMachine {
  phase(): OpenListPhase;
  /** The loaded list, if any. */
  active(): ActiveList | null;
  /** The list being loaded, if any. */
  opening(): OpeningList | null;
  /** The open list, loaded or loading. */
  current(): ActiveList | null;
  /** Any state → opening `loading`: whatever was open or opening is dropped. */
  open(loading: OpeningList): void;
  /** opening `loading` → open; false (and nothing changes) when `loading` is no longer under way. */
  loaded(loading: OpeningList, list: ActiveList): boolean;
  /** opening `loading` → failed; false (and nothing changes) when `loading` is no longer under way. */
  loadFailed(loading: OpeningList, error: unknown): boolean;
  /** open → open: the list's row read afresh after a pull, its index the same. */
  updated(list: ActiveList): void;
  /** Any state → closed. */
  close(): void;
}

export function createOpenListMachine(): OpenListMachine {
  let phase: OpenListPhase = { kind: 'closed' };
  const enter = (next: OpenListPhase) => {
    phase = next;
  };
  const underWay = (loading: OpeningList) => phase.kind === 'opening' && phase.list === loading;
  return {
    phase: () => phase,
    active: () => (phase.kind === 'open' ? phase.list : null),
    opening: () => (phase.kind === 'opening' ? phase.list : null),
    current: () => (phase.kind === 'open' || phase.kind === 'opening' ? phase.list : null),
    open(loading) {
      enter({ kind: 'opening', list: loading });
    },
    loaded(loading, list) {
      if (!underWay(loading)) return false;
      enter({ kind: 'open', list });
      return true;
    },
    loadFailed(loading, error) {
      if (!underWay(loading)) return false;
      enter({ kind: 'failed', slug: loading.list.slug, error });
      return true;
    },
    updated(list) {
      if (phase.kind === 'open') enter({ kind: 'open', list });
    },
    close() {
      enter({ kind: 'closed' });
    },
  };
}
