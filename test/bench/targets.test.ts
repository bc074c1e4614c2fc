import { describe, expect, it } from 'vitest';
import { figuresOf, summarise, TARGETS } from './targets';

describe('the targets summary of npm run bench', () => {
  it('reads bench lines and sets each figure beside its target', () => {
    const door =
      'bench host-score: page 950 / worker 2000 rounds/s (unthrottled)\nbench door-js-gzip: 130.2 KB';
    const phone = [
      'bench host-score: page 900 / worker 1900 rounds/s (unthrottled)',
      'bench phone-cold-start-to-verdict: 0.93 s (median of 3)',
      'bench phone-enter-to-verdict-p95: 62 ms (50 tickets)',
      '# camera: first frame to read 40 ms',
    ].join('\n');
    const { lines, missing } = summarise(
      figuresOf([
        { bench: 'door.bench.ts', output: door },
        { bench: 'phone.bench.ts', output: phone },
      ]),
    );
    // Each bench's host score, since each bench's unthrottled figures are of the host as it was then.
    expect(lines).toContain('#   host-score (door.bench.ts): page 950 / worker 2000 rounds/s (unthrottled)');
    expect(lines).toContain('#   host-score (phone.bench.ts): page 900 / worker 1900 rounds/s (unthrottled)');
    expect(lines.find((l) => l.includes('door-js-gzip'))).toMatch(/130\.2 KB MISSES its target$/);
    expect(lines.find((l) => l.includes('phone-cold-start-to-verdict'))).toMatch(
      /0\.93 s within its target$/,
    );
    expect(lines.find((l) => l.includes('phone-enter-to-verdict-p95 '))).toMatch(/62 ms MISSES its target$/);
    expect(missing).toContain('door-worker-heap');
    expect(missing).not.toContain('phone-cold-start-to-verdict');
  });

  it('names every target no bench printed, and a value that is not a number', () => {
    const { lines, missing } = summarise(
      figuresOf([{ bench: 'phone.bench.ts', output: 'bench phone-longest-task-after-join: unknown ms' }]),
    );
    expect(missing).toHaveLength(TARGETS.length - 1);
    expect(lines.find((l) => l.includes('phone-longest-task-after-join'))).toMatch(/unknown: not a number$/);
  });
});
