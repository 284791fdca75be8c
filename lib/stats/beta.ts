import type { Prng } from "../compare/prng";

// Seeded draws from the gamma and beta distributions for the run audit's interval (lib/audit/estimator.ts).

/** Uniform in (0, 1): never 0, so logs and powers stay finite. */
function open01(rng: Prng): number {
  return (rng.nextU32() + 0.5) / 4294967296;
}

/** A standard normal draw (Box–Muller; the second value is dropped to keep the stream simple). */
function normal(rng: Prng): number {
  return Math.sqrt(-2 * Math.log(open01(rng))) * Math.cos(2 * Math.PI * open01(rng));
}

/** Gamma(shape, 1) by Marsaglia and Tsang (2000); shape < 1 through Gamma(shape + 1) · U^(1/shape). */
export function gammaDraw(shape: number, rng: Prng): number {
  if (shape < 1) return gammaDraw(shape + 1, rng) * Math.pow(open01(rng), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = open01(rng);
    if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** Beta(a, b) as X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b); a, b > 0. */
export function betaDraw(a: number, b: number, rng: Prng): number {
  const x = gammaDraw(a, rng);
  const y = gammaDraw(b, rng);
  return x / (x + y);
}
