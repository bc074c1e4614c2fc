// The door's one queue of decisions on its own: order, isolation of a failing decision, and
// the fast lane's runs.
import { describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../src/domain/result';
import { createScanQueue } from '../../src/sync/scan/scan-queue';

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('the scan queue', () => {
  it('runs decisions one at a time in the order asked, however long each takes', async () => {
    const queue = createScanQueue();
    const seen: string[] = [];
    const step = (name: string, ms: number) => async () => {
      seen.push(`start ${name}`);
      await later(null, ms);
      seen.push(`end ${name}`);
      return name;
    };
    const done = await Promise.all([
      queue.run(step('a', 30)),
      queue.run(step('b', 1)),
      queue.run(step('c', 10)),
    ]);
    expect(done).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('a decision that throws does not stop the ones after it', async () => {
    const queue = createScanQueue();
    const broken = queue.run(async () => {
      throw new Error('storage fault');
    });
    const next = queue.run(async () => 'judged');
    await expect(broken).rejects.toThrow('storage fault');
    await expect(next).resolves.toBe('judged');
  });

  it('a stop ends only its own run; failures never stop the lane', async () => {
    const queue = createScanQueue();
    const stops = (verdict: string) => verdict === 'refused';
    const decide = (verdict: string) => async (): Promise<Result<string>> => ok(verdict);
    const reads = await Promise.all([
      queue.runInLane({ run: 1 }, async () => fail('network'), stops),
      queue.runInLane({ run: 1 }, decide('admitted'), stops),
      queue.runInLane({ run: 1 }, decide('refused'), stops),
      queue.runInLane({ run: 1 }, decide('admitted'), stops),
      queue.runInLane({ run: 2 }, decide('admitted'), stops),
      queue.runInLane(undefined, decide('admitted'), stops),
    ]);
    expect(reads.map((r) => (r.ok ? r.value : r.reason))).toEqual([
      'network',
      'admitted',
      'refused',
      'lane-stopped',
      'admitted',
      'admitted',
    ]);
  });
});
