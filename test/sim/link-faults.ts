// What the fault proxy does with each request of a link (a door's path, a relay's uplink, a relay
// door's direct path): the fault window of that link covering the simulated second, if any, and a
// roll that depends only on the seed, the link and the request's serial on that link, so a seed
// replays the same decisions whatever the microsecond order of real HTTP.
import { createRandom } from '../../src/mock-api/random';
import type { ProxyAction } from './proxy';
import type { SimPlan } from './schedule';

const FORWARD: ProxyAction = { kind: 'forward', latencyMs: 0, dropAnswer: false };

/** The proxy's `decide`: `faulty()` false (joining, healing) forwards everything untouched. */
export function linkFaults(plan: SimPlan, now: { faulty: () => boolean; second: () => number }) {
  return (link: number, _method: string, serial: number): ProxyAction => {
    if (!now.faulty()) return FORWARD;
    const second = now.second();
    const window = plan.faults.find((w) => w.door === link && w.from <= second && second < w.to);
    const roll = createRandom((plan.seed * 7919) ^ (link * 104_729) ^ (serial * 1_299_709)).next();
    switch (window?.mode) {
      case 'partition':
        return { kind: 'cut' };
      case 'server-errors':
        return roll < 0.7 ? { kind: 'status', status: roll < 0.35 ? 500 : 503 } : FORWARD;
      case 'rate-limited':
        return { kind: 'status', status: 429, retryAfterS: window.retryAfterS ?? 5 };
      case 'drop-after-commit':
        return { kind: 'forward', latencyMs: 0, dropAnswer: roll < 0.6 };
      case 'latency':
        return { kind: 'forward', latencyMs: 50 + Math.floor(roll * 400), dropAnswer: false };
      default:
        return FORWARD;
    }
  };
}
