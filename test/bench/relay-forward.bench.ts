// `relay-forward-latency-p99` as its target defines it: 40 doors post check-ins through the relay
// for 60 s, and each check-in is timed from the start of its door's POST until the upstream
// answered it (the upstream's answer naming its uuid has passed back through the recording tap
// between the relay and the upstream, in this process, on this clock). Real processes: an
// upstream server, the tap, and the relay as `npm start` runs it (the venue mirror on, its
// default interval). A door here is an HTTP client doing what the door app does: one check-in
// (`{ checkin: { ticket_id, uuid } }`) every second, with a random phase, the next only after
// the relay answered the last one (a door admitting a person a second: a very fast lane).
// The same run checks that the upstream holds every check-in exactly once. A shorter second run
// with RELAY_MIRROR=off gives the pass-through figure, where the door's own answer waits for the
// upstream's.
//
// BENCH_RELAY_DOORS (40), BENCH_RELAY_SECONDS (60), BENCH_RELAY_PASSTHROUGH_SECONDS (20, 0 = none).
import { join } from 'node:path';
import { type RelayPair, startRelayPair, upstreamListAddresses } from '../relay/relay-setup';

const DOORS = Number(process.env.BENCH_RELAY_DOORS ?? 40);
const SECONDS = Number(process.env.BENCH_RELAY_SECONDS ?? 60);
const PASSTHROUGH_SECONDS = Number(process.env.BENCH_RELAY_PASSTHROUGH_SECONDS ?? 20);
const DOOR_PERIOD_MS = 1000;

const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  /** Door POST start to the upstream's answer naming the check-in, per check-in. */
  forward: number[];
  /** Door POST start to the relay's answer to the door. */
  door: number[];
  posted: number;
  failed: number;
  /** Check-ins the upstream never answered for within 30 s of the end. */
  missing: number;
  /** Check-ins the upstream holds more than once (by uuid, or beyond the number posted). */
  doubled: number;
}

async function run(pair: RelayPair, tag: string, seconds: number): Promise<Run> {
  const slug = new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';
  const list = `${pair.relay.origin}/checkin/checkin_lists/${slug}`;
  await fetch(list).then((r) => r.text());
  for (let i = 0; ; i++) {
    const info = (await (await fetch(`${pair.relay.origin}/__service`)).json()) as {
      mirror?: boolean;
      mirrored_lists: { ready: boolean }[];
    };
    if (!info.mirror || info.mirrored_lists[0]?.ready) break;
    if (i > 300) throw new Error('the mirror never became ready');
    await sleep(100);
  }
  const tickets = ((await (await fetch(`${list}/tickets`)).json()) as { id: number }[]).map((t) => t.id);

  const startedAt = new Map<string, number>();
  const answeredAt = new Map<string, number>();
  pair.tap.onAnswer = (seen, status, body) => {
    if (seen.method !== 'POST' || !seen.url.endsWith('/checkins') || status >= 300) return;
    const at = performance.now();
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return;
    }
    for (const c of Array.isArray(parsed) ? parsed : [parsed]) {
      const uuid = (c as { uuid?: unknown })?.uuid;
      if (typeof uuid === 'string' && startedAt.has(uuid) && !answeredAt.has(uuid)) answeredAt.set(uuid, at);
    }
  };

  const result: Run = { forward: [], door: [], posted: 0, failed: 0, missing: 0, doubled: 0 };
  const end = performance.now() + seconds * 1000;
  const door = async (d: number) => {
    await sleep(Math.random() * DOOR_PERIOD_MS);
    for (let n = 0; performance.now() < end; n++) {
      const next = performance.now() + DOOR_PERIOD_MS;
      const uuid = `bench-${tag}-${d}-${n}`;
      const ticket = tickets[(d * 7 + n) % tickets.length] ?? 0;
      const start = performance.now();
      startedAt.set(uuid, start);
      result.posted++;
      try {
        const response = await fetch(`${list}/checkins`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ checkin: { ticket_id: ticket, uuid } }),
        });
        await response.text();
        if (response.status >= 300) result.failed++;
        else result.door.push(performance.now() - start);
      } catch {
        result.failed++;
      }
      await sleep(Math.max(0, next - performance.now()));
    }
  };
  await Promise.all(Array.from({ length: DOORS }, (_, d) => door(d)));
  for (let i = 0; i < 300 && answeredAt.size < startedAt.size; i++) await sleep(100);
  pair.tap.onAnswer = undefined;
  for (const [uuid, start] of startedAt) {
    const at = answeredAt.get(uuid);
    if (at === undefined) result.missing++;
    else result.forward.push(at - start);
  }

  // Exactly once: every uuid posted is held once upstream.
  const held = new Map<string, number>();
  for (let page = 1; ; page++) {
    const url = `${pair.upstream.origin}/checkin/checkin_lists/${slug}/checkins?page=${page}`;
    const items = (await (await fetch(url)).json()) as { uuid: string }[];
    if (items.length === 0) break;
    for (const c of items)
      if (c.uuid.startsWith(`bench-${tag}-`)) held.set(c.uuid, (held.get(c.uuid) ?? 0) + 1);
  }
  for (const count of held.values()) if (count > 1) result.doubled += count - 1;
  return result;
}

function report(name: string, r: Run, seconds: number) {
  line(`${name}-p50`, pct(r.forward, 50).toFixed(1), 'ms');
  line(
    `${name}-p99`,
    pct(r.forward, 99).toFixed(1),
    `ms (${DOORS} doors, ${seconds} s, ${r.posted} check-ins)`,
  );
  line(`${name}-door-answer-p99`, pct(r.door, 99).toFixed(1), 'ms (the relay answering the door)');
  line(`${name}-not-forwarded`, r.missing + r.failed, `check-ins (${r.failed} POSTs refused or failed)`);
  line(`${name}-doubled-upstream`, r.doubled, 'check-ins');
}

const mirrored = await startRelayPair((root) => ({ RELAY_DATA_DIR: join(root, 'relay-data') }));
try {
  report('relay-forward-latency', await run(mirrored, 'mirror', SECONDS), SECONDS);
} finally {
  await mirrored.stop();
}

if (PASSTHROUGH_SECONDS > 0) {
  const passing = await startRelayPair({ RELAY_MIRROR: 'off' });
  try {
    report(
      'relay-forward-latency-passthrough',
      await run(passing, 'pass', PASSTHROUGH_SECONDS),
      PASSTHROUGH_SECONDS,
    );
  } finally {
    await passing.stop();
  }
}
