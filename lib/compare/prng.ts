/** Default bootstrap seed: fixed so the same two reports always give the same CI (seed 002 B). */
export const DEFAULT_SEED = 20260702;

export const U32_TO_UNIT = 1 / 4294967296;

export type Prng = { nextU32(): number; next(): number; nextInt(n: number): number };

/**
 * splitmix32: a Weyl sequence (step 0x9e3779b9) through a 32-bit finaliser (hash-prospector constants).
 * Fast and well mixed, good enough for resampling (not for cryptography). bootstrap.ts inlines the same step
 * for speed; a test keeps the two streams identical.
 */
export function splitmix32(seed: number): Prng {
  let a = seed | 0;
  function nextU32(): number {
    a = (a + 0x9e3779b9) | 0;
    let t = Math.imul(a ^ (a >>> 16), 0x21f0aaad);
    t = Math.imul(t ^ (t >>> 15), 0x735a2d97);
    return (t ^ (t >>> 15)) >>> 0;
  }
  return {
    nextU32,
    /** Uniform in [0, 1). */
    next: () => nextU32() * U32_TO_UNIT,
    /** Uniform integer in [0, n) for 1 ≤ n < 2^31: floor(u · n) with u on a 2^-32 grid. */
    nextInt: (n: number) => (nextU32() * (n * U32_TO_UNIT)) | 0,
  };
}
