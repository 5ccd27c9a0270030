// The service bench's comparison with a baseline commit (service.bench.ts): the same work on that commit's service,
// unpacked from git, in the same process and run, turn about. The baseline is shown beside the fixed reference
// (bare better-sqlite3), never instead of it: a moving baseline hides regressions.
import type Database from 'better-sqlite3';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GameService } from '../../src/service/game-service';
import { fmt, verdict } from '../support/figures';
import type { Tree } from '../support/tree';
import { ROOT, materialise } from '../support/tree';
import type { ServiceImpl } from './throughput';
import { ACTIONS, serviceThroughput } from './throughput';

/** The outbox's goal: 8,000 actions/s against the 9,400 measured before it, i.e. 85 % of the baseline. */
const GOAL_OUTBOX_RATE = 8_000;
const GOAL_VS_BASELINE = 0.85;
/** The commit before the outbox (OLATHE_BENCH_BASELINE names another). */
const DEFAULT_BASELINE = '449c976';

/** The baseline commit's service, loaded from an unpacked copy of that commit (tsx compiles it like ours). */
async function baselineImpl(tree: Tree): Promise<ServiceImpl> {
  const load = async <T>(file: string) => (await import(pathToFileURL(path.join(tree.dir, file)).href)) as T;
  // A baseline from before the storage seam: a synchronous service on a better-sqlite3 connection.
  const db = await load<{ openDatabase: (f: string) => Database.Database }>('src/db/open.ts');
  const svc = await load<{ GameService: new (db: Database.Database) => GameService }>('src/service/game-service.ts');
  return {
    label: tree.label,
    open: (f) => {
      const connection = db.openDatabase(f);
      return { service: new svc.GameService(connection), close: () => connection.close() };
    },
  };
}

/** Rounds of the same work, turn about, so both see the same machine; then the rates side by side. */
export async function againstBaseline(current: ServiceImpl, bareRate: number): Promise<void> {
  const spec = process.env.OLATHE_BENCH_BASELINE?.trim() || DEFAULT_BASELINE;
  let tree: Tree;
  try {
    tree = materialise(ROOT, spec);
  } catch (error) {
    console.log(
      `baseline ${spec} could not be unpacked (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): no comparison`,
    );
    return;
  }
  try {
    const baseline = await baselineImpl(tree);
    const rounds = 4;
    const totals = new Map<ServiceImpl, { actions: number; seconds: number; cpuSeconds: number }>();
    for (let round = 0; round < rounds; round++) {
      for (const impl of round % 2 === 0 ? [current, baseline] : [baseline, current]) {
        const r = await serviceThroughput(impl, ACTIONS / rounds);
        const t = totals.get(impl) ?? { actions: 0, seconds: 0, cpuSeconds: 0 };
        totals.set(impl, {
          actions: t.actions + ACTIONS / rounds,
          seconds: t.seconds + ACTIONS / rounds / r.rate,
          cpuSeconds: t.cpuSeconds + ACTIONS / rounds / r.cpuRate,
        });
      }
    }
    const rate = (impl: ServiceImpl) => totals.get(impl)!.actions / totals.get(impl)!.seconds;
    const cpuRate = (impl: ServiceImpl) => totals.get(impl)!.actions / totals.get(impl)!.cpuSeconds;
    console.log(`side by side, ${rounds} rounds of ${fmt(ACTIONS / rounds)} actions each, turn about:`);
    for (const impl of [current, baseline])
      console.log(`  ${impl.label}: ${fmt(rate(impl))} actions/s (${fmt(cpuRate(impl))} per CPU-second)`);
    // The fixed reference: an earlier commit is shown beside it, never instead (a moving baseline hides regressions).
    console.log(
      `  each as a share of bare better-sqlite3 in this run (${fmt(bareRate)} tx/s): this tree ${fmt(rate(current) / bareRate, 2)}×, ` +
        `baseline ${fmt(rate(baseline) / bareRate, 2)}×`,
    );
    const ratio = rate(current) / rate(baseline);
    console.log(
      `  this tree / baseline: ${fmt(ratio, 2)}× (per CPU-second ${fmt(cpuRate(current) / cpuRate(baseline), 2)}×) — goal ≥ ${fmt(GOAL_OUTBOX_RATE)}/s, ` +
        `i.e. ≥ ${fmt(GOAL_VS_BASELINE, 2)}× the baseline: ${verdict(rate(current) >= GOAL_OUTBOX_RATE || ratio >= GOAL_VS_BASELINE)}`,
    );
  } finally {
    tree.dispose();
  }
}
