// The service's machinery, shared by its parts: how a game is read (row and seats in one statement), how an
// operation decides and then writes in one IMMEDIATE transaction guarded by the row's `rev`, and how a
// writer that lost a race to another connection — a second shard, the turn clock — reads again and decides
// again, where a repeated click (same stamp) is refused as 'stale'. Moves of one game are queued in the process
// (game-queue.ts), so only another process can win such a race. Any error rolls back everything. The
// database is a Storage (src/db/storage.ts): reads run alone, a commit runs with the transaction's stores.
import type { GameOptions, GameState, Rng } from '../game';
import { cryptoRng, seatsToAct } from '../game';
import type { Difficulty } from '../solver/strategy';
import type { GameChanges, PlayerRow } from '../db/rows';
import type { GameStore, MoveWrites, OutboxStore, StatsStore, Storage, Stores } from '../db/storage';
import type { Step } from './channel-work';
import type { BotPacing, Deadlines } from './deadlines';
import { DEFAULT_BOT_STEP_MS, botDifficulty } from './bots';
import { MESSAGES, ServiceError } from './errors';
import { DEFAULT_LOBBY_EXPIRY_MS } from './options';
import type { ActionResult, GameView, PlayerView } from './view';
import { gameView } from './view';
import { GameQueue } from './game-queue';
import { changedColumns, decideOnKnown, loadedOf } from './decide';
import type { Commit, Loaded } from './operation';

export const MAX_PLAYERS = 8;
/**
 * A move that keeps losing races to other processes (several hosts on one PostgreSQL database) is tried again
 * until this long after it arrived or this many tries, then refused as 'busy': the click must be answered within
 * Discord's 3 s. Inside a process moves never race (the per-game queue), so reaching this is rare; a move that
 * waited its turn in the queue this long is not started either.
 */
export const RACE_LIMIT = { ms: 1_500, attempts: 50 } as const;
export const MESSAGE_KEY = /^[A-Za-z0-9:_-]{1,40}$/;
/** The key of the lobby message, which stays in the channel as the game's summary. */
export const LOBBY_MESSAGE = 'lobby';
const OPEN = new Set<string>(['lobby', 'playing']);
const MAX_NAME_LENGTH = 80;
/** How long after its end a game's channel is still checked at start-up and each minute. */
export const RECONCILE_FINISHED_MS = 24 * 60 * 60_000;

export interface UserRef {
  id: string;
  name: string;
  /** A computer player: counted apart on the leaderboard. */
  isBot?: boolean;
}

export interface OpenLobbyInput {
  guildId: string;
  channelId: string;
  host: UserRef;
  options: GameOptions;
  turnTimeoutMs?: number;
  /** Play in a thread started from the lobby message; the server's setting (on by default) when not given. */
  threads?: boolean;
  /** The language of the game's channel messages (the guild's preferred locale); English when not given. */
  locale?: string;
  /** Where the bot is not a member: shown only through interaction replies, in the channel itself (no thread). */
  repliesOnly?: boolean;
}

/** Test-only interleaving points. The bot passes none. */
export interface ServiceHooks {
  /** After a game was read and the action decided, before its write transaction begins (gameId null: a new lobby). */
  beforeWrite?(gameId: number | null, attempt: number): void | Promise<void>;
  /** After each statement inside a write transaction; throwing here simulates a crash mid-transaction. */
  afterStatement?(label: string): void;
}

export interface ServiceOptions {
  rng?: Rng;
  now?: () => number;
  hooks?: ServiceHooks;
  /** The pause before each step of a computer player (ms); DEFAULT_BOT_STEP_MS unless given. */
  botStepMs?: number;
  /** How long a lobby stays open unless it is started (ms); DEFAULT_LOBBY_EXPIRY_MS unless given. */
  lobbyExpiryMs?: number;
  /** Told when the solver failed for a bot seat (the bot then makes a plain legal step instead). */
  onBotError?: (error: unknown, where: { gameId: number; seat: number }) => void;
  /** The key of the daily challenge's dice (OLATHE_DAILY_SECRET or its file); a random one per service unless given. */
  dailySecret?: string;
}

/** Another connection changed the game between our read and our write. */
export class Conflict extends Error {}

export abstract class ServiceCore {
  /** The games, each call alone (outside any transaction). */
  protected readonly store: GameStore;
  protected readonly outbox: OutboxStore;
  /** The statistics' statements: the all-time totals are added to when a game finishes. */
  protected readonly stats: StatsStore;
  protected readonly rng: Rng;
  protected readonly now: () => number;
  protected readonly hooks: ServiceHooks;
  protected readonly botStepMs: number;
  protected readonly lobbyExpiryMs: number;
  protected readonly onBotError: ServiceOptions['onBotError'];
  /** Moves of one game run one at a time in this process. */
  private readonly queue = new GameQueue();
  /** Told the id of each game a committed write of this process changed (onGameChanged). */
  private readonly changeListeners = new Set<(gameId: number) => void>();
  /** Told each deadline a write of this process stores (onDeadlineSet). */
  private readonly deadlineListeners = new Set<(at: number) => void>();

  constructor(
    readonly storage: Storage,
    options: ServiceOptions = {},
  ) {
    this.store = storage.games;
    this.outbox = storage.outbox;
    this.stats = storage.stats;
    this.rng = options.rng ?? cryptoRng;
    this.now = options.now ?? Date.now;
    this.hooks = options.hooks ?? {};
    this.botStepMs = options.botStepMs ?? DEFAULT_BOT_STEP_MS;
    this.lobbyExpiryMs = options.lobbyExpiryMs ?? DEFAULT_LOBBY_EXPIRY_MS;
    this.onBotError = options.onBotError;
  }

  /**
   * Calls `listener` with a game's id after each commit of this process that changed the game (a move, a lobby
   * change, the clock's), whoever made it: what live views (the Activity's boards) follow. Returns the unsubscribe.
   * A listener that throws is not this service's concern: its error is swallowed so the move's answer stands.
   */
  onGameChanged(listener: (gameId: number) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /**
   * Calls `listener` with each deadline (ms since the epoch) a write of this process stores for a game — a turn's
   * timer, a computer player's next step: the turn clock wakes for it instead of finding it at its next look. Told
   * as the row is written, before the commit: a write rolled back only makes a wake that finds nothing due.
   */
  onDeadlineSet(listener: (at: number) => void): () => void {
    this.deadlineListeners.add(listener);
    return () => this.deadlineListeners.delete(listener);
  }

  protected gameChanged(gameId: number): void {
    tellAll(this.changeListeners, gameId);
  }

  // ---------- how an operation runs ----------

  /** One write transaction: `fn` writes through the stores it is given; any error rolls everything back. */
  protected writeTx<T>(fn: Commit<T>): Promise<T> {
    return this.storage.transaction(fn);
  }

  /** A racing writer got there first: a Conflict, or a key it took (the engine says which errors are that). */
  protected lostRace(error: unknown): boolean {
    return error instanceof Conflict || this.storage.isLostRace(error);
  }

  protected async load(gameId: number, games: GameStore = this.store): Promise<Loaded | null> {
    if (!Number.isSafeInteger(gameId)) return null;
    const found = await games.gameWithPlayers(gameId);
    return found ? loadedOf(found) : null;
  }

  /**
   * Reads the game, lets `plan` check and decide (it throws to refuse), then runs the commit it returns in
   * one write transaction. Losing a race means reading again and deciding again.
   */
  protected async mutate<T>(gameId: number, plan: (g: Loaded) => Commit<T>): Promise<T> {
    return (await this.mutateOrSkip(gameId, plan)) as T;
  }

  protected mutateOrSkip<T>(gameId: number, plan: (g: Loaded) => Commit<T> | null): Promise<T | null> {
    const arrived = performance.now();
    return this.queue.run(gameId, () => this.decideAndWrite(gameId, plan, arrived));
  }

  private async decideAndWrite<T>(
    gameId: number,
    plan: (g: Loaded) => Commit<T> | null,
    arrived: number,
  ): Promise<T | null> {
    // Counted from the move's arrival: moves queued behind ones that each wait for a database out of reach must
    // still be answered within Discord's 3 s.
    if (performance.now() - arrived >= RACE_LIMIT.ms) throw new ServiceError('busy', MESSAGES.busy);
    for (let attempt = 1; ; attempt++) {
      const commit = await decideOnKnown(this.store, gameId, plan, (id) => this.load(id));
      if (!commit) return null;
      if (this.hooks.beforeWrite) await this.hooks.beforeWrite(gameId, attempt);
      try {
        const done = commit.alone ? await commit(this.storage) : await this.writeTx(commit);
        this.gameChanged(gameId);
        return done;
      } catch (error) {
        if (!this.lostRace(error)) throw error;
        if (attempt >= RACE_LIMIT.attempts || performance.now() - arrived >= RACE_LIMIT.ms)
          throw new ServiceError('busy', MESSAGES.busy);
        // Two processes that lost to each other would meet again at once: a few ms apart, one of them wins.
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 10)));
      }
    }
  }

  protected step(label: string): void {
    this.hooks.afterStatement?.(label);
  }

  /** Writes the game row if nobody changed it since it was read; its current message ids. */
  protected async save(tx: Stores, g: Loaded, changes: Partial<GameChanges>): Promise<Record<string, string>> {
    const messages = await tx.games.saveGame(g.row.id, g.row.rev, changedColumns(g.row, changes));
    if (messages === null) throw new Conflict();
    this.step('save game');
    if (typeof changes.next_deadline === 'number') tellAll(this.deadlineListeners, changes.next_deadline);
    // The lobby message must now say how the game ended: until it is drawn again, each reconcile looks at it.
    const closing = changes.status !== undefined && changes.status !== g.row.status && !OPEN.has(changes.status);
    if (closing && g.row.messages[LOBBY_MESSAGE] !== undefined) await tx.games.forgetDigest(g.row.id, LOBBY_MESSAGE);
    return messages;
  }

  /** A move's one write, which commits by itself (Commit.alone): the save, as save() says, with the rest. */
  protected async saveMove(stores: Stores, g: Loaded, changes: Partial<GameChanges>, writes: MoveWrites) {
    const saved = await stores.games.saveMove(g.row.id, g.row.rev, changedColumns(g.row, changes), writes);
    if (saved === null) throw new Conflict();
    if (typeof changes.next_deadline === 'number') tellAll(this.deadlineListeners, changes.next_deadline);
    return saved;
  }

  protected viewAfter(
    g: Loaded,
    changes: Partial<GameChanges>,
    messages: Record<string, string>,
    players: PlayerView[],
    state: GameState | null,
    deadlines: Deadlines = {},
  ): GameView {
    return gameView({ ...g.row, ...changes, rev: g.row.rev + 1, messages }, players, state, deadlines);
  }

  protected newPlayer(gameId: number, seat: number, user: UserRef, now: number) {
    return {
      game_id: gameId,
      seat,
      user_id: user.id,
      name: (user.name.trim() || user.id).slice(0, MAX_NAME_LENGTH),
      is_bot: user.isBot ? (1 as const) : (0 as const),
      joined_at: now,
    };
  }

  protected requireLobby(g: Loaded): void {
    if (g.row.status === 'lobby') return;
    if (g.row.status === 'playing') throw new ServiceError('not-in-lobby', MESSAGES.notInLobby);
    throw new ServiceError('game-over', MESSAGES.gameOver);
  }

  protected requirePlaying(g: Loaded): GameState {
    if (g.row.status === 'lobby') throw new ServiceError('not-started', MESSAGES.notStarted);
    if (g.row.status !== 'playing' || !g.state) throw new ServiceError('game-over', MESSAGES.gameOver);
    return g.state;
  }

  protected pacing(g: Loaded, acted: ReadonlySet<number>): BotPacing {
    return { seats: new Set(botSeats(g.players).keys()), stepMs: this.botStepMs, acted };
  }

  protected seatOf(g: Loaded, userId: string): number {
    const seat = g.players.find((p) => p.user_id === userId)?.seat;
    if (seat === undefined) throw new ServiceError('not-a-player', MESSAGES.notAPlayer);
    return seat;
  }
}

/** A seat played by the computer: flagged a bot, with a bot user id that names its difficulty. */
export function isBotRow(p: Pick<PlayerRow, 'is_bot' | 'user_id'>): boolean {
  return p.is_bot === 1 && botDifficulty(p.user_id) !== null;
}

/** Seat → difficulty of every computer-played seat. */
export function botSeats(players: readonly PlayerRow[]): Map<number, Difficulty> {
  const bots = new Map<number, Difficulty>();
  for (const p of players) {
    const difficulty = p.is_bot === 1 ? botDifficulty(p.user_id) : null;
    if (difficulty) bots.set(p.seat, difficulty);
  }
  return bots;
}

export function lobbyResult(view: GameView): ActionResult {
  const finished = view.status === 'cancelled';
  return { view, before: null, events: [], shouts: [], turnEnded: false, finished, outbox: [], ratings: [] };
}

/** A write or timeout ends its turn; so does leaving mid-turn, and ending the game. */
export function endsATurn({ before, event }: Step): boolean {
  if (event.type === 'write' || event.type === 'timeout' || event.type === 'end') return true;
  return event.type === 'leave' && seatsToAct(before).includes(event.seat);
}

function tellAll<T>(listeners: ReadonlySet<(value: T) => void>, value: T): void {
  for (const listener of listeners) {
    try {
      listener(value);
    } catch {
      // A listener's failure must not turn a move into an error.
    }
  }
}
