// The relay tier of a simulation run: the relay processes (one per hall, relay-process.ts) between
// their doors and the service, each behind the fault proxy on both sides, killed and restarted as
// the plan says (relay-plan.ts), and the service's own apps admitting beside them
// (service-apps.ts). It answers the runner's questions: where each link leads, each door's
// addresses, and whether the tier agrees (each relay's mirror with the service, nothing left in
// its journal) as the run heals. Relays are read straight, never through the proxy. A hall's doors
// joined by code spend a join code made on their relay's fleet (relay-process.ts).
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport } from '../../src/api/http';
import type { RemoteCheckin } from '../../src/api/schemas';
import { DEMO_ACCOUNT, DEMO_EVENT } from '../../src/mock-api/seed/demo';
import { DIRECT_LINK, type Tear, type TierPlan, UPLINK } from './relay-plan';
import { type SimRelay, simRelay } from './relay-process';
import { serviceApps } from './service-apps';

export const SIM_UPSTREAM_TOKEN = 'sim_relay_upstream_token_0123456789abcdef';

/** What a relay's /__service says of its one mirrored list. */
export interface MirrorStatus {
  ready: boolean;
  pending_upstream: number;
  parked: number;
  already_in: number;
}

export async function checkinsAt(origin: string, slug: string): Promise<Map<string, RemoteCheckin>> {
  const client = createCheckinClient(
    createTransport({ baseUrl: `${origin}/checkin`, fetch: (r) => fetch(r) }),
  );
  const all = new Map<string, RemoteCheckin>();
  for (let page = 1; ; page++) {
    const items = await client.listPage('checkins', slug, page, 0);
    if (!items.ok) throw new Error(`reading the check-ins at ${origin}: ${items.reason}`);
    if (items.value.length === 0) return all;
    for (const c of items.value) all.set(c.uuid, c);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startRelayTier(o: {
  plan: TierPlan;
  seed: number;
  slug: string;
  proxyOrigin: string;
  serviceOrigin: () => string;
  intervalMs?: number;
}) {
  const relays: SimRelay[] = await Promise.all(
    Array.from({ length: o.plan.relays }, (_, n) =>
      simRelay({
        n,
        checkinUrl: `${o.proxyOrigin}/d/${UPLINK + n}/checkin`,
        adminUrl: `${o.proxyOrigin}/d/${UPLINK + n}/v3`,
        adminToken: SIM_UPSTREAM_TOKEN,
        intervalMs: o.intervalMs,
      }),
    ),
  );
  // One code per hall, for as many doors as join by code there.
  const codes = await Promise.all(
    relays.map((r) => {
      const devices = o.plan.byCode.filter((c, n) => c && o.plan.relayOf[n] === r.n).length;
      return devices > 0 ? r.joinCode(`${DEMO_ACCOUNT}/${DEMO_EVENT}`, o.slug, devices) : null;
    }),
  );
  const apps = serviceApps({ origin: o.serviceOrigin, slug: o.slug, seed: o.seed });
  const restarts: { at: number; relay: number; torn: Tear | null }[] = [];
  let next = 0;
  const relayOf = (door: number) => o.plan.relayOf[door] ?? null;

  async function status(r: SimRelay): Promise<MirrorStatus | null> {
    try {
      const info = (await (await fetch(`${r.origin}/__service`)).json()) as {
        mirrored_lists?: MirrorStatus[];
      };
      return info.mirrored_lists?.[0] ?? null;
    } catch {
      return null;
    }
  }

  return {
    relays,
    apps,
    relayOf,
    /** Where a link of the proxy leads: a relay door's first hop to its relay, anything else to the service. */
    upstreamOf(link: number): string {
      const relay = link < DIRECT_LINK ? relayOf(link) : null;
      return relay === null ? o.serviceOrigin() : relays[relay]!.origin;
    },
    /**
     * A door's own settings: the service directly as its fallback (or, joined by code, its
     * relay's join code and a group of its own: its copy is under its own credential), the
     * mirror's 3 s sync, its group.
     */
    doorExtras(door: number, baseUrlFor: (link: number) => string) {
      const relay = relayOf(door);
      if (relay === null) return { group: o.plan.relays };
      if (o.plan.byCode[door])
        return { joinCode: codes[relay]!, syncIntervalMs: 3000, group: o.plan.relays + 1 + door };
      return { directBaseUrl: baseUrlFor(DIRECT_LINK + door), syncIntervalMs: 3000, group: relay };
    },
    byCode: (door: number) => o.plan.byCode[door] ?? false,
    /** Whether `door`'s relay was gone (killed, not yet restarted) in simulated second `second`. */
    relayDownAt(door: number, second: number) {
      const relay = relayOf(door);
      return o.plan.downs.some((d) => d.relay === relay && d.from <= second && second < d.to);
    },
    /**
     * Until every relay mirrors the list (its first full download done). A relay mirrors a list
     * once it has answered a read of it: this is a door's first read, so the doors' joins that
     * follow are served from the mirror.
     */
    async ready(timeoutMs = 600_000) {
      const end = Date.now() + timeoutMs;
      for (const r of relays) {
        const first = await fetch(`${r.origin}/checkin/checkin_lists/${encodeURIComponent(o.slug)}`);
        if (!first.ok) throw new Error(`relay ${r.n} could not read the list (${first.status})`);
      }
      for (const r of relays)
        while (!(await status(r))?.ready) {
          if (Date.now() > end) throw new Error(`relay ${r.n} did not mirror the list`);
          await sleep(200);
        }
    },
    /** The events of the simulated second just begun: kills, restarts due, the service apps' admissions. */
    onSecond(second: number) {
      while (next < o.plan.events.length && o.plan.events[next]!.at < second + 1) {
        const e = o.plan.events[next++]!;
        if (e.kind === 'app-admit') apps.admit(e.ticket);
        else {
          void relays[e.relay]!.kill();
          restarts.push({ at: second + e.downS, relay: e.relay, torn: e.torn });
        }
      }
      for (const due of restarts.filter((x) => x.at <= second)) {
        restarts.splice(restarts.indexOf(due), 1);
        void relays[due.relay]!.restart(due.torn);
      }
    },
    /** Everything back: every relay up (a pending torn restart still tears), the apps' sends done. */
    async heal() {
      for (const due of restarts.splice(0)) void relays[due.relay]!.restart(due.torn);
      for (const r of relays) void r.restart(null);
      await Promise.all(relays.map((r) => r.settled()));
      await apps.settled();
    },
    status,
    /** Each relay's check-ins as it serves them to its doors. */
    served: () => Promise.all(relays.map((r) => checkinsAt(r.origin, o.slug))),
    /**
     * Whether every relay agrees with the service: nothing pending upstream, every check-in of the
     * service served alike, and beyond them only what it holds as refused "already in".
     */
    async agrees(service: ReadonlyMap<string, RemoteCheckin>, served: Map<string, RemoteCheckin>[]) {
      for (const [n, r] of relays.entries()) {
        const s = await status(r);
        if (!s?.ready || s.pending_upstream > 0) return false;
        const mine = served[n]!;
        for (const [uuid, c] of service) {
          const held = mine.get(uuid);
          if (!held || (held.deletedAt === null) !== (c.deletedAt === null)) return false;
        }
        if (mine.size - service.size !== s.already_in) return false;
      }
      return true;
    },
    async stop() {
      await Promise.all(relays.map((r) => r.stop()));
    },
    remove: () => {
      for (const r of relays) r.remove();
    },
  };
}

export type RelayTier = Awaited<ReturnType<typeof startRelayTier>>;
