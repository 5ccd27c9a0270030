// The expected end-of-game modifier (RULES.md "End of game") given the raw points now and the future raw
// points taken as normal, against the band edges scaled to the card's columns.
import { LOWEST_MODIFIER, MODIFIER_EDGES } from '../game';

/** Φ(x) of the standard normal (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** E[modifier] for raw points now `raw` and future raw points ~ Normal(mean, variance), on N columns. */
export function expectedModifier(raw: number, mean: number, variance: number, columnCount: number): number {
  const targets = bandTargets(columnCount);
  let e = LOWEST_MODIFIER;
  const sd = Math.sqrt(Math.max(0, variance));
  const x = raw + mean;
  if (sd < 1e-6) {
    for (let i = 0; i < targets.length; i++) if (x >= targets[i]! - 1e-9) e++;
    return e;
  }
  const inv = 1 / sd;
  for (let i = 0; i < targets.length; i++) {
    const z = (x - (targets[i]! - 0.5)) * inv;
    if (z > 8) e++;
    else if (z > -8) e += normalCdf(z);
  }
  return e;
}

/** The integer raw totals that reach each band edge on N columns (edge·N/4, rounded up). */
const targetCache: Float64Array[] = [];
function bandTargets(columnCount: number): Float64Array {
  let t = targetCache[columnCount];
  if (!t) {
    t = Float64Array.from(MODIFIER_EDGES, (edge) => Math.ceil((edge * columnCount) / 4 - 1e-9));
    targetCache[columnCount] = t;
  }
  return t;
}
