/** Default bootstrap seed: fixed so the same two reports always give the same CI (seed 002 B). */
export const DEFAULT_SEED = 20260702;

export const U32_TO_UNIT = 1 / 4294967296;

export type Prng = { nextU32(): number; next(): number; nextInt(n: number): number };

/**
 * mulberry32: a 32-bit-state PRNG, fast and good enough for resampling (not for cryptography).
 * bootstrap.ts inlines the same step for speed; a test keeps the two streams identical.
 */
export function mulberry32(seed: number): Prng {
  let a = seed | 0;
  function nextU32(): number {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }
  return {
    nextU32,
    /** Uniform in [0, 1). */
    next: () => nextU32() * U32_TO_UNIT,
    /** Uniform integer in [0, n) for 1 ≤ n < 2^31; exact floor of u·n, no modulo bias beyond 2^-32. */
    nextInt: (n: number) => (nextU32() * (n * U32_TO_UNIT)) | 0,
  };
}
