// The click bench's measurement (click.bench.ts): every bot's clicks in interleaved rounds, so that all of them
// sample every stretch of a noisy machine; each bot's CPU time and memory over them; and, for the clickers on
// PostgreSQL, the round trips and the parts of each click as the relay in front of the server saw them.
import type { RoundTripRelay } from '../../test/integration/storage/round-trips';
import type { Clicker } from '../support/hold-clicker';
import { sleep } from '../support/processes';
import type { ClickParts } from './floors';

export const CLICKS_PER_ROUND = 5;
/** After the last click, the work a click leaves behind (the Publisher's pass) is counted too. */
export const SETTLE_MS = 1000;

export interface Measured {
  name: string;
  clicker: Clicker;
  cpuMs: number;
  /** Of cpuMs, the kernel's share: mostly the loopback's TCP, which grows with what a click sends. */
  systemMs: number;
  rssMb: number;
}

/** The round trips of one clicker's clicks, one count per measured click. */
export interface Counted {
  clicker: Clicker;
  relay: RoundTripRelay;
  trips: number[];
  /** Each click of these (the bot and its floor on PostgreSQL) split at its last wait for the server. */
  parts: Map<Clicker, ClickParts[]>;
}

export async function measure(
  clickers: Array<{ name: string; clicker: Clicker }>,
  clicks: number,
  warmUp: number,
  counted: Counted,
): Promise<Measured[]> {
  for (const { clicker } of clickers) for (let i = 0; i < warmUp; i++) await clicker.click();
  await sleep(SETTLE_MS);
  const cpuBefore = clickers.map(({ clicker }) => clicker.bot.cpuTimes());
  for (let round = 0; round * CLICKS_PER_ROUND < clicks; round++) {
    const order = round % 2 === 0 ? clickers : [...clickers].reverse();
    const n = Math.min(CLICKS_PER_ROUND, clicks - round * CLICKS_PER_ROUND);
    for (const { clicker } of order)
      for (let i = 0; i < n; i++) {
        const before = counted.relay.count;
        const ms = await clicker.click();
        clicker.latencies.push(ms);
        if (clicker === counted.clicker) counted.trips.push(counted.relay.count - before);
        const wait = counted.relay.lastWait;
        const dispatched = clicker.lastDispatchedAt;
        // This click's wait: sent after its dispatch, answered before its answer reached the fake.
        if (wait?.answered && wait.sent >= dispatched && wait.answered <= dispatched + ms)
          counted.parts.get(clicker)?.push({
            toServer: wait.sent - dispatched,
            atServer: wait.answered - wait.sent,
            toAnswer: dispatched + ms - wait.answered,
          });
      }
  }
  await sleep(SETTLE_MS);
  return clickers.map(({ name, clicker }, i) => {
    const [before, after, rss] = [cpuBefore[i], clicker.bot.cpuTimes(), clicker.bot.rssMb()];
    if (!before || !after || rss === null)
      throw new Error('the bench reads CPU time and memory from /proc, which this machine lacks');
    const [user, system] = [after.user - before.user, after.system - before.system];
    return { name, clicker, cpuMs: (user + system) / clicks, systemMs: system / clicks, rssMb: rss };
  });
}
