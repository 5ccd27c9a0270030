// What the benches make of their samples and how they print them: a sample's rank, a figure as the reports write
// it, a goal's verdict, a table, and the machine's load (other work on it shows in every figure).
import os from 'node:os';

/** The sample at rank `p` (0–1) of `values`, no interpolation; NaN when there are none. */
export function percentile(values: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(values).sort();
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** p50 and p99 of timings (NaN when there are none), as `percentile` ranks them. */
export function percentiles(values: ArrayLike<number>): { p50: number; p99: number } {
  return { p50: percentile(values, 0.5), p99: percentile(values, 0.99) };
}

/** A figure with its thousands grouped and exactly `digits` decimals. */
export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

/**
 * Prints a header and rows, two spaces in, each column as wide as its widest cell: the first column to the left
 * and the figures to the right, or every column to the left (`left`).
 */
export function printTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>, left = false): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const row of [header, ...rows])
    console.log('  ' + row.map((c, i) => (i === 0 || left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
}

/** The 1-minute load average, or all three (1, 5 and 15 minutes), two decimals each. */
export const loadAverage = (all = false): string =>
  (all ? os.loadavg() : os.loadavg().slice(0, 1)).map((l) => fmt(l, 2)).join(' ');

/** `machine: <cores> cores, load average <load>`: the line a report starts with. */
export const machine = (load = loadAverage()): string => `machine: ${os.cpus().length} cores, load average ${load}`;
