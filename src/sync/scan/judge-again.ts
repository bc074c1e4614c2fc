// A decision judged again when its admission found the ticket's check-ins changed since its
// verdict (door-writes.ts: another tab of the app over the same database, or a pull, stored one).
// Each try judges on what the index then holds, which the refused write has just brought up to
// what the database holds; a change on every try (three in a row) is answered as it is.
import type { Result } from '../../domain/result';

/** Judgements of one decision when its admission's check-ins keep changing under it. */
export const JUDGE_TRIES = 3;

/** `decide` again while its admission found the ticket's check-ins changed (door-writes.ts). */
export async function againIfChanged<T>(decide: () => Promise<Result<T>>): Promise<Result<T>> {
  for (let tries = 1; ; tries++) {
    const result = await decide();
    if (result.ok || result.reason !== 'checkins-changed' || tries === JUDGE_TRIES) return result;
  }
}
