/**
 * A small seeded pseudo-random generator (mulberry32), so the demo content is the same on every
 * run and in every test. Never use Math.random in the seed.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** A float in [min, max). */
  range(min: number, max: number): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** Approximately normal, mean 0, standard deviation 1. */
  normal(): number;
  pick<T>(items: readonly T[]): T;
  /** A generator derived from this one's seed and a label: independent of how much this one was used. */
  fork(label: string): Random;
};

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function createRandom(seed: number | string): Random {
  const initial = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  let state = initial;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => {
      // Irwin–Hall: the sum of 12 uniforms minus 6 is close enough to a normal law here.
      let sum = 0;
      for (let i = 0; i < 12; i++) sum += next();
      return sum - 6;
    },
    pick: (items) => {
      if (items.length === 0) throw new Error('pick: liste vide');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    fork: (label) => createRandom(`${initial}:${label}`),
  };
  return random;
}
