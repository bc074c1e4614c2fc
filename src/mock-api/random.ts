// A seeded generator so tests and the demo seed are repeatable; the server seeds it from entropy.
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  string(length: number, alphabet?: string): string;
  uuid(): string;
}

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  // mulberry32: tiny, fast and good enough for ids and fake names.
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  const hex = (length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += int(16).toString(16);
    return out;
  };
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from an empty list');
      return items[int(items.length)] as (typeof items)[number];
    },
    string: (length, alphabet = BASE62) => {
      let out = '';
      for (let i = 0; i < length; i++) out += alphabet[int(alphabet.length)];
      return out;
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`,
  };
}

/** A seed from the platform's entropy, for a server whose slugs must not repeat across restarts. */
export function entropySeed(): number {
  const buffer = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return buffer[0] ?? Date.now();
}
