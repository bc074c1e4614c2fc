// Tells a hardware scanner (a "keyboard wedge": it types the code and Enter) from a person
// typing, by speed alone, so it works on every screen with no setting. Scanners type a key
// every few milliseconds; people, even fast typists, leave 60 ms or more between keys.

export interface WedgeOptions {
  /** Longest pause between two keys of one scan. */
  maxGapMs?: number;
  /** Shortest code worth treating as a scan. */
  minLength?: number;
}

export interface WedgeDetector {
  /** Feeds one key (`KeyboardEvent.key`) at a time; returns the scanned code when a burst ends with Enter. */
  key(key: string, timeMs: number): string | null;
  /** How many characters the current burst holds (to take them back out of a text field). */
  readonly burstLength: number;
  reset(): void;
}

export function createWedgeDetector({ maxGapMs = 45, minLength = 4 }: WedgeOptions = {}): WedgeDetector {
  let buffer = '';
  let last = Number.NEGATIVE_INFINITY;
  return {
    key(key, timeMs) {
      const gap = timeMs - last;
      if (key === 'Enter' || key === 'Tab') {
        const code = buffer;
        buffer = '';
        last = Number.NEGATIVE_INFINITY;
        return code.length >= minLength && gap <= maxGapMs * 2 ? code : null;
      }
      if (key.length !== 1) return null; // Shift, Alt and friends arrive between a scanner's keys too.
      buffer = gap <= maxGapMs ? buffer + key : key;
      last = timeMs;
      return null;
    },
    get burstLength() {
      return buffer.length;
    },
    reset() {
      buffer = '';
      last = Number.NEGATIVE_INFINITY;
    },
  };
}
