// The click bench's goals against the floors (click.bench.ts): the bot against the floor under it on each engine,
// the echo bot saving each click first (on SQLite one INSERT, on PostgreSQL one round trip), measured in the same
// run; the round trips a hold makes on PostgreSQL, counted on the wire. The bot idle on each engine, the last of
// these goals, is bench/idle/'s (`npm run bench -- idle`): measured here, 20 s after the clicks, it was noise. The
// goals against the do-nothing bot are still printed above (report.ts), but the floor itself costs 1.12–1.25× that
// bot's p50: the goals that say what the bot's own work may cost are these.
import { fmt, percentile, percentiles, printTable, verdict } from '../support/figures';

export interface Side {
  latencies: readonly number[];
  cpuMs: number;
  rssMb: number;
}

export interface FloorsMeasured {
  bot: Side;
  sqliteFloor: Side;
  doNothing: Side;
  postgres: Side;
  postgresFloor: Side;
  /** Round trips per hold click of the bot on PostgreSQL (its pool's; the shard lock's left out), one per click. */
  roundTrips: readonly number[];
  postgresParts: readonly ClickParts[];
  postgresFloorParts: readonly ClickParts[];
  /** The earlier commit's on PostgreSQL (OLATHE_BENCH_BEFORE). */
  earlierParts?: readonly ClickParts[];
}

/**
 * A click on PostgreSQL split at its (last) wait for the server, as the bench's relay saw it, in ms: from the
 * fake's dispatch until the statement's last message reached the relay (the gateway, the bot's work before its
 * statement, the statement's trip), until the server's answer reached the relay (the server's work, the relay's
 * hops), and from then until the answer's request reached the fake (the bot's work after, the callback's trip).
 */
export interface ClickParts {
  toServer: number;
  atServer: number;
  toAnswer: number;
}

interface Row {
  what: string;
  today: string;
  goal: string;
  measured: string;
  met: boolean;
}

/** The median and the mean of the round trips per click, and how many clicks made more than the median. */
function trips(counts: readonly number[]): { median: number; mean: number; more: number } {
  const median = percentile(counts, 0.5);
  const mean = counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length);
  return { median, mean, more: counts.filter((c) => c > median).length };
}

export function floorsTable(m: FloorsMeasured): void {
  const [b, f, pg, pf] = [m.bot, m.sqliteFloor, m.postgres, m.postgresFloor].map((s) => percentiles(s.latencies));
  const cpu = m.bot.cpuMs / m.sqliteFloor.cpuMs;
  const p50 = b!.p50 / f!.p50;
  const p99 = b!.p99 / f!.p99;
  const rss = m.bot.rssMb / m.doNothing.rssMb;
  const pgP50 = pg!.p50 / pf!.p50;
  const t = trips(m.roundTrips);
  const rows: Row[] = [
    {
      what: 'SQLite: CPU per hold / the SQLite floor’s',
      today: '1.33–1.46×',
      goal: '≤ 1.4×',
      measured: `${fmt(cpu, 2)}×`,
      met: cpu <= 1.4,
    },
    {
      what: 'SQLite: p50 / the SQLite floor’s',
      today: '1.29–1.40×',
      goal: '≤ 1.35×',
      measured: `${fmt(p50, 2)}×`,
      met: p50 <= 1.35,
    },
    {
      what: 'SQLite: p99 / the SQLite floor’s',
      today: '0.9–2.2×',
      goal: '≤ 1.5×',
      measured: `${fmt(p99, 2)}×`,
      met: p99 <= 1.5,
    },
    {
      what: 'SQLite: RSS / the do-nothing bot’s',
      today: '1.05–1.12×',
      goal: '≤ 1.2×',
      measured: `${fmt(rss, 2)}×`,
      met: rss <= 1.2,
    },
    {
      what: 'PostgreSQL: p50 / the PostgreSQL floor’s',
      today: '≈ 1.8×',
      goal: '≤ 1.25×',
      measured: `${fmt(pgP50, 2)}× (${fmt(pg!.p50, 2)} / ${fmt(pf!.p50, 2)} ms)`,
      met: pgP50 <= 1.25,
    },
    {
      what: 'PostgreSQL: round trips per hold',
      today: '5',
      goal: '1',
      measured: `${t.median} (mean ${fmt(t.mean, 2)}; ${t.more} of ${m.roundTrips.length} clicks more)`,
      met: t.median <= 1,
    },
  ];
  console.log('the bot against the floor under it on each engine, measured in this run');
  const cells = rows.map((r) => [r.what, r.today, r.goal, r.measured, verdict(r.met)]);
  printTable(['', 'before', 'goal', 'measured', ''], cells, true);
  console.log(
    `  floors: SQLite p50 ${fmt(f!.p50, 2)} ms, CPU ${fmt(m.sqliteFloor.cpuMs, 2)} ms a click; PostgreSQL p50 ` +
      `${fmt(pf!.p50, 2)} ms, CPU ${fmt(m.postgresFloor.cpuMs, 2)} ms a click (the echo bot saving each click first)`,
  );
  console.log(
    `  a hold on PostgreSQL in parts, p50 of each (ms): until its statement reached the server's relay / the ` +
      `server's answer / the answer at the fake — the bot ${partsText(m.postgresParts)}; its floor ` +
      partsText(m.postgresFloorParts) +
      (m.earlierParts ? `; the earlier commit ${partsText(m.earlierParts)}` : ''),
  );
  console.log('  the idle bot on PostgreSQL against SQLite (goal ≤ 2×): `npm run bench -- idle`');
}

function partsText(parts: readonly ClickParts[]): string {
  const p50 = (key: keyof ClickParts) => fmt(percentiles(parts.map((p) => p[key])).p50, 2);
  return `${p50('toServer')} / ${p50('atServer')} / ${p50('toAnswer')} (${parts.length} clicks)`;
}
