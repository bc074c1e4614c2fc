// Whether two selections from a store are the same to a screen: the same value, or objects or
// arrays whose own entries are the same values (Object.is). It answers as zustand's `shallow`
// does, without its allocations: that makes two Maps and two entry lists a comparison, and every
// change to the app's store compares every mounted selection (a verdict's status and its scan
// under way are two changes a scan), which was a tenth of what the door's page allocated in a
// scan. Maps, Sets and other iterables are left to zustand's own comparison.
import { shallow } from 'zustand/vanilla/shallow';

const plain = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

export function sameShallow(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], other[i])) return false;
    return true;
  }
  if (!plain(a)) return shallow(a, b);
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    keys++;
    if (!Object.hasOwn(y, key) || !Object.is(x[key], y[key])) return false;
  }
  for (const key in y) if (Object.hasOwn(y, key)) keys--;
  return keys === 0;
}
