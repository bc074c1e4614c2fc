import { describe, expect, it } from 'vitest';
import type { Failure } from '../../src/domain/result';
import type { Clock } from '../../src/sync/clock';
import { type ArrivalsUpdate, watchArrivals } from '../../src/sync/arrivals/watch-arrivals';
import { BASE, clientOver, doorService, LIST } from './support';

/** A clock whose timers run only when the test says, one at a time. */
function steppedClock(): Clock & { pending(): number; runNext(): void } {
  const timers = new Map<number, () => void>();
  let serial = 0;
  return {
    now: () => Date.parse('2026-06-15T12:00:00.000Z'),
    setTimeout(run) {
      timers.set(++serial, run);
      return serial;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    pending: () => timers.size,
    runNext() {
      const [id, run] = [...timers.entries()][0] ?? [];
      if (id === undefined || !run) throw new Error('no timer pending');
      timers.delete(id);
      run();
    },
  };
}

async function watched(tickets: number) {
  const setup = await doorService(tickets);
  const requests: string[] = [];
  let offline = false;
  const api = clientOver(async (request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname.replace(LIST, 'L')}${url.search}`);
    if (offline) throw new TypeError('Failed to fetch');
    return setup.service.handle(request);
  })(BASE);
  const clock = steppedClock();
  const updates: ArrivalsUpdate[] = [];
  const failures: Failure[] = [];
  let settle: () => void = () => {};
  const watch = watchArrivals({
    api,
    listSlug: LIST,
    clock,
    onUpdate: (update) => {
      updates.push(update);
      settle();
    },
    onFailure: (failure) => {
      failures.push(failure);
      settle();
    },
  });
  /** Runs the next pull and waits for what it reports. */
  const pull = () =>
    new Promise<void>((resolve) => {
      settle = resolve;
      clock.runNext();
    });
  const summary = () => updates.at(-1)!.arrivals.summary(Date.parse('2026-06-15T12:01:00.000Z'));
  const checkIn = async (ticketId: number) => {
    const made = await api.createCheckin(LIST, { ticketId });
    if (!made.ok) throw new Error(made.reason);
    return made.value;
  };
  return {
    ...setup,
    api,
    watch,
    clock,
    pull,
    summary,
    checkIn,
    requests,
    failures,
    goOffline: (v: boolean) => (offline = v),
  };
}

describe('watching a list’s arrivals', () => {
  it('downloads every ticket once, then follows new check-ins, exits and double admissions with since', async () => {
    const w = await watched(2300);
    await w.pull();
    expect(w.summary()).toMatchObject({ total: 2300, checkedIn: 0, insideNow: 0, doubles: [] });
    expect(w.requests.filter((r) => r.startsWith('GET /checkin/checkin_lists/L/tickets?page='))).toHaveLength(
      3,
    );

    const [zoe, second] = w.tickets;
    const first = await w.checkIn(zoe!.id);
    await w.checkIn(second!.id);
    w.requests.length = 0;
    await w.pull();
    let s = w.summary();
    expect(s).toMatchObject({ total: 2300, checkedIn: 2, insideNow: 2 });
    expect(s.latest.map((l) => l.name).sort()).toEqual(['Person1 Example', 'Zoë Ålvarez']);
    expect(s.latest[0]!.release).toBe('General');
    expect(s.perFiveMinutes.reduce((n, b) => n + b.count, 0)).toBe(2);
    // Only changes were asked for: every page request carries `since`.
    const pages = w.requests.filter((r) => r.includes('page='));
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((r) => r.includes('since='))).toBe(true);

    await w.checkIn(zoe!.id);
    await w.api.deleteCheckin(LIST, (await w.checkIn(second!.id)).uuid);
    await w.pull();
    s = w.summary();
    expect(s.insideNow).toBe(3);
    expect(s.doubles).toEqual([expect.objectContaining({ ticketId: zoe!.id, name: 'Zoë Ålvarez' })]);
    expect(s.doubles[0]!.times).toHaveLength(2);

    await w.api.deleteCheckin(LIST, first.uuid);
    await w.pull();
    expect(w.summary()).toMatchObject({ checkedIn: 2, insideNow: 2, doubles: [] });
    w.watch.stop();
    expect(w.clock.pending()).toBe(0);
  });

  it('reports the service unreachable, keeps what it had, and catches up when it is back', async () => {
    const w = await watched(5);
    await w.pull();
    w.goOffline(true);
    await w.checkIn(w.tickets[0]!.id).catch(() => undefined);
    await w.pull();
    expect(w.failures.at(-1)?.reason).toBe('network');
    expect(w.summary().total).toBe(5);
    w.goOffline(false);
    await w.checkIn(w.tickets[1]!.id);
    await w.pull();
    expect(w.summary()).toMatchObject({ checkedIn: 1, insideNow: 1 });
    w.watch.stop();
  });
});
