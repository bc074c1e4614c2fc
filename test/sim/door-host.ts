// A host for some of the simulation's doors: in the runner's own thread, or in a worker thread
// of its own (door-worker.ts), each with its own fake-indexeddb. Forty doors on a
// 100,000-ticket list are more than one Node thread keeps up with: each door holds its own
// copy and index of the list, so a host per core splits both the work and the heap.
import 'fake-indexeddb/auto';
import { seekingCursors } from './cursor-seek';
import type { Admission, DoorOptions, SimDoor } from './door';
import { simDoor } from './door';
import { type DoorCopy, readDoorCopy } from './invariants';

export type HostEvent =
  | { kind: 'admit'; door: number; id: number; ticket: number; anyway: boolean }
  | { kind: 'undo'; door: number; admit: number }
  | { kind: 'online'; door: number; online: boolean }
  | { kind: 'flush'; door: number };

/** What the runner needs to know of a door after each simulated second. */
export interface DoorState {
  n: number;
  /** The step ended at its drain limit with this door still busy (the machine, not the app, set the pace). */
  cut: boolean;
  phase: string;
  pending: number;
  checkedIn: number;
  online: boolean;
  lastPullAt: number | null;
  errors: string[];
  admissions: number;
}

export interface HostStep {
  simNow: number;
  events: HostEvent[];
  realMsPerStep: number;
  drainMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

seekingCursors();

export function doorHost(all: readonly DoorOptions[]) {
  const doors = new Map<number, SimDoor>(all.map((o) => [o.n, simDoor(o)]));
  const restarting = new Set<Promise<void>>();
  const groups = new Map(all.map((o) => [o.n, o.group ?? 0]));
  const groupOf = (d: SimDoor) => groups.get(d.n) ?? 0;
  const firsts = () => {
    const seen = new Map<number, SimDoor>();
    for (const d of doors.values()) if (!seen.has(groupOf(d))) seen.set(groupOf(d), d);
    return [...seen.values()];
  };
  let profiler: import('node:inspector/promises').Session | undefined;
  const door = (n: number) => {
    const found = doors.get(n);
    if (!found) throw new Error(`door ${n} is not on this host`);
    return found;
  };
  const state = (d: SimDoor, cut = false): DoorState => {
    const s = d.engine().status();
    return {
      n: d.n,
      cut: cut && s.phase !== 'idle',
      phase: s.phase,
      pending: s.pending,
      checkedIn: s.counts.checkedIn,
      online: s.online,
      lastPullAt: s.lastPullAt,
      errors: Object.entries(s.errors).flatMap(([k, e]) => (e ? [`${k}: ${e.reason}`] : [])),
      admissions: d.admissions.length,
    };
  };
  /** The first door of each group joins over the network (the others follow in `joinRest`). */
  async function joinFirst(slug: string) {
    for (const first of firsts()) await first.join(slug);
  }
  /** Each group's first door catches up; the others join too, or take a copy of its database. */
  async function joinRest(slug: string, joinEach: boolean) {
    const leaders = firsts();
    for (const first of leaders) await first.catchUp();
    for (const d of doors.values()) {
      if (leaders.includes(d)) continue;
      if (joinEach) await d.join(slug);
      else await d.copyFrom(leaders.find((l) => groupOf(l) === groupOf(d))!.db(), slug);
    }
  }
  return {
    joinFirst,
    joinRest,
    async join(slug: string, joinEach: boolean) {
      await joinFirst(slug);
      await joinRest(slug, joinEach);
    },
    async start() {
      await Promise.all([...doors.values()].map((d) => d.start()));
    },
    /**
     * One simulated second: the events of the second start, every clock moves to `simNow`
     * (running the engines' timers), and the second ends when what it started is done and every
     * door is idle, or `drainMs` after `realMsPerStep`.
     */
    async step(s: HostStep): Promise<DoorState[]> {
      const started: Promise<unknown>[] = [];
      for (const e of s.events) {
        const d = door(e.door);
        if (e.kind === 'admit') started.push(d.admit(e.id, e.ticket, e.anyway));
        else if (e.kind === 'undo') started.push(d.undo(e.admit) ?? Promise.resolve());
        else if (e.kind === 'online') d.setOnline(e.online);
        else void d.engine().flush();
      }
      await Promise.all([...doors.values()].map((d) => d.advanceTo(s.simNow)));
      await sleep(s.realMsPerStep);
      const until = performance.now() + s.drainMs;
      let opsDone = false;
      void Promise.allSettled(started).then(() => {
        opsDone = true;
      });
      while (
        performance.now() < until &&
        !(opsDone && [...doors.values()].every((d) => d.engine().status().phase === 'idle'))
      )
        await sleep(5);
      const cut = performance.now() >= until;
      return [...doors.values()].map((d) => state(d, cut));
    },
    /** Crash and start again (tracked: `settled` waits for it). */
    restart(n: number, simNow: number) {
      const work = door(n).restart(simNow);
      restarting.add(work);
      void work.finally(() => restarting.delete(work));
    },
    async settled() {
      await Promise.all([...restarting]);
    },
    states: () => [...doors.values()].map((d) => state(d)),
    /** SIM_PROFILE_HEAL: a CPU profile of this host's thread from `start` to `stop` (written to `file`). */
    async profile(action: 'start' | 'stop', file: string) {
      const { Session } = await import('node:inspector/promises');
      profiler ??= new Session();
      if (action === 'start') {
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 2000 });
        await profiler.post('Profiler.start');
        return;
      }
      const { profile } = await profiler.post('Profiler.stop');
      (await import('node:fs')).writeFileSync(file, JSON.stringify(profile));
      profiler.disconnect();
    },
    /** Every door's copy of the list (`slug`, or the credential a door joined by code holds it under). */
    copies: (slug: string): Promise<DoorCopy[]> =>
      Promise.all([...doors.values()].map((d) => readDoorCopy(d, d.listSlug() ?? slug))),
    admissions: (): Admission[][] => [...doors.values()].map((d) => d.admissions),
    /** Lets the last answers land, then stops every engine. */
    async stop() {
      await Promise.all([...doors.values()].flatMap((d) => d.pending()));
      await Promise.all([...doors.values()].map((d) => d.engine().stop()));
    },
    close() {
      for (const d of doors.values()) {
        void d.engine().stop();
        d.db().close();
      }
    },
  };
}

export type DoorHost = ReturnType<typeof doorHost>;
