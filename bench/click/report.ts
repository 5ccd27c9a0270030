// The click bench's first table (click.bench.ts): every bot's CPU per click, latency and memory, the ratios to the
// do-nothing bot judged against their goals, and the pairs whose ratio says what one piece of work costs.
import { fmt, percentiles, printTable, verdict } from '../support/figures';
import type { Measured } from './measure';
import { CLICKS_PER_ROUND, SETTLE_MS } from './measure';

/** Against the do-nothing bot: CPU per click, click → acknowledgement p50 and p99, resident memory at the end. */
const GOALS = { cpu: 1.5, p50: 1.15, p99: 1.3, rss: 1.2 };
/** The bot on PostgreSQL: click → acknowledgement p50 within 1.3× the do-nothing bot's. */
const POSTGRES_P50_GOAL = 1.3;

export const DO_NOTHING_NAME = 'do-nothing bot';
export const BOT = 'bot (dist/index.js)';
export const ECHO_NAME = 'echo bot';
export const ECHO_ON_SQLITE = 'echo bot saving on SQLite';
export const ON_POSTGRES = 'bot on PostgreSQL';
export const ECHO_ON_POSTGRES = 'echo bot saving on PostgreSQL';
export const BEFORE = 'before: ';
export const BEFORE_ON_POSTGRES = 'before on PostgreSQL: ';

export const byName = (measured: Measured[], name: string) => measured.find((m) => m.name === name);

/** `measured[0]` is the reference, `measured[1]` the bot judged on GOALS. */
export function report(measured: Measured[], clicks: number, warmUp: number): void {
  const [reference, ...others] = measured;
  const ref = { ...percentiles(reference!.clicker.latencies), cpu: reference!.cpuMs, rss: reference!.rssMb };
  console.log(
    `${fmt(clicks)} hold clicks per bot on a solo Balut card in a thread, in interleaved rounds of ${CLICKS_PER_ROUND} ` +
      `after ${fmt(warmUp)} warm-up clicks; CPU = user + system time of the bot process over the clicks and ${SETTLE_MS} ms after`,
  );
  const rows = measured.map((m) => {
    const p = percentiles(m.clicker.latencies);
    return [m.name, fmt(m.cpuMs, 2), fmt(m.systemMs, 2), fmt(p.p50, 2), fmt(p.p99, 2), fmt(m.rssMb, 1)];
  });
  printTable(['', 'CPU ms/click', 'of it kernel', 'p50 ms', 'p99 ms', 'RSS MB'], rows);
  for (const m of others) {
    const p = percentiles(m.clicker.latencies);
    const ratios = { cpu: m.cpuMs / ref.cpu, p50: p.p50 / ref.p50, p99: p.p99 / ref.p99, rss: m.rssMb / ref.rss };
    const judged = m === others[0];
    const parts = (Object.keys(ratios) as Array<keyof typeof ratios>).map((k) => {
      const goal = judged ? GOALS[k] : m.name === ON_POSTGRES && k === 'p50' ? POSTGRES_P50_GOAL : null;
      const said = goal === null ? '' : ` (goal ≤ ${fmt(goal, 2)}×: ${verdict(ratios[k] <= goal)})`;
      return `${k} ${fmt(ratios[k], 2)}×${said}`;
    });
    console.log(`  ${m.name} / ${reference!.name}: ${parts.join(', ')}`);
  }
  const pairs = [
    [others[0], others[1], "the game's own work, beyond answering with the card"],
    [byName(measured, BOT), byName(measured, ECHO_ON_SQLITE), 'the same, beyond saving one row first'],
    [byName(measured, ON_POSTGRES), byName(measured, ECHO_ON_POSTGRES), 'the same, beyond one round trip to save'],
    [byName(measured, BOT), measured.find((m) => m.name.startsWith(BEFORE)), 'this tree against the earlier commit'],
    [
      byName(measured, ON_POSTGRES),
      measured.find((m) => m.name.startsWith(BEFORE_ON_POSTGRES)),
      'the same on PostgreSQL',
    ],
  ] as const;
  for (const [bot, echo, what] of pairs) {
    if (!bot || !echo) continue;
    const [b, e] = [percentiles(bot.clicker.latencies), percentiles(echo.clicker.latencies)];
    console.log(
      `  ${bot.name} / ${echo.name}: cpu ${fmt(bot.cpuMs / echo.cpuMs, 2)}×, p50 ${fmt(b.p50 / e.p50, 2)}×, ` +
        `p99 ${fmt(b.p99 / e.p99, 2)}× — ${what}`,
    );
  }
  for (const m of measured)
    if (m.clicker.bot.fake.breaches.length)
      console.log(
        `  ${m.name} broke Discord's rules ${m.clicker.bot.fake.breaches.length}×: ${m.clicker.bot.fake.breaches[0]}`,
      );
}
