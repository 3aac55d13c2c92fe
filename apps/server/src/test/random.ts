/** A seeded random number generator (mulberry32): the same seed gives the same runs. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks one of `xs` with `random`. */
export const picker =
  (random: () => number) =>
  <T>(xs: readonly T[]): T =>
    xs[Math.floor(random() * xs.length)] as T;
