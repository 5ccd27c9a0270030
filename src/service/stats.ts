// The statistics of a server, read-only: the leaderboard by period and variant, one player's record, and two
// players' games together. A game counts once it finished (every card full; a game stopped early does not),
// in the server it was played in; the daily challenge has its own board and counts here in nothing.
// Ranks follow ranking.ts.
import type { Variant } from '../game';
import type { IncentiveName, TotalsSqlRow } from '../db/rows';
import type { StatsStore } from '../db/storage';
import { INCENTIVES } from '../db/rows';
import { botDifficulty, botIdentityName } from './bots';
import { compareRecords, competitionRanks } from './ranking';
import type { LeaderboardRow, RecordFigures } from './view';

export type { IncentiveName } from '../db/rows';
export { INCENTIVES } from '../db/rows';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The leaderboard's periods: the last 7 days, the last 30 days (rolling, up to now), or all time. */
export type LeaderboardPeriod = 'week' | 'month' | 'all';
export const PERIOD_MS: Readonly<Record<Exclude<LeaderboardPeriod, 'all'>, number>> = {
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};

export interface LeaderboardOptions {
  /** Only games finished at or after this time (ms since the epoch); overrides `period`. */
  since?: number;
  /** All time (the default), or the last 7 or 30 days up to now. */
  period?: LeaderboardPeriod;
  includeBots?: boolean;
  /** One variant; both when not given. */
  variant?: Variant;
}

/** A player's record in one variant. */
export interface VariantRecord extends RecordFigures {
  variant: Variant;
  /** How many games met each category incentive. */
  incentives: Record<IncentiveName, number>;
}

export interface PlayerStats {
  userId: string;
  /** The name in the player's latest counted game. */
  name: string;
  games: number;
  wins: number;
  /** The variants played, Olathe first. */
  variants: VariantRecord[];
  /** The most games won one after another, in the order they finished (both variants), and the run now. */
  longestStreak: number;
  currentStreak: number;
  /** All time, both variants, among the server's people (ranking.ts); `of` how many are ranked. */
  rank: { rank: number; of: number };
  /** When the first counted game finished. */
  firstFinishedAt: number;
}

export interface HeadToHeadRecord {
  games: number;
  /** Games where the first player placed above the other, below them, or level with them. */
  ahead: number;
  behind: number;
  level: number;
  /** Games each of them won (a game may be won by neither, or shared). */
  wins: number;
  otherWins: number;
}

export interface HeadToHead extends HeadToHeadRecord {
  userId: string;
  otherId: string;
  /** The same, by variant (played ones only, Olathe first). */
  variants: Array<HeadToHeadRecord & { variant: Variant }>;
}

type Sums = Omit<TotalsSqlRow, 'variant' | 'name' | 'lastFinishedAt'> & { name?: string; lastFinishedAt?: number };

type FigureSums = Pick<
  TotalsSqlRow,
  'games' | 'wins' | 'totalFinal' | 'bestFinal' | 'olathesThrown' | 'olathesScored' | 'exactPredictions'
>;

/** A record's figures from the sums of its seats (games > 0). */
function figures(r: FigureSums): RecordFigures {
  return {
    games: r.games,
    wins: r.wins,
    winRate: r.wins / r.games,
    averageFinal: r.totalFinal / r.games,
    bestFinal: r.bestFinal,
    olathesThrown: r.olathesThrown,
    olathesScored: r.olathesScored,
    exactPredictions: r.exactPredictions,
  };
}

const byVariant = (a: { variant: Variant }, b: { variant: Variant }) =>
  a.variant === b.variant ? 0 : a.variant === 'olathe' ? -1 : 1;

/** One row per player: a player's variants added together; the name is their latest game's. */
function mergeVariants(rows: readonly Sums[]): Sums[] {
  const merged = new Map<string, Sums>();
  for (const r of rows) {
    const m = merged.get(r.userId);
    if (!m) {
      merged.set(r.userId, { ...r });
      continue;
    }
    if ((r.lastFinishedAt ?? 0) > (m.lastFinishedAt ?? 0))
      Object.assign(m, { name: r.name, lastFinishedAt: r.lastFinishedAt });
    m.isBot = Math.max(m.isBot, r.isBot) as 0 | 1;
    m.games += r.games;
    m.wins += r.wins;
    m.totalFinal += r.totalFinal;
    m.bestFinal = Math.max(m.bestFinal, r.bestFinal);
    m.olathesThrown += r.olathesThrown;
    m.olathesScored += r.olathesScored;
    m.exactPredictions += r.exactPredictions;
  }
  return [...merged.values()];
}

function ranked(rows: readonly Sums[]): LeaderboardRow[] {
  const rowOf = (r: Sums, rank: number): LeaderboardRow => {
    const difficulty = r.isBot ? botDifficulty(r.userId) : null;
    return {
      rank,
      userId: r.userId,
      name: difficulty ? botIdentityName(difficulty) : (r.name ?? r.userId),
      isBot: r.isBot === 1,
      ...figures(r),
    };
  };
  // Equals are listed by name, then id: a listing order only, their rank number is the same.
  const order = (a: Sums, b: Sums) => (a.name ?? '').localeCompare(b.name ?? '') || (a.userId < b.userId ? -1 : 1);
  return competitionRanks(rows, compareRecords, order).map(({ item, rank }) => rowOf(item, rank));
}

/**
 * A guild's players, ranked (ranking.ts): people first, then computer players ranked apart, one row per
 * difficulty (userId `bot:<difficulty>`, e.g. "🤖 Expert bot") when asked for. A player who quit or was
 * removed still played the game: their card counts. Equal records share a rank number.
 */
export async function leaderboard(
  store: StatsStore,
  guildId: string,
  options: LeaderboardOptions,
  now: number,
): Promise<LeaderboardRow[]> {
  const variant = options.variant ?? null;
  const bots = options.includeBots ?? false;
  const period = options.period ?? 'all';
  const since = options.since ?? (period === 'all' ? null : now - PERIOD_MS[period]);
  let rows: Sums[];
  if (since === null) rows = await store.totals(guildId, variant, bots);
  else {
    const names = new Map<string, { name: string; lastFinishedAt: number }>();
    for (const n of await store.names(guildId)) {
      const seen = names.get(n.userId);
      if (!seen || n.lastFinishedAt > seen.lastFinishedAt) names.set(n.userId, n);
    }
    rows = (await store.window(guildId, since, variant, bots)).map((r) => ({ ...r, ...names.get(r.userId) }));
  }
  const players = mergeVariants(rows);
  return [...ranked(players.filter((r) => r.isBot === 0)), ...ranked(players.filter((r) => r.isBot === 1))];
}

function streaks(wins: readonly number[]): { longest: number; current: number } {
  let longest = 0;
  let current = 0;
  for (const won of wins) {
    current = won === 1 ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return { longest, current };
}

/** One person's record in a guild; null when they have no counted game there. */
export async function playerStats(store: StatsStore, guildId: string, userId: string): Promise<PlayerStats | null> {
  const rows = (await store.playerVariants(guildId, userId)).sort(byVariant);
  if (rows.length === 0) return null;
  // The rank is all time (the kept totals: no clock needed), both variants, among people.
  const board = await leaderboard(store, guildId, { period: 'all' }, 0);
  const me = board.find((r) => r.userId === userId);
  const { longest, current } = streaks(await store.playerWins(guildId, userId));
  const variants: VariantRecord[] = rows.map((r) => ({
    variant: r.variant,
    ...figures(r),
    incentives: Object.fromEntries(INCENTIVES.map((name) => [name, r[name]])) as Record<IncentiveName, number>,
  }));
  return {
    userId,
    name: me?.name ?? userId,
    games: rows.reduce((n, r) => n + r.games, 0),
    wins: rows.reduce((n, r) => n + r.wins, 0),
    variants,
    longestStreak: longest,
    currentStreak: current,
    rank: { rank: me?.rank ?? board.length + 1, of: board.length },
    firstFinishedAt: Math.min(...rows.map((r) => r.firstFinishedAt)),
  };
}

/** Two people's counted games together in a guild, and how each placed against the other. */
export async function headToHead(
  store: StatsStore,
  guildId: string,
  userId: string,
  otherId: string,
): Promise<HeadToHead> {
  const variants = (await store.headToHead(guildId, userId, otherId)).sort(byVariant).map((r) => ({
    variant: r.variant,
    games: r.games,
    ahead: r.aAhead,
    behind: r.bAhead,
    level: r.games - r.aAhead - r.bAhead,
    wins: r.aWins,
    otherWins: r.bWins,
  }));
  const sum = (key: keyof HeadToHeadRecord) => variants.reduce((n, v) => n + v[key], 0);
  return {
    userId,
    otherId,
    games: sum('games'),
    ahead: sum('ahead'),
    behind: sum('behind'),
    level: sum('level'),
    wins: sum('wins'),
    otherWins: sum('otherWins'),
    variants,
  };
}
