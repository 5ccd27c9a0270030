// Fitting the computer players' fixed skills from games they played against each other: the μ that make the
// games' rankings most likely under the same Plackett-Luce model the ratings use (with every entrant's σ the
// computer players' own), one of them held at a given μ (the scale has no zero of its own).
import { BETA } from './model';

/** One self-play game: who sat (by name) and their places (1 first, equal places tie). */
export interface PlayedGame {
  entrants: readonly string[];
  places: readonly number[];
}

export interface Fit {
  mu: Record<string, number>;
  /** The standard error of each μ, from the likelihood's curvature (0 for the anchor). */
  se: Record<string, number>;
  games: number;
}

/**
 * Plackett-Luce's log-likelihood of the games, as OpenSkill writes the model: entrant i contributes
 * μ_i / c − log Σ_{j placed at or below i} e^(μ_j / c), with c = √(n (σ² + β²)).
 */
export function logLikelihood(
  games: readonly PlayedGame[],
  mu: Readonly<Record<string, number>>,
  sigma: number,
): number {
  let total = 0;
  for (const g of games) {
    const c = Math.sqrt(g.entrants.length * (sigma * sigma + BETA * BETA));
    g.entrants.forEach((name, i) => {
      let sum = 0;
      g.entrants.forEach((other, j) => {
        if (g.places[j]! >= g.places[i]!) sum += Math.exp(mu[other]! / c);
      });
      total += mu[name]! / c - Math.log(sum);
    });
  }
  return total;
}

/** Newton's method on the free μ (numerical derivatives: a handful of names, thousands of games). */
export function fitSkills(
  games: readonly PlayedGame[],
  names: readonly string[],
  anchor: { name: string; mu: number },
  sigma: number,
): Fit {
  const free = names.filter((n) => n !== anchor.name);
  const mu: Record<string, number> = Object.fromEntries(names.map((n) => [n, anchor.mu]));
  const f = (m: Record<string, number>) => logLikelihood(games, m, sigma);
  const h = 1e-3;
  const at = (changes: Record<string, number>) => {
    const m = { ...mu };
    for (const [k, d] of Object.entries(changes)) m[k] = m[k]! + d;
    return f(m);
  };
  const hessian = () => {
    const base = f(mu);
    return free.map((a) =>
      free.map((b) =>
        a === b
          ? (at({ [a]: h }) - 2 * base + at({ [a]: -h })) / (h * h)
          : (at({ [a]: h, [b]: h }) - at({ [a]: h, [b]: -h }) - at({ [a]: -h, [b]: h }) + at({ [a]: -h, [b]: -h })) /
            (4 * h * h),
      ),
    );
  };
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = free.map((a) => (at({ [a]: h }) - at({ [a]: -h })) / (2 * h));
    const step = solve(
      hessian(),
      gradient.map((g) => -g),
    );
    // A step no longer than 5 μ at once: far from the optimum a Newton step can overshoot.
    const longest = Math.max(...step.map(Math.abs));
    const scale = longest > 5 ? 5 / longest : 1;
    free.forEach((a, i) => (mu[a] = mu[a]! + scale * step[i]!));
    if (longest < 1e-6) break;
  }
  const inverse = invert(hessian().map((row) => row.map((x) => -x)));
  const se: Record<string, number> = { [anchor.name]: 0 };
  free.forEach((a, i) => (se[a] = Math.sqrt(Math.max(0, inverse[i]![i]!))));
  return { mu, se, games: games.length };
}

function solve(a: number[][], b: number[]): number[] {
  const inv = invert(a);
  return inv.map((row) => row.reduce((sum, x, j) => sum + x * b[j]!, 0));
}

/** Gauss-Jordan inverse of a small matrix. */
function invert(a: number[][]): number[][] {
  const n = a.length;
  const m = a.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (p === 0) throw new Error('singular matrix: the games do not separate the players');
    for (let j = 0; j < 2 * n; j++) m[col]![j]! /= p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = m[r]![col]!;
      for (let j = 0; j < 2 * n; j++) m[r]![j]! -= factor * m[col]![j]!;
    }
  }
  return m.map((row) => row.slice(n));
}
