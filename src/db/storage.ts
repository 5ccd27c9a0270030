// The storage seam: what the service asks of a database, the same for every engine. Each engine implements it
// in its own folder (src/db/sqlite/, src/db/postgres/), statement for statement; nothing above src/db/ sees SQL
// or a connection. Every method is asynchronous, so an engine that talks to a server over the network fits.
//
// A Storage's own stores run each call on its own, outside any transaction: they never see the writes of a
// transaction that has not committed. `transaction` runs a function with stores bound to one write
// transaction — every call made through them is part of it — commits when the function's promise resolves and
// rolls everything back when it rejects. Only the stores it hands in may be used inside it: a call through the
// Storage's own stores from inside would wait for the transaction to end, which never comes.
import type { GameEvent } from '../game';
import type { EventRow } from './event-rows';
import type {
  BoardSqlRow,
  DailyResultRow,
  GameChanges,
  GameRow,
  HeadToHeadSqlRow,
  LastWrite,
  LeftReason,
  NewAttempt,
  NewGame,
  NewPlayer,
  PlayerRow,
  PlayerVariantSqlRow,
  ResultRow,
  TotalsSqlRow,
} from './rows';
import type { Variant } from '../game';
import type { PersonRating } from '../rating';
import type {
  BacklogGame,
  GameRatingRow,
  RatingBoardRow,
  RatingHistoryRow,
  RatingStanding,
  RatingWrite,
  SeasonRow,
} from './rating-rows';
import type { SeasonStore } from './season-rows';
import type { TournamentStore } from './tournament-rows';

/** The games, their seats and events, and what their channel shows. */
export interface GameStore {
  /** A game's row and seats, read at one instant. */
  gameWithPlayers(id: number): Promise<{ row: GameRow; players: PlayerRow[] } | undefined>;
  /**
   * A game's row and seats to decide a change on, which saveGame or saveMove then guards by its `rev`. An engine
   * may answer, without a read, with the game as this process last read or saved it (`remembered`): a save
   * decided on it is a conflict if another connection moved the game on since, and a refusal decided on it must
   * be decided again on a read (another connection may have made the move possible).
   */
  gameToChange(id: number): Promise<{ row: GameRow; players: PlayerRow[]; remembered: boolean } | undefined>;
  /** A channel's open game, or the game whose thread this is. */
  openGameIdInChannel(channelId: string): Promise<number | null>;
  /** The game opened by `gameId`'s Rematch button, or null. */
  rematchOf(gameId: number): Promise<number | null>;
  /** A closed, unplayed rematch lobby is no longer its game's rematch. */
  detachRematch(gameId: number): Promise<void>;
  lastFinishedGameId(userId: string, guildId: string): Promise<number | null>;
  insertGame(game: NewGame): Promise<number>;
  /**
   * Writes the changed columns if nobody changed the game since `rev` (the row's rev moves on); returns its
   * message ids, or null on a conflict.
   */
  saveGame(id: number, rev: number, changes: Partial<GameChanges>): Promise<Record<string, string> | null>;
  /**
   * saveGame, then (if it saved) insertEvent for each event and OutboxStore.insert for each piece of work: all or
   * nothing; null on a conflict. Through a Storage's own stores it commits by itself (PostgreSQL: one statement,
   * one round trip), through a transaction's it is part of that transaction.
   */
  saveMove(id: number, rev: number, changes: Partial<GameChanges>, writes: MoveWrites): Promise<SavedMove | null>;
  insertPlayer(player: NewPlayer): Promise<void>;
  deletePlayer(gameId: number, seat: number): Promise<void>;
  moveSeat(gameId: number, from: number, to: number): Promise<void>;
  setPrediction(gameId: number, seat: number, prediction: number | null): Promise<void>;
  setLeft(gameId: number, seat: number, reason: LeftReason, at: number): Promise<void>;
  setResult(gameId: number, seat: number, result: ResultRow): Promise<void>;
  insertEvent(row: EventRow): Promise<void>;
  /** A game's events in order, as the engine applies them. */
  events(gameId: number): Promise<GameEvent[]>;
  fivesBySeat(gameId: number): Promise<Map<number, number>>;
  /** Records a message (or forgets it, with null) and the digest of what it shows (null: unknown); false: no game. */
  setShown(gameId: number, key: string, messageId: string | null, digest: string | null): Promise<boolean>;
  /** What the message under `key` shows is no longer known (it must be drawn again). */
  forgetDigest(gameId: number, key: string): Promise<void>;
  /** Sets where the game plays, once: false when it was already set. */
  setPlayChannel(gameId: number, channelId: string): Promise<boolean>;
  lastWrites(gameId: number): Promise<Map<number, LastWrite>>;
  /** This shard's games whose channel may still need work (finished ones since `since`). */
  gamesToReconcile(since: number): Promise<number[]>;
  openGameIds(): Promise<number[]>;
  /** This shard's games with a deadline at or before `now`, earliest first. */
  dueGameIds(now: number): Promise<number[]>;
  /** This shard's earliest deadline, a tournament's start time among them (TournamentStore.dueIds); null when none. */
  nextDeadline(): Promise<number | null>;
  /**
   * nextDeadline as a read another session of the same server may ask (PostgreSQL only): the shard lock's
   * session asks it as its confirmation, so an idle bot's only round trip is the lock's, every 2 s.
   */
  nextDeadlineRead?(): SessionRead<number | null>;
}

/** A statement for another session of the same database to ask, and what its rows mean. */
export interface SessionRead<T> {
  text: string;
  values: unknown[];
  answer(rows: ReadonlyArray<Record<string, unknown>>): T;
}

/** A move's writes besides its game row: its events, and the channel work saved with it at `at`. */
export interface MoveWrites {
  events: readonly EventRow[];
  outbox: readonly StoredWork[];
  at: number;
}

/** A move saved: the game's message ids, and the outbox ids of its channel work in the order given. */
export interface SavedMove {
  messages: Record<string, string>;
  outbox: number[];
}

/** What the outbox needs of a piece of channel work: its kind (the service's ChannelWork is one). */
export interface StoredWork {
  kind: string;
}

/** A piece of saved channel work, as the outbox holds it until Discord has it. */
export interface OutboxEntry<Work = StoredWork> {
  id: number;
  gameId: number;
  work: Work;
}

/** The outbox (channel work saved with the action that implies it) and the servers' settings. */
export interface OutboxStore {
  insert(gameId: number, work: StoredWork, at: number): Promise<number>;
  /** The work saved for a game, oldest first, as it went in (the caller knows its type). */
  pending<Work extends StoredWork = StoredWork>(gameId: number): Promise<Array<OutboxEntry<Work>>>;
  /** False when it was already gone (delivered by someone else). */
  remove(id: number): Promise<boolean>;
  removeAll(gameId: number): Promise<void>;
  /** Whether a server plays games in threads; true unless it said otherwise. */
  guildThreads(guildId: string): Promise<boolean>;
  setGuildThreads(guildId: string, on: boolean): Promise<void>;
}

/** The statistics: the all-time totals, kept as games finish, and the reads of the leaderboard and records. */
export interface StatsStore {
  /**
   * A game that just finished counts: its seats are marked and added to the all-time totals (if it counts).
   * Its rating changes, when given, are written with them (RatingStore.record; on PostgreSQL in the same
   * statement, so rating a game's end adds no round trip).
   */
  countGame(gameId: number, rated?: RatingWrite | null): Promise<void>;
  /** The all-time totals of a guild, one row per player and variant. */
  totals(guild: string, variant: Variant | null, bots: boolean): Promise<TotalsSqlRow[]>;
  /** Sums over the games that finished at or after `since`, one row per player and variant. */
  window(
    guild: string,
    since: number,
    variant: Variant | null,
    bots: boolean,
  ): Promise<Omit<TotalsSqlRow, 'name' | 'lastFinishedAt'>[]>;
  /** Everyone's name in their latest counted game of the guild, by variant. */
  names(guild: string): Promise<Array<{ userId: string; name: string; lastFinishedAt: number }>>;
  playerVariants(guild: string, user: string): Promise<PlayerVariantSqlRow[]>;
  /** Won (1) or not (0), game after game in the order they finished. */
  playerWins(guild: string, user: string): Promise<number[]>;
  headToHead(guild: string, user: string, other: string): Promise<HeadToHeadSqlRow[]>;
}

/** The daily challenge: attempts, their results and ranks, the boards, the solver's score per day. */
export interface DailyStore {
  /** The game of a player's attempt on a day; null when they have not played that day. */
  attempt(userId: string, day: string): Promise<number | null>;
  insertAttempt(attempt: NewAttempt): Promise<void>;
  /** Writes the result once, then the attempt's ranks among the day's results so far; false: not a daily game. */
  finish(gameId: number, result: { final: number; raw: number; at: number }): Promise<boolean>;
  result(gameId: number): Promise<DailyResultRow | null>;
  solver(day: string): Promise<{ final: number; raw: number } | null>;
  /** Keeps the first computation: every process computes the same score. */
  saveSolver(day: string, score: { final: number; raw: number }, at: number): Promise<void>;
  board(day: string, guildId: string | null, limit: number): Promise<BoardSqlRow[]>;
  own(day: string, guildId: string | null, userId: string): Promise<BoardSqlRow | null>;
  count(day: string, guildId: string | null): Promise<number>;
}

/** Ratings (migration 0014): each person's per variant, their history, the servers' boards, the backlog. */
export interface RatingStore {
  /**
   * The current ratings of `users` in `variant` (absent: never rated). Inside a transaction they stay locked
   * until it ends (PostgreSQL: FOR UPDATE, in user id order), so two games' ends cannot both start from one.
   */
  current(variant: Variant, users: readonly string[]): Promise<Map<string, PersonRating>>;
  /** A rated game's end's one read: GameStore.fivesBySeat and `current`, in one round trip. */
  endReads(
    gameId: number,
    variant: Variant,
    users: readonly string[],
  ): Promise<{ fives: Map<number, number>; ratings: Map<string, PersonRating> }>;
  /**
   * Writes a rated game: each person's rating (a new one inserted: a racing insert of the same person fails as a
   * lost race), their history row (once per game and person), and their row on every server's board.
   */
  record(write: RatingWrite): Promise<void>;
  /** A server's board by rating, best first (equal ratings by user id). */
  board(guild: string, variant: Variant, limit: number, offset?: number): Promise<RatingBoardRow[]>;
  standing(guild: string, variant: Variant, user: string): Promise<RatingStanding | null>;
  /** A person's rated games, latest first. */
  history(user: string, variant: Variant, limit: number): Promise<RatingHistoryRow[]>;
  /** Each person's change in one rated game, by user id: none for a game that was not rated. */
  ofGame(gameId: number): Promise<GameRatingRow[]>;
  /** A season's people of a server, by the rating their last game of the season left them with. */
  season(guild: string, variant: Variant, season: string, limit: number): Promise<SeasonRow[]>;
  /**
   * Takes the next `limit` games of the backlog (games that ended before ratings existed), earliest end first,
   * out of it: in a transaction, a rollback puts them back. On PostgreSQL one host at a time.
   */
  takeBacklog(limit: number): Promise<BacklogGame[]>;
}

/** What an operator asks of the database apart from the games: does it take a write, what is in play. */
export interface OpsStore {
  /** A real write, committed (rejects with the engine's error when the database cannot take one). */
  touchHealth(shard: number, now: number): Promise<void>;
  gamesInPlay(): Promise<number>;
  pendingOutbox(): Promise<number>;
}

/** Every store, bound to one way of running: the Storage's own (each call alone), or one transaction's. */
export interface Stores {
  readonly games: GameStore;
  readonly outbox: OutboxStore;
  readonly stats: StatsStore;
  readonly daily: DailyStore;
  readonly ops: OpsStore;
  readonly ratings: RatingStore;
  readonly seasons: SeasonStore;
  readonly tournaments: TournamentStore;
}

/** One database, opened for this process (and its gateway shard: GameStore's clock and reconcile reads). */
export interface Storage extends Stores {
  /** Which engine this is, for logs and operators: 'sqlite' or 'postgres'. */
  readonly engine: string;
  /**
   * Runs `fn` in one write transaction with stores bound to it, and commits; anything `fn` throws (or a failed
   * commit) rolls it all back and rejects with that error. A transaction that lost a race to another writer
   * rejects with an error `isLostRace` knows.
   */
  transaction<T>(fn: (tx: Stores) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` with stores that read one committed state of the database: no transaction commits between its
   * reads. For reads only (what is written through them is not promised to stay).
   */
  snapshot<T>(fn: (s: Stores) => Promise<T>): Promise<T>;
  /** The engine's way of saying another writer got there first (a unique key taken, a serialization failure). */
  isLostRace(error: unknown): boolean;
  /**
   * The engine's way of saying the database cannot be reached or used just now (a server down or restarting, a
   * lost connection, a file locked or on a full disk): nothing was written (but see mayHaveCommitted), and the
   * same call may work later.
   */
  isUnavailable(error: unknown): boolean;
  /**
   * One of those that came while the transaction's commit was on its way (a server that went as it answered): it
   * may have been written after all, and only a read once the database is back can tell.
   */
  mayHaveCommitted(error: unknown): boolean;
  /** Closes the database once what is under way has finished; no call may follow. */
  close(): Promise<void>;
}
