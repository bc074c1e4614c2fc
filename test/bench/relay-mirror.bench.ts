// The venue mirror, over real processes (an upstream server, the recording tap, the relay with
// RELAY_DATA_DIR): `relay-mirror-propagation` is the time from door A starting its POST of a
// check-in to door B's `since` pull (B pulling back to back) first showing it; with the upstream
// up and again with it killed. (`relay-forward-latency-p99`, 40 doors for 60 s, is
// ./relay-forward.bench.ts.)
import { join } from 'node:path';
import { startRelayPair, upstreamListAddresses } from '../relay/relay-setup';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

const pair = await startRelayPair((root) => ({
  RELAY_DATA_DIR: join(root, 'relay-data'),
  RELAY_MIRROR_INTERVAL_MS: '1000',
}));
try {
  const slug = new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';
  const list = `${pair.relay.origin}/checkin/checkin_lists/${slug}`;
  await fetch(list).then((r) => r.text());
  for (let i = 0; ; i++) {
    const info = (await (await fetch(`${pair.relay.origin}/__service`)).json()) as {
      mirrored_lists: { ready: boolean }[];
    };
    if (info.mirrored_lists[0]?.ready) break;
    if (i > 200) throw new Error('the mirror never became ready');
    await new Promise((r) => setTimeout(r, 100));
  }
  const tickets = (await (await fetch(`${list}/tickets`)).json()) as { id: number }[];
  const post = (ticket: number, uuid: string) =>
    fetch(`${list}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: ticket, uuid } }),
    }).then((r) => r.text());

  const propagation = async (tag: string) => {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const uuid = `bench-${tag}-${i}-${Date.now()}`;
      const since = ((Date.now() - 2000) / 1000).toFixed(3);
      const start = performance.now();
      const posted = post(tickets[i % tickets.length]?.id ?? 0, uuid);
      for (;;) {
        const seen = (await (await fetch(`${list}/checkins?since=${since}`)).json()) as { uuid: string }[];
        if (seen.some((c) => c.uuid === uuid)) break;
      }
      times.push(performance.now() - start);
      await posted;
    }
    return times;
  };

  const up = await propagation('up');
  line('relay-mirror-propagation', pct(up, 50).toFixed(1), 'ms (p50, upstream up)');
  line('relay-mirror-propagation-p99', pct(up, 99).toFixed(1), 'ms (upstream up)');
  await pair.killUpstream();
  const down = await propagation('down');
  line('relay-mirror-propagation-offline', pct(down, 50).toFixed(1), 'ms (p50, upstream killed)');
  line('relay-mirror-propagation-offline-p99', pct(down, 99).toFixed(1), 'ms (upstream killed)');
} finally {
  await pair.stop();
}
