import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../src/domain/result';
import { createBackoffGate } from '../../src/sync/loop/backoff-gate';
import { manualClock } from './support';

const failTimes = (
  gate: ReturnType<typeof createBackoffGate>,
  key: string,
  n: number,
  reason: 'network' | 'server',
) => {
  for (let i = 0; i < n; i++) gate.note(key, fail(reason));
};

describe('the backoff gate', () => {
  it('tries again within 10 s when the service was never reached, however long the outage', async () => {
    const clock = manualClock();
    const gate = createBackoffGate(clock, () => 0.999);
    failTimes(gate, 'pull', 12, 'network');
    await clock.advance(9_000);
    expect(gate.allows('pull', false)).toBe(false);
    await clock.advance(1_000);
    expect(gate.allows('pull', false)).toBe(true);
  });

  it('spares a failing service for up to 30 s', async () => {
    const clock = manualClock();
    const gate = createBackoffGate(clock, () => 0.999);
    failTimes(gate, 'push:a', 12, 'server');
    await clock.advance(29_000);
    expect(gate.allows('push:a', false)).toBe(false);
    await clock.advance(1_000);
    expect(gate.allows('push:a', false)).toBe(true);
  });

  it('ends the list’s waits once one of its requests gets through, except the one the service named', () => {
    const clock = manualClock();
    const gate = createBackoffGate(clock, () => 0.5);
    failTimes(gate, 'push:a', 6, 'server');
    gate.note('push:b', { ok: false, reason: 'rate-limited', retryAfterMs: 60_000 });
    failTimes(gate, 'pull:b', 6, 'network');
    failTimes(gate, 'pull:a', 6, 'network');
    expect(gate.allows('push:a', false)).toBe(false);
    gate.note('pull:a', ok(undefined));
    expect(gate.allows('pull:a', false)).toBe(true);
    expect(gate.allows('push:a', false)).toBe(true);
    expect(gate.allows('push:b', true)).toBe(false);
  });

  it('leaves another list’s waits alone: it may be on another service', () => {
    const clock = manualClock();
    const gate = createBackoffGate(clock, () => 0.5);
    failTimes(gate, 'push:b', 6, 'network');
    gate.note('pull:a', ok(undefined));
    expect(gate.allows('push:b', false)).toBe(false);
  });
});
