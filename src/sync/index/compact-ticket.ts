// A ticket as the open list's index keeps it: the same fields and values, with its strings
// shared. IndexedDB hands each ticket over with its own copy of every string (structured clone
// keeps no string table), so 100,000 tickets held 100,000 copies of "complete", of each
// release's title, of each company, of the common first and last names, and the buyer's email
// twice on the buyer's own ticket: about a third of the sync worker's heap. Guarantees: every
// field keeps its value (a string is only swapped for an equal one), so nothing that reads a
// ticket can tell; the pool of shared strings is bounded, so a list of unique values costs at
// most `limit` entries more. Pure TypeScript.
import type { RemoteTicket } from '../../api/schemas';

/** Distinct strings a pool keeps: values past it are kept as they come, unshared. */
const POOL_LIMIT = 20_000;

/** Equal strings made one: the first copy seen is the one kept. */
export function createStringPool(limit = POOL_LIMIT) {
  const pool = new Map<string, string>();
  return {
    share(value: string | null): string | null {
      if (value === null) return null;
      const kept = pool.get(value);
      if (kept !== undefined) return kept;
      if (pool.size < limit) pool.set(value, value);
      return value;
    },
    /** Distinct strings kept: never more than `limit`. */
    size: () => pool.size,
  };
}

export type StringPool = ReturnType<typeof createStringPool>;

/**
 * A fresh ticket with every field of `t` (and no others), its strings shared through `pool`
 * or with `mate`, a ticket of the same order already kept (its buyer and order are the same
 * strings). A fresh object, too: one literal shape holds all fields inline, where a cloned one
 * keeps most of them in a second array.
 */
export function compactTicket(t: RemoteTicket, pool: StringPool, mate?: RemoteTicket): RemoteTicket {
  const same = (value: string | null, other: string | null | undefined) =>
    value !== null && value === other ? other : value;
  const registrationReference = same(t.registrationReference, mate?.registrationReference);
  const buyerName = same(t.buyerName, mate?.buyerName);
  const buyerEmail = same(t.buyerEmail, mate?.buyerEmail);
  return {
    id: t.id,
    slug: t.slug,
    reference: t.reference,
    registrationReference,
    buyerName,
    buyerEmail,
    firstName: pool.share(t.firstName),
    lastName: pool.share(t.lastName),
    // The buyer's own ticket carries the buyer's email.
    email: same(t.email, buyerEmail),
    companyName: pool.share(same(t.companyName, mate?.companyName)),
    phoneNumber: t.phoneNumber,
    // Tickets stored before the field existed have none.
    jobTitle: pool.share(t.jobTitle ?? null),
    releaseTitle: pool.share(t.releaseTitle),
    state: pool.share(t.state),
    paid: t.paid,
    updatedAt: t.updatedAt,
  };
}
