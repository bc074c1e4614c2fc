// The database's commit count: what the door's status compares before and after its reads.
import { describe, expect, it } from 'vitest';
import { freshDb } from '../sync/support';

describe('the commit count', () => {
  it('counts committed writes by table, as they commit, and never reads or aborted writes', async () => {
    const db = freshDb('commits');
    const outbox = () => db.commits.of(['outbox']);
    expect(outbox()).toBe(0);
    await db.conflicts.toArray();
    await db.lists.put({ slug: 'a' } as never);
    expect(outbox()).toBe(0);
    expect(db.commits.of(['lists', 'outbox'])).toBe(1);

    // Counted by the time code awaiting the write resumes.
    let seenInside = -1;
    await db.transaction('rw', db.outbox, db.conflicts, async () => {
      await db.conflicts.put({ listSlug: 'a', ticketId: 1, detectedAt: 0, checkins: [] });
      seenInside = outbox();
    });
    expect(seenInside).toBe(0);
    expect(outbox()).toBe(1);
    expect(db.commits.of(['outbox', 'conflicts'])).toBe(2);

    await expect(
      db.transaction('rw', db.outbox, async () => {
        await db.outbox.add({ id: 'x', listSlug: 'a' } as never);
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    expect(await db.outbox.count()).toBe(0);
    expect(outbox()).toBe(1);
    db.close();
  });
});
