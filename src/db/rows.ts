// The rows of the bot's tables as values, the same for every engine: what the stores (src/db/storage.ts) take
// and give. JSON columns are values here; how an engine stores them is its own business.
import type { Category, CategoryRecord, Dice, GameOptions, GameState, Variant } from '../game';
import type { EventRow } from './event-rows';
import type { TournamentTable } from './tournament-rows';

export type GameStatusColumn = 'lobby' | 'playing' | 'finished' | 'ended' | 'cancelled';
export type LeftReason = 'quit' | 'removed';
/** Why a lobby closed without a game. */
export type ClosedReason = 'cancelled' | 'expired' | 'empty';

/** A seat's latest written cell, as the events table has it. */
export interface LastWrite {
  seat: number;
  timedOut: boolean;
  column: number;
  category: Category;
  dice: Dice;
  score: number;
}

/** Seat → ms deadline of its current turn. */
export type Deadlines = Record<number, number>;

/** A game as stored: its columns, the JSON ones (options, state, deadlines, messages, shown) read into values. */
export interface GameRow {
  id: number;
  guild_id: string;
  channel_id: string;
  variant: 'olathe' | 'balut';
  options: GameOptions;
  turn_timeout_ms: number;
  status: GameStatusColumn;
  host_id: string;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  rev: number;
  version: number;
  state: GameState | null;
  deadlines: Deadlines;
  next_deadline: number | null;
  /** Discord message ids by key ('lobby', 'turn:0', …). */
  messages: Record<string, string>;
  thread_mode: 0 | 1;
  play_channel_id: string | null;
  channel_gone: 0 | 1;
  /** Digests of what each message last showed, by the same keys. */
  shown: Record<string, string>;
  closed_reason: ClosedReason | null;
  /** The name of the host who last left the open lobby, handing it on. */
  host_left: string | null;
  /** The language of the game's channel messages (a catalogue's locale code, e.g. 'en', 'da'). */
  locale: string;
  /** The game whose Rematch button opened this one (at most one rematch per game). */
  rematch_of: number | null;
  /** 1: played where the bot is not a member, shown only through interaction replies (migration 0013). */
  replies_only: 0 | 1;
  /** A daily challenge game: the day whose dice it plays (from daily_attempts, read with the row); else null. */
  daily_day: string | null;
  /** A tournament's table (migration 0016): the tournament it is played for; else null. */
  tournament_id: number | null;
}

/** The columns of a game that an operation may change; written back all at once, guarded by `rev`. */
export type GameChanges = Pick<
  GameRow,
  | 'status'
  | 'host_id'
  | 'started_at'
  | 'finished_at'
  | 'version'
  | 'state'
  | 'deadlines'
  | 'next_deadline'
  | 'play_channel_id'
  | 'channel_gone'
  | 'closed_reason'
  | 'host_left'
>;

export interface PlayerRow {
  seat: number;
  user_id: string;
  name: string;
  is_bot: 0 | 1;
  prediction: number | null;
  left_reason: LeftReason | null;
}

export interface ResultRow {
  final_score: number;
  raw_total: number;
  place: number;
  won: 0 | 1;
  olathes_thrown: number;
  olathes_scored: number;
  exact_prediction: 0 | 1;
  /** The category incentives the card met, as bits (INCENTIVE_BITS in stats-store.ts). */
  incentives_met: number;
}

export interface NewGame {
  guild_id: string;
  channel_id: string;
  variant: 'olathe' | 'balut';
  options: GameOptions;
  turn_timeout_ms: number;
  host_id: string;
  created_at: number;
  thread_mode: 0 | 1;
  /** When the lobby expires unless started. */
  next_deadline: number;
  locale: string;
  /** The game this one is the rematch of. */
  rematch_of?: number | null;
  /** Shown only through interaction replies (see GameRow); 0 when left out. */
  replies_only?: 0 | 1;
  /** The tournament table this game is played for (src/db/tournament-rows.ts). */
  tournament?: TournamentTable | null;
}

export interface NewPlayer {
  game_id: number;
  seat: number;
  user_id: string;
  name: string;
  is_bot: 0 | 1;
  joined_at: number;
}

export type StoredEventRow = Pick<EventRow, 'seq' | 'type' | 'seat' | 'dice' | 'col' | 'category' | 'die' | 'count'> & {
  category: Category | null;
};

/** Which gateway shard this process is: it runs the clocks and channel work of its own guilds' games only. */
export interface ShardSlice {
  id: number;
  count: number;
}

// ---------- statistics ----------

/** The bit of each category incentive in `players.incentives_met` (the Olathe incentive is olathes_scored). */
export const INCENTIVE_BITS = { fours: 1, fives: 2, sixes: 4, straight: 8, house: 16, choice: 32 } as const;
export type IncentiveName = keyof typeof INCENTIVE_BITS;
export const INCENTIVES = Object.keys(INCENTIVE_BITS) as IncentiveName[];

/** The bits of the incentives a card's breakdown met. */
export function incentiveBits(incentives: CategoryRecord): number {
  return INCENTIVES.reduce(
    (bits, name) => (incentives[name satisfies Category] > 0 ? bits | INCENTIVE_BITS[name] : bits),
    0,
  );
}

/** Sums of a set of seats, as the leaderboard ranks and shows them. */
export interface TotalsSqlRow {
  userId: string;
  variant: Variant;
  isBot: 0 | 1;
  name: string;
  lastFinishedAt: number;
  games: number;
  wins: number;
  totalFinal: number;
  bestFinal: number;
  olathesThrown: number;
  olathesScored: number;
  exactPredictions: number;
}

export type PlayerVariantSqlRow = Omit<TotalsSqlRow, 'userId' | 'isBot' | 'name' | 'lastFinishedAt'> &
  Record<IncentiveName, number> & { firstFinishedAt: number };

export interface HeadToHeadSqlRow {
  variant: Variant;
  games: number;
  aAhead: number;
  bAhead: number;
  aWins: number;
  bWins: number;
}

// ---------- the daily challenge ----------

export interface NewAttempt {
  user_id: string;
  day: string;
  game_id: number;
  guild_id: string;
  started_at: number;
}

/** A finished (or abandoned) daily game's result as stored: its rank when it ended, and the solver's on its dice. */
export interface DailyResultRow {
  day: string;
  final: number;
  raw: number;
  rankServer: number;
  ofServer: number;
  rankWorld: number;
  ofWorld: number;
  solverFinal: number | null;
  solverRaw: number | null;
}

export interface BoardSqlRow {
  rank: number;
  userId: string;
  name: string;
  final: number;
  raw: number;
}
