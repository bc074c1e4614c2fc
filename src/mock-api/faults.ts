// Injected faults for demos and tests: latency, an error rate, a rate limit answering 429 with
// Retry-After, "drop the response after commit", and a service clock off by some time (the
// `Date` header of its answers). Each may be limited to a path prefix.
// Only reachable when the service is configured with `faults: true` (MOCK_FAULTS=1).
import type { Clock } from '../platform/clock';
import type { Random } from './random';

interface Scoped {
  path_prefix?: string | undefined;
}

export interface FaultSettings {
  latency?: (Scoped & { ms: number }) | undefined;
  errors?: (Scoped & { rate: number; status: number }) | undefined;
  rate_limit?: (Scoped & { requests: number; window_seconds: number }) | undefined;
  drop_after_commit?: (Scoped & { rate: number; methods: string[] }) | undefined;
  /** The `Date` of each answer this far from the service's clock (negative: behind). */
  date_offset?: (Scoped & { ms: number }) | undefined;
}

export type FaultVerdict =
  | { kind: 'pass'; latencyMs: number }
  | { kind: 'error'; status: number; latencyMs: number }
  | { kind: 'rate-limited'; retryAfterSeconds: number; latencyMs: number };

const applies = (scope: Scoped | undefined, path: string): boolean =>
  scope !== undefined && path.startsWith(scope.path_prefix ?? '/');

export class Faults {
  private settings: FaultSettings = {};
  private window = { startedAt: 0, count: 0 };

  constructor(
    private readonly clock: Clock,
    private readonly random: Random,
  ) {}

  get current(): FaultSettings {
    return this.settings;
  }

  set(settings: FaultSettings): void {
    this.settings = { ...this.settings, ...settings };
    this.window = { startedAt: 0, count: 0 };
  }

  clear(): void {
    this.settings = {};
  }

  /** What happens to a request before it reaches the service. */
  before(path: string): FaultVerdict {
    const { latency, errors, rate_limit } = this.settings;
    const latencyMs = applies(latency, path) ? (latency?.ms ?? 0) : 0;
    if (rate_limit && applies(rate_limit, path)) {
      const now = this.clock.now().getTime();
      const windowMs = rate_limit.window_seconds * 1000;
      if (now - this.window.startedAt >= windowMs) this.window = { startedAt: now, count: 0 };
      this.window.count += 1;
      if (this.window.count > rate_limit.requests) {
        const retryAfterSeconds = Math.max(1, Math.ceil((this.window.startedAt + windowMs - now) / 1000));
        return { kind: 'rate-limited', retryAfterSeconds, latencyMs };
      }
    }
    if (errors && applies(errors, path) && this.random.next() < errors.rate) {
      return { kind: 'error', status: errors.status, latencyMs };
    }
    return { kind: 'pass', latencyMs };
  }

  /** The `Date` header an answer at `path` carries, when its clock is to look off; else null. */
  dateHeader(path: string): string | null {
    const offset = this.settings.date_offset;
    if (!offset || !applies(offset, path)) return null;
    return new Date(this.clock.now().getTime() + offset.ms).toUTCString();
  }

  /** Whether the answer to this (already committed) request is to be lost. */
  dropAfterCommit(method: string, path: string): boolean {
    const drop = this.settings.drop_after_commit;
    if (!drop || !applies(drop, path) || !drop.methods.includes(method)) return false;
    return this.random.next() < drop.rate;
  }
}

/** Thrown instead of an answer, like a fetch whose connection died; the Node server destroys the socket. */
export class DroppedResponse extends TypeError {
  override readonly name = 'DroppedResponse';
  constructor() {
    super('Failed to fetch');
  }
}
