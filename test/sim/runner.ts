// One simulation run: the service (a real server process), the fault proxy every link goes
// through, the relay tier when asked for, and the doors on their hosts; then the seeded schedule
// one simulated second at a time, the heal (heal-loop.ts) and the findings (run-findings.ts).
// A seed replays the schedule and every fault decision (link-faults.ts); the microsecond order of
// real HTTP does not replay, which is why every invariant must hold on every run of a seed.
//
// Time: a simulated second is one step on every door host at once (each door's clock moves to
// it and its timers run), lasting `realMsPerStep` real ms and then as long as the doors' work
// started in it takes, up to `drainMs`. While healing, a second lasts at least
// `healRealMsPerStep`: the relays run on real time.
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import type { DoorState, HostEvent } from './door-host';
import { healUntilAgreed, truthOf } from './heal-loop';
import { type Host, hostPool } from './host-pool';
import { linkFaults } from './link-faults';
import { startFaultProxy } from './proxy';
import { planRelayTier } from './relay-plan';
import { type RelayTier, SIM_UPSTREAM_TOKEN, startRelayTier } from './relay-tier';
import { readFindings } from './run-findings';
import { planSimulation } from './schedule';
import { profiler, serviceCheckins, ticketIds } from './service-reads';
import { simService } from './service-process';
import type { SimOptions } from './sim-options';
import type { SimResult } from './sim-report';
import { writeTraces } from './write-traces';

export { describeRun, invariantsHold, type SimResult, type TierResult } from './sim-report';
export type { SimOptions } from './sim-options';

export async function runSimulation(options: SimOptions): Promise<SimResult> {
  const profileAt = await profiler();
  const log = options.log ?? (() => undefined);
  const trace = process.env.SIM_TRACE ? log : undefined;
  const wallStart = performance.now();
  const service = await simService(
    options.listSize,
    options.duplicates,
    options.relays ? { MOCK_API_TOKENS: `${SIM_UPSTREAM_TOKEN}:live:3.1:demo` } : {},
  );
  let tier: RelayTier | null = null;
  let proxy: Awaited<ReturnType<typeof startFaultProxy>> | null = null;
  let pool: ReturnType<typeof hostPool> | null = null;
  try {
    const tickets = await ticketIds(service.origin);
    const plan = planSimulation({ ...options, tickets });
    const tierPlan = options.relays
      ? planRelayTier(options.relays, { ...plan, tickets, doors: plan.doors })
      : null;
    if (tierPlan) plan.faults.push(...tierPlan.faults);
    const start = Date.now();
    let second = 0;
    // Faults apply from the first scheduled second until the heal: joining is not under test.
    let faulty = false;
    const traces = writeTraces(() => second);
    const restartWanted = new Map<number, number>();
    let doorRestarts = 0;
    const restarting = new Set<Promise<void>>();

    const restart = (door: number) => {
      restartWanted.delete(door);
      doorRestarts++;
      traces.restarted(door);
      const work = pool!.hostOf(door).restart(door, start + second * 1000);
      restarting.add(work);
      void work.finally(() => restarting.delete(work));
    };

    proxy = await startFaultProxy({
      upstream: (link) => tier?.upstreamOf(link) ?? service.origin,
      decide: linkFaults(plan, { faulty: () => faulty, second: () => second }),
      onWrite: (door) => {
        if (restartWanted.has(door)) restart(door);
      },
      onWriteDone: traces.written,
    });

    if (tierPlan)
      tier = await startRelayTier({
        plan: tierPlan,
        seed: plan.seed,
        slug: DEMO_CHECKIN_LIST,
        proxyOrigin: proxy.origin,
        serviceOrigin: () => service.origin,
        intervalMs: options.relays?.intervalMs,
      });
    const doorOptions = Array.from({ length: plan.doors }, (_, n) => ({
      n,
      seed: plan.seed,
      dbName: `sim-${plan.seed}-${start}-door-${n}`,
      baseUrl: proxy!.baseUrlFor(n),
      skewMs: plan.skewMs[n]!,
      simNow: start,
      ...(tier?.doorExtras(n, proxy!.baseUrlFor) ?? {}),
    }));
    pool = hostPool(doorOptions, options.workers ?? 0);
    const { hosts, hostOf } = pool;
    // Each relay mirrors the list before its doors join, as at a venue set up before the doors open.
    await tier?.ready();
    await Promise.all(hosts.map((h) => h.join(DEMO_CHECKIN_LIST, options.joinEach ?? false)));
    await Promise.all(hosts.map((h) => h.start()));
    const before = new Set((await serviceCheckins(service.origin)).keys());
    log(
      `sim ${plan.seed}: ${plan.doors} doors joined in ${((performance.now() - wallStart) / 1000).toFixed(1)} s (${hosts.length} door ${hosts.length === 1 ? 'host' : 'hosts'})`,
    );

    const returns: { at: number; door: number }[] = [];
    const online = new Set(doorOptions.map((d) => d.n));
    let states: DoorState[] = [];
    let next = 0;
    let events: HostEvent[] = [];
    let drainMs = options.drainMs ?? 0;
    let realMsPerStep = options.realMsPerStep;
    // One simulated second on every host at once; it ends when every host has finished it.
    const step = async () => {
      const stepStart = performance.now();
      const byHost = new Map<Host, HostEvent[]>(hosts.map((h) => [h, []]));
      for (const e of events) byHost.get(hostOf(e.door))!.push(e);
      events = [];
      const simNow = start + second * 1000;
      states = (
        await Promise.all(
          hosts.map((h) => h.step({ simNow, events: byHost.get(h)!, realMsPerStep, drainMs })),
        )
      ).flat();
      if (trace) {
        const busy = states.filter((d) => d.phase !== 'idle');
        trace(
          `trace ${second} s: step ${(performance.now() - stepStart).toFixed(0)} ms, busy ${busy.length} [${busy
            .slice(0, 6)
            .map((d) => `${d.n}:${d.phase}`)
            .join(
              ' ',
            )}], pending ${states.reduce((s, d) => s + d.pending, 0)}, proxy ${JSON.stringify(proxy!.counts)}`,
        );
      }
      return states;
    };
    faulty = true;
    for (; second < plan.durationS; second++) {
      while (next < plan.events.length && plan.events[next]!.at < second + 1) {
        const event = plan.events[next++]!;
        if (event.kind === 'admit')
          events.push({
            kind: 'admit',
            door: event.door,
            id: event.id,
            ticket: event.ticket,
            anyway: event.anyway,
          });
        else if (event.kind === 'undo') events.push({ kind: 'undo', door: event.door, admit: event.admit });
        else if (event.kind === 'offline') {
          online.delete(event.door);
          events.push({ kind: 'online', door: event.door, online: false });
          returns.push({ at: second + event.forS, door: event.door });
        } else if (event.kind === 'restart') {
          // Wanted mid-flush: the door restarts as its next write leaves (or in 10 s regardless).
          restartWanted.set(event.door, second + 10);
          events.push({ kind: 'flush', door: event.door });
        } else void service.killAndRestart();
      }
      for (const r of returns.filter((r) => r.at <= second)) {
        returns.splice(returns.indexOf(r), 1);
        if (!online.has(r.door)) {
          online.add(r.door);
          events.push({ kind: 'online', door: r.door, online: true });
        }
      }
      for (const [door, by] of restartWanted) if (by <= second) restart(door);
      tier?.onSecond(second);
      await profileAt(second);
      await step();
      if (second % 60 === 0)
        log(`sim ${plan.seed}: ${second} s, ${states.reduce((s, d) => s + d.admissions, 0)} admissions`);
    }

    // Heal: every fault gone, everything back up, every door online.
    faulty = false;
    restartWanted.clear();
    await service.settled();
    await tier?.heal();
    await Promise.all([...restarting]);
    await Promise.all(hosts.map((h) => h.settled()));
    for (const n of doorOptions.map((d) => d.n))
      if (!online.has(n)) events.push({ kind: 'online', door: n, online: true });
    const healStart = second;
    drainMs = Math.max(drainMs, options.healDrainMs ?? 5000);
    realMsPerStep = options.healRealMsPerStep ?? realMsPerStep;
    const truth = truthOf(tier);
    const healProfile = process.env.SIM_PROFILE_HEAL;
    if (healProfile) await Promise.all(hosts.map((h) => h.profile('start', '')));
    const heal = await healUntilAgreed({
      stepAt: (s) => {
        second = healStart + s;
        return step();
      },
      serviceOrigin: service.origin,
      tier,
      truth,
      copies: async () => (await Promise.all(hosts.map((h) => h.copies(DEMO_CHECKIN_LIST)))).flat(),
      maxHealS: options.maxHealS ?? 300,
      checkEveryS: options.healCheckEveryS ?? 2,
      trace,
    });
    if (healProfile)
      await Promise.all(hosts.map((h, i) => h.profile('stop', `${healProfile}-host-${i}.cpuprofile`)));
    const found = await readFindings({
      hosts,
      slug: DEMO_CHECKIN_LIST,
      serviceOrigin: service.origin,
      truth,
      tier,
      heal,
      proxy,
      before,
      duplicates: options.duplicates,
      plan,
      traces,
    });
    return {
      seed: plan.seed,
      duplicates: options.duplicates ?? 'record',
      plan,
      findings: found.findings,
      healedAfterS: heal.healedAfterS,
      healWallS: heal.healWallS,
      healSecondsCut: heal.healSecondsCut,
      wallS: (performance.now() - wallStart) / 1000,
      proxy: { ...proxy.counts },
      serviceKills: service.kills(),
      doorRestarts,
      checkinsOnService: found.checkinsOnService,
      troubles: found.troubles,
      tier: found.tier,
    };
  } finally {
    if (pool)
      await Promise.all(
        pool.hosts.map(async (h) => {
          await h.close().catch(() => undefined);
          await h.terminate();
        }),
      );
    // Each stopped whatever the one before threw: a process left running holds its port.
    await tier?.stop().catch(() => undefined);
    tier?.remove();
    await proxy?.close().catch(() => undefined);
    await service.stop();
  }
}
