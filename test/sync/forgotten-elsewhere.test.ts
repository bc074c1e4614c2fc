// Two tabs of the app on one device: two sync engines over one database. A list forgotten in
// one goes from the other's memory (its search, its verdicts) and is never synced back into the
// database by it, whether the other tab heard of the forget or not.
import { describe, expect, it } from 'vitest';
import type { ForgottenLists } from '../../src/sync/lists/forgotten-elsewhere';
import { doorEngineOn, doorService, fetchOver, LIST, manualClock, rowsOf, unlockedDb } from './support';

/** Two tabs' channels: what one says, the other hears (a channel is not handed its own). */
function channelPair(): [ForgottenLists, ForgottenLists] {
  const ears: ((slug: string) => void)[] = [];
  const tab = (me: number): ForgottenLists => ({
    announce: (slug) => queueMicrotask(() => ears[1 - me]?.(slug)),
    listen: (heard) => {
      ears[me] = heard;
    },
  });
  return [tab(0), tab(1)];
}

async function twoTabs(heard: boolean) {
  const setup = await doorService(40);
  const name = `two-tabs-${Math.random()}`;
  const [kioskEars, staffEars] = channelPair();
  const clock = manualClock();
  const fetch = fetchOver(setup.service);
  const kiosk = await doorEngineOn(unlockedDb(name), fetch, {
    clock,
    ...(heard ? { forgottenLists: kioskEars } : {}),
  });
  const staff = await doorEngineOn(unlockedDb(name), fetch, { clock, forgottenLists: staffEars });
  expect((await kiosk.join(LIST)).ok).toBe(true);
  await kiosk.syncNow();
  await staff.start();
  expect(staff.status().list?.slug).toBe(LIST);
  return { setup, kiosk, staff, db: unlockedDb(name), clock };
}

describe('a list forgotten in another tab', () => {
  it('goes from this tab at once: no list open, no guest found or admitted', async () => {
    const { setup, kiosk, staff, db } = await twoTabs(true);
    const guest = setup.tickets[0]!;
    expect((await kiosk.search(guest.reference)).length).toBe(1);
    const title = kiosk.status().list!.title;

    expect((await staff.forget(LIST, { confirmed: true })).ok).toBe(true);
    await expect.poll(() => kiosk.status().list).toBeNull();
    expect(kiosk.status().lists).toEqual([]);
    // The kiosk says why its list went; the tab that forgot it knows.
    expect(kiosk.status().forgottenElsewhere).toEqual({ listTitle: title });
    expect(staff.status().forgottenElsewhere).toBeNull();
    expect(await kiosk.search(guest.reference)).toEqual([]);
    expect(await kiosk.scan(guest.slug)).toMatchObject({ ok: false, reason: 'no-list' });

    await kiosk.syncNow();
    expect(await rowsOf(db, LIST)).toEqual({});
    kiosk.dismissForgottenElsewhere();
    expect(kiosk.status().forgottenElsewhere).toBeNull();
    await Promise.all([kiosk.stop(), staff.stop()]);
  });

  it('says so until a list is opened again', async () => {
    const { kiosk, staff } = await twoTabs(true);
    expect((await staff.forget(LIST, { confirmed: true })).ok).toBe(true);
    await expect.poll(() => kiosk.status().forgottenElsewhere).not.toBeNull();
    expect((await kiosk.join(LIST)).ok).toBe(true);
    expect(kiosk.status().list?.slug).toBe(LIST);
    expect(kiosk.status().forgottenElsewhere).toBeNull();
    await Promise.all([kiosk.stop(), staff.stop()]);
  });

  it('admits no one from it in a tab that has not heard yet: the scan says the list is gone', async () => {
    const { setup, kiosk, staff, db } = await twoTabs(false);
    const title = kiosk.status().list!.title;
    expect((await staff.forget(LIST, { confirmed: true })).ok).toBe(true);
    // The kiosk still holds the list in memory (the word is on its way): its verdict would be
    // an admission, but the check-in could never be sent, its list gone.
    const guest = setup.tickets[0]!;
    expect(await kiosk.scan(guest.slug)).toMatchObject({ ok: false, reason: 'no-list' });
    expect(await rowsOf(db, LIST)).toEqual({});
    // The refused write was word enough: the kiosk's door lets the list go, and says why.
    await expect.poll(() => kiosk.status().list).toBeNull();
    expect(kiosk.status().forgottenElsewhere).toEqual({ listTitle: title });
    await Promise.all([kiosk.stop(), staff.stop()]);
  });

  it('is not synced back by a tab that never heard of it', async () => {
    const { kiosk, staff, db, clock } = await twoTabs(false);
    const title = kiosk.status().list!.title;
    expect((await staff.forget(LIST, { confirmed: true })).ok).toBe(true);
    await clock.advance(60_000);
    await kiosk.syncNow();
    expect(await rowsOf(db, LIST)).toEqual({});
    // Its pull found the list gone, which was word enough: the kiosk's door lets it go, and says why.
    expect(kiosk.status().list).toBeNull();
    expect(kiosk.status().forgottenElsewhere).toEqual({ listTitle: title });
    await Promise.all([kiosk.stop(), staff.stop()]);
  });
});

describe('a list this door forgets itself', () => {
  it('is no news when a write or a pull finds it gone while it goes', async () => {
    const setup = await doorService(5);
    const db = unlockedDb(`forgetting-${Math.random()}`);
    const door = await doorEngineOn(db, fetchOver(setup.service), { clock: manualClock() });
    expect((await door.join(LIST)).ok).toBe(true);
    await door.syncNow();
    await door.stop();
    const { createOpenListState } = await import('../../src/sync/open-list/open-list-state');
    const statuses: { forgottenElsewhere: unknown }[] = [];
    const state = createOpenListState({
      db,
      clock: manualClock(),
      online: false,
      report: (s) => statuses.push(s),
    });
    expect((await state.open(LIST)).ok).toBe(true);
    const told = () => statuses.some((s) => s.forgottenElsewhere !== null);

    // Its own forget, with a scan's write finding the rows gone before the forget lets it go.
    state.forgetting(LIST);
    await state.goneElsewhere(LIST);
    expect(state.current()).toBeNull();
    expect(told()).toBe(false);

    // Opened again, then found gone with no forget of its own under way: another tab's.
    expect((await state.open(LIST)).ok).toBe(true);
    await state.goneElsewhere(LIST);
    expect(state.current()).toBeNull();
    expect(statuses.at(-1)?.forgottenElsewhere).toMatchObject({ listTitle: expect.any(String) });

    // A forget of its own that did not happen leaves later news as news.
    expect((await state.open(LIST)).ok).toBe(true);
    state.forgetting(LIST);
    state.forgetting(LIST, false);
    statuses.length = 0;
    await state.goneElsewhere(LIST);
    expect(told()).toBe(true);
  });
});

describe('the channel between tabs', () => {
  it("hands a forgotten list's slug to every other tab's engine, not back to its own", async () => {
    const { broadcastForgottenLists } = await import('../../src/sync/lists/forgotten-elsewhere');
    const name = `forgotten-${Math.random()}`;
    const here = broadcastForgottenLists(name)!;
    const there = broadcastForgottenLists(name)!;
    const heardHere: string[] = [];
    const heardThere: string[] = [];
    here.listen((slug) => heardHere.push(slug));
    there.listen((slug) => heardThere.push(slug));
    here.announce(LIST);
    await expect.poll(() => heardThere).toEqual([LIST]);
    expect(heardHere).toEqual([]);
  });
});
