// A bench's settings from the environment (OLATHE_BENCH_*, OLATHE_IDLE_*, …): a fallback when unset, and a clear
// refusal of anything the setting does not take.

/** A whole number ≥ 1, `fallback` when unset. */
export function wholeEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]?.trim() || fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1, got "${process.env[name]}"`);
  return n;
}
