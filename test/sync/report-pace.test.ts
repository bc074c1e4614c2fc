import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/sync/clock';
import { pacedReports } from '../../src/sync/status/report-pace';

/** A clock whose timers run only when the test moves time on. */
function manualClock() {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const i = timers.indexOf(handle as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return { clock, advance };
}

/** Reports paced at 100 ms on a manual clock, and what was sent. */
function pacedOnManualClock<T>(paced: (value: T) => boolean = () => true) {
  const { clock, advance } = manualClock();
  const sent: T[] = [];
  return { report: pacedReports<T>((value) => sent.push(value), clock, 100, paced), sent, advance };
}

describe('paced status reports', () => {
  it('sends the first report at the end of its task and only the newest of a burst when the spell ends', () => {
    const { report, sent, advance } = pacedOnManualClock<number>();
    report(1);
    expect(sent).toEqual([]);
    advance(0);
    expect(sent).toEqual([1]);
    for (let n = 2; n <= 50; n++) report(n);
    expect(sent).toEqual([1]);
    advance(99);
    expect(sent).toEqual([1]);
    advance(1);
    expect(sent).toEqual([1, 50]);
    // Nothing more is sent for a burst already out.
    advance(1000);
    expect(sent).toEqual([1, 50]);
  });

  it('sends a report after a quiet spell at the end of its task, and keeps reports in order', () => {
    const { report, sent, advance } = pacedOnManualClock<string>();
    report('a');
    advance(0);
    advance(30);
    report('b');
    advance(70);
    expect(sent).toEqual(['a', 'b']);
    advance(500);
    report('c');
    advance(0);
    expect(sent).toEqual(['a', 'b', 'c']);
    report('d');
    report('e');
    advance(100);
    expect(sent).toEqual(['a', 'b', 'c', 'e']);
  });

  it('sends a report that is not progress at the end of its task, superseding a held one', () => {
    // Progress reports start with 'p'; anything else (a verdict's counts, the end) is not paced.
    const { report, sent, advance } = pacedOnManualClock<string>((s) => s.startsWith('p'));
    report('p1');
    advance(0);
    report('p2');
    report('p3');
    expect(sent).toEqual(['p1']);
    report('done');
    // Not within the task that made it: the reply a scan's verdict travels in goes first.
    expect(sent).toEqual(['p1']);
    advance(0);
    expect(sent).toEqual(['p1', 'done']);
    // The held p3 is older than 'done': it never follows it.
    advance(1000);
    expect(sent).toEqual(['p1', 'done']);
    // The reports of one task make one message: the newest.
    report('counts');
    report('outbox');
    report('checked-in');
    advance(0);
    expect(sent).toEqual(['p1', 'done', 'checked-in']);
  });

  it('hands the report held to a reply once: it is not sent again, and counts as sent for the pace', () => {
    const { report, sent, advance } = pacedOnManualClock<string>((s) => s.startsWith('p'));
    expect(report.take()).toBeNull();
    report('counts 1');
    report('counts 2');
    // A decision's reply takes the newest, in the task that made it.
    expect(report.take()).toBe('counts 2');
    expect(report.take()).toBeNull();
    advance(1000);
    expect(sent).toEqual([]);
    // Progress right after a reply took a report waits out the pace, as after a report sent.
    report('counts 3');
    expect(report.take()).toBe('counts 3');
    report('p1');
    advance(0);
    expect(sent).toEqual([]);
    advance(100);
    expect(sent).toEqual(['p1']);
    // A progress report taken is not sent when its pace ends either.
    report('p2');
    expect(report.take()).toBe('p2');
    advance(200);
    expect(sent).toEqual(['p1']);
  });
});
