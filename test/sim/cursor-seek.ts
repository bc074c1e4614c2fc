// fake-indexeddb 6 walks every cursor step from the start of the cursor's range: its range for
// the next record takes the lowest of the range's bound, the target key and the cursor's own
// position instead of the highest, then skips record by record. A cursor walk is quadratic and
// an `anyOf` over a compound index (every pull's upsert looks up the uuids it does not hold)
// costs the whole index per key: at 20,000 check-ins that, not the app, was most of a door's
// time in the simulation. A real IndexedDB seeks. This narrows the range to where the cursor
// is, and where it was told to continue, before the step: the same records come out, sooner.
import { IDBCursor as FDBCursor, IDBKeyRange as FDBKeyRange } from 'fake-indexeddb';

interface CursorInternals {
  _range: IDBKeyRange | undefined;
  _position: unknown;
  direction: IDBCursorDirection;
  _iterate(key?: unknown, primaryKey?: unknown): unknown;
}

const cmp = (a: unknown, b: unknown) => indexedDB.cmp(a, b);

/** The greatest (forward) or least (backward) of the defined keys. */
function furthest(keys: unknown[], forward: boolean): unknown {
  let out: unknown;
  for (const k of keys)
    if (k !== undefined && (out === undefined || cmp(k, out) * (forward ? 1 : -1) > 0)) out = k;
  return out;
}

export function seekingCursors(): void {
  const proto = FDBCursor.prototype as unknown as CursorInternals & { __seeking?: boolean };
  if (proto.__seeking) return;
  proto.__seeking = true;
  const iterate = proto._iterate;
  proto._iterate = function (this: CursorInternals, key?: unknown, primaryKey?: unknown) {
    const range = this._range;
    const forward = this.direction === 'next' || this.direction === 'nextunique';
    const from = furthest([key, this._position], forward);
    if (from === undefined) return iterate.call(this, key, primaryKey);
    const lower = forward ? from : range?.lower;
    const upper = forward ? range?.upper : from;
    // Only ever narrower than the cursor's own range, and closed at the new end: the step's own
    // checks still skip the record at its position.
    const inside =
      (range?.lower === undefined || cmp(lower, range.lower) >= 0) &&
      (range?.upper === undefined || cmp(upper, range.upper) <= 0) &&
      (lower === undefined || upper === undefined || cmp(lower, upper) <= 0);
    if (!inside) return iterate.call(this, key, primaryKey);
    // At the cursor's own bound, that bound's openness stands.
    const same = (a: unknown, b: unknown) => b !== undefined && cmp(a, b) === 0;
    const lowerOpen = forward && !same(lower, range?.lower) ? false : (range?.lowerOpen ?? false);
    const upperOpen = !forward && !same(upper, range?.upper) ? false : (range?.upperOpen ?? false);
    this._range =
      lower !== undefined && upper !== undefined
        ? FDBKeyRange.bound(lower, upper, lowerOpen, upperOpen)
        : lower !== undefined
          ? FDBKeyRange.lowerBound(lower, lowerOpen)
          : FDBKeyRange.upperBound(upper, upperOpen);
    try {
      return iterate.call(this, key, primaryKey);
    } finally {
      this._range = range;
    }
  };
}
