// Reads a hardware scanner (a "keyboard wedge": it types the code and Enter) from the page's
// key events, on every screen with no setting.
//
// Guarantees: a scanner's read ends only at its terminator (Enter or Tab), and a read whose keys
// arrived split is never judged on its tail: it is joined whole when the joined keys make a
// code, or answered "cut" (scan again) when they do not. A person typing in a field is left
// alone: there a read needs a burst at a scanner's speed.
//
// Why not timing alone: a busy page (the system, the app's own work, a Bluetooth scanner's
// jitter) takes keys late, so a scan's keys can stand hundreds of milliseconds apart; the order
// they arrive in is always right. Two clocks are read for each key, when it was typed (the
// event's timeStamp) and when the page handled it: keys queued behind a long task are handled
// back to back, keys sent late are stamped late, and either way a short gap on one clock means
// the keys came as one burst.

export interface WedgeOptions {
  /** Longest pause between two keys typed at a scanner's speed. People leave 60 ms or more. */
  maxGapMs?: number;
  /** Shortest read worth judging, and the burst that shows a scanner in a text field. */
  minLength?: number;
  /**
   * Longest pause a busy page may put between two keys of one read; keys further apart belong
   * to different reads (a person's stray key long before, a scanner's Enter never came).
   */
  stallMs?: number;
  /** Whether text names something the door can judge (a ticket, an order, a list). */
  recognise: (text: string) => boolean;
  /** Keys kept at most while no terminator comes, the oldest let go (the longest code the door reads). */
  maxKeys?: number;
}

export interface WedgeKey {
  /** `KeyboardEvent.key`. */
  key: string;
  /** When it was typed: the event's timeStamp. */
  typedAt: number;
  /** When the page handled it: `performance.now()` in the listener. */
  handledAt: number;
  /** Typed where a person types (a text field, a PIN pad) rather than at the page itself. */
  intoField: boolean;
}

/**
 * `code`: judge `text`. `cut`: the keys came split and make no code, so the scan is asked for
 * again. Either way `text` is what was typed for it (to take back out of a text field).
 */
export type WedgeRead = { kind: 'code'; text: string } | { kind: 'cut'; text: string };

export interface WedgeDetector {
  /** Feeds one key at a time, in the order they arrive; a read when a terminator ends one. */
  key(key: WedgeKey): WedgeRead | null;
  reset(): void;
}

interface Typed {
  char: string;
  typedAt: number;
  handledAt: number;
}

export function createWedgeDetector({
  maxGapMs = 45,
  minLength = 4,
  stallMs = 2000,
  maxKeys = 2048,
  recognise,
}: WedgeOptions): WedgeDetector {
  let keys: Typed[] = [];
  const gap = (a: Pick<Typed, 'typedAt' | 'handledAt'>, b: Pick<Typed, 'typedAt' | 'handledAt'>) =>
    Math.min(b.typedAt - a.typedAt, b.handledAt - a.handledAt);

  /** The keys split where they paused longer than a scanner does: each run came as one burst. */
  const runsOf = (typed: readonly Typed[]): string[] => {
    const runs: string[] = [];
    typed.forEach((key, i) => {
      const previous = typed[i - 1];
      if (previous && gap(previous, key) <= maxGapMs) runs[runs.length - 1] += key.char;
      else runs.push(key.char);
    });
    return runs;
  };

  const end = (typed: readonly Typed[], intoField: boolean): WedgeRead | null => {
    const runs = runsOf(typed);
    const whole = runs.join('');
    // At the page no one else takes the keys: every read ending in Enter is answered. In a text
    // field they are a person's unless a scanner's burst is among them.
    const scanner = intoField ? runs.some((run) => run.length >= minLength) : whole.length >= minLength;
    if (!scanner) return null;
    // The longest tail of whole runs that makes a code: the runs before a scanner's burst may be
    // its cut start, or a person's keys typed just before it.
    for (let first = 0; first < runs.length; first++) {
      const text = runs.slice(first).join('');
      if (text.length >= minLength && recognise(text)) return { kind: 'code', text };
    }
    // One unbroken burst is a whole read of something else: judged, and refused as no ticket.
    return runs.length === 1 ? { kind: 'code', text: whole } : { kind: 'cut', text: whole };
  };

  return {
    key({ key, typedAt, handledAt, intoField }) {
      const now = { typedAt, handledAt };
      const last = keys[keys.length - 1];
      if (last && gap(last, now) > stallMs) keys = [];
      if (key === 'Enter' || key === 'Tab') {
        const typed = keys;
        keys = [];
        return typed.length > 0 ? end(typed, intoField) : null;
      }
      if (key.length !== 1) return null; // Shift, Alt and friends arrive between a scanner's keys too.
      keys.push({ char: key, typedAt, handledAt });
      if (keys.length > maxKeys) keys.shift();
      return null;
    },
    reset() {
      keys = [];
    },
  };
}
