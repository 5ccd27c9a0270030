// What `/olathe leaderboard` reads (src/discord/subcommands/info.ts), timed on a filled database: the server's
// first season, then for each variant at once RatingBoards.board (the top 10, the asker's standing when they are
// not in it, everyone's rated games) or, with `season:`, RatingBoards.season; and the store's two board reads
// alone, for comparison. The asker is anyone on the board, the last ones included.
import type { Variant } from '../../src/game';
import type { Storage } from '../../src/db/storage';
import { RatingBoards } from '../../src/service/rating-boards';
import { percentiles } from '../support/figures';
import { BOARD_GUILD, PEOPLE, VARIANTS } from './people';
import { SEASON } from './season-data';

/** Calls of each read, unless it has taken BUDGET_MS by then (a slow read still gets MIN_CALLS). */
const CALLS = 300;
const BUDGET_MS = 30_000;
const MIN_CALLS = 10;

export interface ReadTimes {
  read: string;
  p50: number;
  p99: number;
  calls: number;
  /** Calls that failed, such as PostgreSQL's 2 s statement timeout: each counted as a miss. */
  failed: number;
}

const asker = (i: number) => `u${(i * 333_331) % PEOPLE}`;

async function timed(read: (i: number) => Promise<unknown>): Promise<Omit<ReadTimes, 'read'>> {
  await read(0).catch(() => undefined);
  const times: number[] = [];
  let failed = 0;
  const began = performance.now();
  for (let i = 1; i <= CALLS && (i <= MIN_CALLS || performance.now() - began < BUDGET_MS); i++) {
    const start = process.hrtime.bigint();
    // A failed call counts as infinitely slow, so it shows in p99.
    const ok = await read(i).then(
      () => true,
      () => false,
    );
    times.push(ok ? Number(process.hrtime.bigint() - start) / 1e6 : Infinity);
    if (!ok) failed++;
  }
  return { ...percentiles(times), calls: times.length, failed };
}

/** Each read's p50 and p99 (ms) on `storage`. */
export async function timeCommandReads(storage: Storage): Promise<ReadTimes[]> {
  const boards = new RatingBoards(storage, () => Date.now());
  const command = async (each: (v: Variant) => Promise<unknown>) => {
    await boards.firstSeason(BOARD_GUILD);
    await Promise.all(VARIANTS.map(each));
  };
  const reads: Array<[string, (i: number) => Promise<unknown>]> = [
    [
      'store: top 10, or a page further down',
      (i) => storage.ratings.board(BOARD_GUILD, 'olathe', 10, (i % 10) * 1_000),
    ],
    ["store: a person's standing", (i) => storage.ratings.standing(BOARD_GUILD, 'olathe', asker(i))],
    ['RatingBoards.board, one variant', (i) => boards.board(BOARD_GUILD, 'olathe', asker(i))],
    ['/olathe leaderboard (both variants)', (i) => command((v) => boards.board(BOARD_GUILD, v, asker(i)))],
    [`RatingBoards.season ${SEASON}, one variant`, () => boards.season(BOARD_GUILD, 'olathe', SEASON)],
    [`/olathe leaderboard season:${SEASON} (both)`, () => command((v) => boards.season(BOARD_GUILD, v, SEASON))],
  ];
  const out: ReadTimes[] = [];
  for (const [read, fn] of reads) out.push({ read, ...(await timed(fn)) });
  return out;
}
