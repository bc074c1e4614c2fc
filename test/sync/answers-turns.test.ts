// The answers are read once for every ticket (for the ticket screen and the verdict's extra
// lines), in bulk: that read must never stand between a code and its verdict. It waits while a
// decision is in flight and for a moment after the last one (the next code of a queue comes
// sooner than that), and starts none of its reads meanwhile.
import { describe, expect, it, vi } from 'vitest';
import type { RemoteAnswer } from '../../src/api/schemas';
import { patchSyncState, replaceQuestions, saveList } from '../../src/db/local-copy';
import { storeFirstPage } from '../../src/db/stored-pages';
import { createOpenListState } from '../../src/sync/open-list/open-list-state';
import { listRow, remoteTicket } from '../db/copy-rows';
import { freshDb, LIST, manualClock } from './support';

const answer = (id: number, ticketId: number, response: string): RemoteAnswer => ({
  id,
  ticketId,
  questionId: 1,
  response,
  updatedAt: 1,
});

const spin = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe("the answers' read", () => {
  it('waits for a decision in flight and a quiet moment after it, then reads them all', async () => {
    const db = freshDb();
    await saveList(db, listRow(LIST, { pages: { tickets: 1, checkins: 0, answers: 2 } }));
    await storeFirstPage(db, LIST, 'tickets', 1, [remoteTicket(1), remoteTicket(2)], 1);
    await storeFirstPage(db, LIST, 'answers', 1, [answer(1, 1, 'L')], 2);
    await storeFirstPage(db, LIST, 'answers', 2, [answer(2, 2, 'XL')], 2);
    await replaceQuestions(db, LIST, [{ id: 1, title: 'T-shirt size', description: '', listSlug: LIST }]);
    await patchSyncState(db, LIST, 'tickets', { cursor: 1, firstDownload: null });
    const clock = manualClock();
    const state = createOpenListState({ db, clock, online: false });
    expect((await state.open(LIST)).ok).toBe(true);

    const pagesRead = vi.spyOn(db.pages, 'where');
    const release = state.bulk.pauseLoad();
    let lookup: ((ticketId: number) => unknown[]) | null = null;
    void state.answers()!.then((found) => {
      lookup = found;
    });
    await spin();
    // A decision in flight: not one page asked for.
    expect(pagesRead).not.toHaveBeenCalled();
    release();
    await spin();
    await clock.advance(249);
    await spin();
    // Just after it: still waiting, in case the next code is on its way.
    expect(pagesRead).not.toHaveBeenCalled();
    expect(lookup).toBeNull();
    await clock.advance(1);
    await vi.waitFor(() => expect(lookup).not.toBeNull());
    expect(lookup!(2)).toEqual([{ questionId: 1, question: 'T-shirt size', response: 'XL' }]);
    expect(lookup!(1)).toEqual([{ questionId: 1, question: 'T-shirt size', response: 'L' }]);
  });
});
