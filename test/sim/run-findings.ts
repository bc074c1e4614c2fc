// What a run found once it has healed (or given up): the doors' last answers let land, then every
// door's copy, the service's check-ins and, with relays, each relay's mirror and its journal as
// replayed from disk after the relay stopped, checked against the invariants (invariants.ts,
// relay-invariants.ts). Each failure comes with its check-in's story (write-traces.ts).
import type { Host } from './host-pool';
import type { Truth } from './heal-loop';
import { checkInvariants, type Findings, type TierTruth } from './invariants';
import { checkRelayTier, journalWrites, refusedAt } from './relay-invariants';
import { DIRECT_LINK, UPLINK } from './relay-plan';
import type { RelayTier } from './relay-tier';
import type { SimPlan } from './schedule';
import { sumOver } from './service-reads';
import type { TierResult } from './sim-report';
import type { writeTraces } from './write-traces';

export interface RunFindings {
  findings: Findings;
  troubles: string[];
  tier: TierResult | null;
  checkinsOnService: number;
}

export async function readFindings(o: {
  hosts: Host[];
  slug: string;
  serviceOrigin: string;
  truth: Truth;
  tier: RelayTier | null;
  heal: { healRelayS: number | null; healDoorsS: number | null };
  proxy: { requestsOf: (link: number) => number };
  /** The service's check-ins before the first scheduled second (the doors' joins made none). */
  before: ReadonlySet<string>;
  duplicates: 'record' | 'refuse' | undefined;
  plan: SimPlan;
  traces: ReturnType<typeof writeTraces>;
}): Promise<RunFindings> {
  const { hosts, tier, truth } = o;
  // Let the last answers land (doors' own pulls record conflicts) before reading everything.
  await Promise.all(hosts.map((h) => h.stop()));
  await truth.read(o.serviceOrigin);
  const copies = (await Promise.all(hosts.map((h) => h.copies(o.slug))))
    .flat()
    .sort((a, b) => a.door - b.door);
  const finalStates = (await Promise.all(hosts.map((h) => h.states()))).flat().sort((a, b) => a.n - b.n);
  const troubles = finalStates.flatMap((d) =>
    d.errors.length || !d.online
      ? [`door ${d.n}: ${d.online ? 'online' : 'offline'}, last pull ${d.lastPullAt}, ${d.errors.join(', ')}`]
      : [],
  );
  const admissions = (await Promise.all(hosts.map((h) => h.admissions()))).flat();
  let tierResult: TierResult | null = null;
  let tierTruth: TierTruth | undefined;
  if (tier) {
    admissions.push(tier.apps.admissions);
    await tier.stop();
    const writes = await Promise.all(tier.relays.map((r) => journalWrites(r.dataDir, o.slug)));
    const byUuid = new Map(admissions.flat().map((a) => [a.clientId, a]));
    const findings = checkRelayTier(writes, truth.served, truth.service, byUuid, copies);
    tierTruth = {
      truthOf: truth.of,
      refused: new Set(writes.flatMap((w, n) => [...refusedAt(w, truth.served[n]!).keys()])),
    };
    // The doors joined by code: they never go to the service themselves, so what they admitted
    // while their relay was gone waited in their outbox for it.
    const byCode = admissions.flat().filter((a) => a.door >= 0 && tier.byCode(a.door));
    const whileRelayDown = byCode.filter((a) => {
      const at = o.plan.events[a.event]?.at;
      return at !== undefined && tier.relayDownAt(a.door, Math.floor(at));
    });
    tierResult = {
      findings,
      codeDoors: {
        doors: Array.from({ length: o.plan.doors }, (_, n) => n).filter(tier.byCode).length,
        admissions: byCode.length,
        whileRelayDown: whileRelayDown.length,
      },
      healRelayS: o.heal.healRelayS,
      healDoorsS: o.heal.healDoorsS,
      relayKills: tier.relays.reduce((sum, r) => sum + r.kills(), 0),
      torn: tier.relays.flatMap((r) => r.torn().map((t) => `relay ${r.n}: ${t}`)),
      appAdmissions: tier.apps.admissions.length,
      appRefused: tier.apps.refused(),
      directRequests: sumOver(o.proxy, DIRECT_LINK, UPLINK),
      uplinkRequests: sumOver(o.proxy, UPLINK, UPLINK + tier.relays.length),
    };
  }
  if (process.env.SIM_DUMP)
    (await import('node:fs')).writeFileSync(
      process.env.SIM_DUMP,
      JSON.stringify({ service: [...truth.service.values()], copies, admissions }),
    );
  const findings = checkInvariants(admissions, copies, truth.service, o.before, o.duplicates, tierTruth);
  if (tierResult) findings.examples.push(...tierResult.findings.examples);
  findings.examples = o.traces.explain(findings.examples, admissions.flat(), o.plan);
  return { findings, troubles, tier: tierResult, checkinsOnService: truth.service.size };
}
