// Where a simulated phone figure's time goes by function: the V8 sampler's stacks in the same
// trace (recorded with BENCH_TRACE), summed by the function on top of each sample, for the page's
// main thread and the app's workers over the figure's stretches. Sampled time is the host's; the
// phone's is it times the thread's multiplier.
import type { Recording, Span } from './phone-trace';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}
interface ChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
  startTime?: number;
}

const file = (url: string) => url.split('/').pop() ?? '';

/** Self time (host ms) by function per thread kind ('page', 'worker') over the stretches. */
export function functionsIn(recording: Recording, spans: readonly Span[]): Map<string, Map<string, number>> {
  const kinds = new Map(recording.threads.filter((t) => t.key).map((t) => [t.key!, t.kind]));
  const out = new Map<string, Map<string, number>>();
  const windows = spans.map(([a, b]) => [recording.clock.toTrace(a), recording.clock.toTrace(b)] as const);
  const inside = (ts: number) => windows.some(([a, b]) => ts >= a && ts <= b);
  for (const profile of recording.events.filter((e) => e.name === 'Profile')) {
    const kind = kinds.get(`${profile.pid}:${profile.tid}`);
    if (kind !== 'page' && kind !== 'worker') continue;
    const nodes = new Map<number, ProfileNode>();
    let at = (profile.args?.data as ChunkData | undefined)?.startTime ?? 0;
    const byFunction = out.get(kind) ?? new Map<string, number>();
    out.set(kind, byFunction);
    for (const chunk of recording.events) {
      if (chunk.name !== 'ProfileChunk' || chunk.pid !== profile.pid || chunk.id !== profile.id) continue;
      const data = chunk.args?.data as ChunkData | undefined;
      for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
      const samples = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      samples.forEach((id, i) => {
        const delta = deltas[i + 1] ?? deltas[i] ?? 0;
        at += deltas[i] ?? 0;
        if (!inside(at)) return;
        const frame = nodes.get(id)?.callFrame;
        if (!frame || frame.functionName === '(idle)') return;
        const name = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${file(frame.url)}:${(frame.lineNumber ?? 0) + 1}` : ''}`;
        byFunction.set(name, (byFunction.get(name) ?? 0) + delta / 1000);
      });
    }
  }
  return out;
}

/** "page: a 12 ms, b 8 ms; worker: ..." (host ms), the largest `top` of each. */
export function describeFunctions(
  byKind: Map<string, Map<string, number>>,
  top = Number(process.env.BENCH_TRACE_TOP ?? 8),
): string {
  return [...byKind]
    .map(
      ([kind, fns]) =>
        `${kind}: ${[...fns]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
          .join(', ')}`,
    )
    .join('; ');
}
