import type { RemoteCheckin } from '../../src/api/schemas';
import { createRandom } from '../../src/mock-api/random';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import type { DoorState, HostEvent } from './door-host';
import { type Host, hostPool } from './host-pool';
import { checkInvariants, type DoorCopy, differences, type TierTruth } from './invariants';
import { profiler, serviceCheckins, sumOver, ticketIds } from './service-reads';
import type { SimResult, TierResult } from './sim-report';

export { describeRun, invariantsHold, type SimResult, type TierResult } from './sim-report';
import { type ProxyAction, startFaultProxy } from './proxy';
import { type PlanOptions, planSimulation } from './schedule';
import { simService } from './service-process';
import { checkRelayTier, journalWrites, refusedAt } from './relay-invariants';
import { DIRECT_LINK, planRelayTier, type RelayTierOptions, UPLINK } from './relay-plan';
import { type RelayTier, SIM_UPSTREAM_TOKEN, startRelayTier } from './relay-tier';

export interface SimOptions extends Omit<PlanOptions, 'tickets'> {
  /** Tickets on the list (the server's MOCK_SEED_TICKETS). */
  listSize: number;
  realMsPerStep: number;
  /**
   * Real ms a step may wait, beyond `realMsPerStep`, for the operations it started (a busy
   * machine otherwise lets simulated time run ahead of the doors' work).
   */
  drainMs?: number;
  /**
   * The same while healing (default 5000): each healing second waits for the doors' work, so the
   * time to agreement counts the app's own timers and backoff, not a busy machine's lag.
   */
  healDrainMs?: number;
  maxHealS?: number;
  /** How often (simulated s) the heal loop compares every door with the service. */
  healCheckEveryS?: number;
  /** Join every door over the network; otherwise the first of each host joins and the rest copy its database. */
  joinEach?: boolean;
  /** What the service does with a second active check-in of a ticket: record it (default) or refuse it. */
  duplicates?: 'record' | 'refuse';
  /** Worker threads for the doors (each with its own fake-indexeddb); 0 runs them in this thread. */
  workers?: number;
  /**
   * Relays in front of the service, one per hall, and the service's own apps beside them
   * (relay-plan.ts). Doors beyond `relays * doorsPerRelay` talk to the service directly.
   */
  relays?: RelayTierOptions;
  /**
   * Real ms a healing second lasts at least (default `realMsPerStep`). The relays run on real
   * time (their rounds, their backoff), so with relays a healing second is a real second: the
   * heal time in simulated seconds is then no shorter than the relays' own.
   */
  healRealMsPerStep?: number;
  log?: (line: string) => void;
}

const UUID_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export async function runSimulation(options: SimOptions): Promise<SimResult> {
  const traces = new Map<string, string[]>();
  const traceOf = (uuid: string) => traces.get(uuid) ?? traces.set(uuid, []).get(uuid)!;
  const restarts = new Map<number, number[]>();
  const restartsOf = (door: number) => restarts.get(door) ?? restarts.set(door, []).get(door)!;
  const profileAt = await profiler();
  const log = options.log ?? (() => undefined);
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
    const restartWanted = new Map<number, number>();
    let doorRestarts = 0;
    const restarting = new Set<Promise<void>>();

    const restart = (door: number) => {
      restartWanted.delete(door);
      doorRestarts++;
      restartsOf(door).push(second);
      const work = pool!.hostOf(door).restart(door, start + second * 1000);
      restarting.add(work);
      void work.finally(() => restarting.delete(work));
    };

    const decide = (door: number, _method: string, serial: number): ProxyAction => {
      if (!faulty) return { kind: 'forward', latencyMs: 0, dropAnswer: false };
      const window = plan.faults.find((w) => w.door === door && w.from <= second && second < w.to);
      const roll = createRandom((plan.seed * 7919) ^ (door * 104_729) ^ (serial * 1_299_709)).next();
      switch (window?.mode) {
        case 'partition':
          return { kind: 'cut' };
        case 'server-errors':
          return roll < 0.7
            ? { kind: 'status', status: roll < 0.35 ? 500 : 503 }
            : { kind: 'forward', latencyMs: 0, dropAnswer: false };
        case 'rate-limited':
          return { kind: 'status', status: 429, retryAfterS: window.retryAfterS ?? 5 };
        case 'drop-after-commit':
          return { kind: 'forward', latencyMs: 0, dropAnswer: roll < 0.6 };
        case 'latency':
          return { kind: 'forward', latencyMs: 50 + Math.floor(roll * 400), dropAnswer: false };
        default:
          return { kind: 'forward', latencyMs: 0, dropAnswer: false };
      }
    };
    proxy = await startFaultProxy({
      upstream: (link) => tier?.upstreamOf(link) ?? service.origin,
      decide,
      onWrite: (door) => {
        if (restartWanted.has(door)) restart(door);
      },
      onWriteDone: (door, method, path, body, fate) => {
        const uuids = new Set([...`${path} ${body.toString('utf8')}`.matchAll(UUID_TEXT)].map((m) => m[0]));
        for (const uuid of uuids) traceOf(uuid).push(`${second} s: door ${door} ${method} ${fate}`);
      },
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
    const trace = !!process.env.SIM_TRACE;
    // One simulated second on every host at once; it ends when every host has finished it.
    let drainMs = options.drainMs ?? 0;
    let realMsPerStep = options.realMsPerStep;
    const step = async () => {
      const stepStart = performance.now();
      const simNow = start + second * 1000;
      const byHost = new Map<Host, HostEvent[]>(hosts.map((h) => [h, []]));
      for (const e of events) byHost.get(hostOf(e.door))!.push(e);
      events = [];
      states = (
        await Promise.all(
          hosts.map((h) =>
            h.step({
              simNow,
              events: byHost.get(h)!,
              realMsPerStep,
              drainMs,
            }),
          ),
        )
      ).flat();
      if (trace) {
        const busy = states.filter((d) => d.phase !== 'idle');
        log(
          `trace ${second} s: step ${(performance.now() - stepStart).toFixed(0)} ms, busy ${busy.length} [${busy
            .slice(0, 6)
            .map((d) => `${d.n}:${d.phase}`)
            .join(
              ' ',
            )}], pending ${states.reduce((s, d) => s + d.pending, 0)}, proxy ${JSON.stringify(proxy!.counts)}`,
        );
      }
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

    // Heal.
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
    let healRelayS: number | null = null;
    let healDoorsS: number | null = null;
    let served: Map<string, RemoteCheckin>[] = [];
    // What each door should hold: its relay's mirror (checked against the service on its own), or the service.
    const truthOf = (door: number) => {
      const relay = tier?.relayOf(door) ?? null;
      return relay === null ? service_ : (served[relay] ?? service_);
    };
    const healWall = performance.now();
    const healProfile = process.env.SIM_PROFILE_HEAL;
    if (healProfile) await Promise.all(hosts.map((h) => h.profile('start', '')));
    let healedAfterS: number | null = null;
    const maxHealS = options.maxHealS ?? 300;
    let service_ = new Map<string, RemoteCheckin>();
    const allCopies = async () => (await Promise.all(hosts.map((h) => h.copies(DEMO_CHECKIN_LIST)))).flat();
    let healSecondsCut = 0;
    while (second - healStart <= maxHealS) {
      await step();
      if (states.some((d) => d.cut)) healSecondsCut++;
      if ((second - healStart) % (options.healCheckEveryS ?? 2) === 0) {
        service_ = await serviceCheckins(service.origin);
        served = tier ? await tier.served() : [];
        const relaysAgree = tier ? await tier.agrees(service_, served) : true;
        if (relaysAgree) healRelayS ??= second - healStart;
        // First what each engine reports (cheap), then, when that agrees, every database.
        const insideOf = (door: number) =>
          new Set([...truthOf(door).values()].filter((c) => c.deletedAt === null).map((c) => c.ticketId))
            .size;
        const looksDone = states.every((d) => d.pending === 0 && d.checkedIn === insideOf(d.n));
        const onRelays = states.filter((d) => tier?.relayOf(d.n) != null);
        const relayDoorsLookDone = onRelays.every((d) => d.pending === 0 && d.checkedIn === insideOf(d.n));
        const copies =
          looksDone || (tier && relayDoorsLookDone && healDoorsS === null) ? await allCopies() : [];
        const agrees = (c: DoorCopy) => differences(c, truthOf(c.door)).length === 0;
        if (tier && relayDoorsLookDone && copies.filter((c) => tier!.relayOf(c.door) !== null).every(agrees))
          healDoorsS ??= second - healStart;
        if (looksDone && relaysAgree && copies.every(agrees)) {
          healedAfterS = second - healStart;
          break;
        }
        if (trace)
          log(
            `trace heal ${second - healStart} s: relays ${relaysAgree ? 'agree' : 'behind'}; doors behind: ${states
              .filter((d) => d.pending !== 0 || d.checkedIn !== insideOf(d.n))
              .slice(0, 8)
              .map(
                (d) =>
                  `${d.n} (${d.pending} pending, ${d.checkedIn} in, ${d.phase}, ${d.errors.join('/') || 'no errors'})`,
              )
              .join(', ')}`,
          );
      }
      second++;
    }
    const healWallS = (performance.now() - healWall) / 1000;
    if (healProfile)
      await Promise.all(hosts.map((h, i) => h.profile('stop', `${healProfile}-host-${i}.cpuprofile`)));
    // Let the last answers land (doors' own pulls record conflicts) before reading everything.
    await Promise.all(hosts.map((h) => h.stop()));
    service_ = await serviceCheckins(service.origin);
    const copies = (await allCopies()).sort((a, b) => a.door - b.door);
    const finalStates = (await Promise.all(hosts.map((h) => h.states()))).flat().sort((a, b) => a.n - b.n);
    const troubles = finalStates.flatMap((d) =>
      d.errors.length || !d.online
        ? [
            `door ${d.n}: ${d.online ? 'online' : 'offline'}, last pull ${d.lastPullAt}, ${d.errors.join(', ')}`,
          ]
        : [],
    );
    const admissions = (await Promise.all(hosts.map((h) => h.admissions()))).flat();
    let tierResult: TierResult | null = null;
    let tierTruth: TierTruth | undefined;
    if (tier) {
      admissions.push(tier.apps.admissions);
      served = await tier.served();
      await tier.stop();
      const writes = await Promise.all(tier.relays.map((r) => journalWrites(r.dataDir, DEMO_CHECKIN_LIST)));
      const byUuid = new Map(admissions.flat().map((a) => [a.clientId, a]));
      const findings = checkRelayTier(writes, served, service_, byUuid, copies);
      tierTruth = {
        truthOf,
        refused: new Set(writes.flatMap((w, n) => [...refusedAt(w, served[n]!).keys()])),
      };
      tierResult = {
        findings,
        healRelayS,
        healDoorsS,
        relayKills: tier.relays.reduce((sum, r) => sum + r.kills(), 0),
        torn: tier.relays.flatMap((r) => r.torn().map((t) => `relay ${r.n}: ${t}`)),
        appAdmissions: tier.apps.admissions.length,
        appRefused: tier.apps.refused(),
        directRequests: sumOver(proxy, DIRECT_LINK, UPLINK),
        uplinkRequests: sumOver(proxy, UPLINK, UPLINK + tier.relays.length),
      };
    }
    if (process.env.SIM_DUMP)
      (await import('node:fs')).writeFileSync(
        process.env.SIM_DUMP,
        JSON.stringify({ service: [...service_.values()], copies, admissions }),
      );
    const findings = checkInvariants(admissions, copies, service_, before, options.duplicates, tierTruth);
    if (tierResult) findings.examples.push(...tierResult.findings.examples);
    // Each failure with its trace: every write that carried the uuid, and the door's story.
    const byClientId = new Map(admissions.flat().map((a) => [a.clientId, a]));
    findings.examples = findings.examples.flatMap((example) => {
      const uuid = example.match(UUID_TEXT)?.[0];
      const admission = uuid ? byClientId.get(uuid) : undefined;
      if (!uuid) return [example];
      const at = admission && admission.event >= 0 ? plan.events[admission.event]?.at : undefined;
      return [
        example,
        ...(admission
          ? [
              `    door ${admission.door} admitted it at ${at ?? '?'} s${admission.undo ? `, undo said ${admission.undo}` : ''}; door restarts at ${restartsOf(admission.door).join(', ') || 'none'} s`,
            ]
          : []),
        ...(traces.get(uuid) ?? ['no write carried it']).map((line) => `    ${line}`),
      ];
    });
    return {
      seed: plan.seed,
      duplicates: options.duplicates ?? 'record',
      plan,
      findings,
      healedAfterS,
      healWallS,
      healSecondsCut,
      wallS: (performance.now() - wallStart) / 1000,
      proxy: { ...proxy.counts },
      serviceKills: service.kills(),
      doorRestarts,
      checkinsOnService: service_.size,
      troubles,
      tier: tierResult,
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
