// Every player action, Discord-free. Each operation reads the game (its row and seats, in one statement),
// decides with the pure engine, then writes in one IMMEDIATE transaction guarded by the row's
// `rev` (UPDATE … WHERE rev = ?) and the events' (game_id, seq) primary key. A writer that lost a race to
// another connection — a second shard, the turn clock — conflicts, rolls back, and tries again from a fresh
// read, where a repeated click (same stamp) is refused as 'stale'. Any error rolls back everything.
//
// Computer players run on the same clock as turn timeouts: a bot seat that may act has a deadline of
// now + botStepMs, and when it passes, expireTurns applies one step of the solver's play (a declare, a
// throw, one hold's toggles, or the write) instead of a timeout. Nothing about a bot lives in memory.
import type Database from 'better-sqlite3';
import type { Category, GameEvent, GameOptions, GameState, Rng } from '../game';
import {
  applyEvent,
  cryptoRng,
  gameResults,
  isFiveOfAKind,
  newGame,
  seatsToAct,
  thrownDice,
  throwEvent,
  timeoutEvent,
} from '../game';
import type { Analysis, Difficulty } from '../solver/strategy';
import type { Hint } from '../solver/strategy';
import { DIFFICULTIES, analyseGame, botEvents, hint } from '../solver/strategy';
import type { GameChanges, GameRow, LeftReason, PlayerRow } from '../db/game-store';
import { GameStore } from '../db/game-store';
import { eventFromRow, eventRow } from '../db/event-rows';
import { OutboxStore } from '../db/outbox-store';
import type { ChannelWork, OutboxItem, Step } from './channel-work';
import { channelWorkOf } from './channel-work';
import type { BotPacing, Deadlines } from './deadlines';
import { dueSeats, earliestDeadline, nextDeadlines } from './deadlines';
import {
  DEFAULT_BOT_STEP_MS,
  botDifficulty,
  botIdentityName,
  botName,
  botUserId,
  fallbackBotEvents,
  nextBotNumber,
} from './bots';
import { MESSAGES, ServiceError } from './errors';
import { DEFAULT_TURN_TIMEOUT_MS, normalOptions, optionsProblem, turnTimeoutProblem } from './options';
import { turnStamp } from './stamp';
import type { ActionResult, CardView, GameView, LastWrite, LeaderboardRow, PlayerView, Shout } from './view';
import { cardView, gameView, playerViews } from './view';

export { ServiceError, isServiceError } from './errors';
export type { ServiceErrorCode } from './errors';
export { turnStamp } from './stamp';
export type {
  ActionResult,
  CardView,
  GameView,
  GameViewStatus,
  LeaderboardRow,
  LastWrite,
  PlayerView,
  Shout,
} from './view';
export type { ChannelWork, LogWork, OutboxItem, ShoutWork } from './channel-work';
export { DEFAULT_TURN_TIMEOUT_MS } from './options';
export { BOT_NAMES, DEFAULT_BOT_STEP_MS, botDifficulty, botIdentity, botIdentityName, botName } from './bots';
export type { Analysis, AnalysedDecision, Difficulty, Hint, HintChoice } from '../solver/strategy';
// The Discord layer reaches the solver only through the service: these are the solver's words it shows.
export { ACCURACY_TOLERANCE, DIFFICULTIES } from '../solver/strategy';

export const MAX_PLAYERS = 8;
/** How many times an action is tried again after losing a race to another connection. */
const MAX_ATTEMPTS = 3;
const MESSAGE_KEY = /^[A-Za-z0-9:_-]{1,40}$/;
const MAX_NAME_LENGTH = 80;
/** How long after its end a game's channel is still checked at start-up and each minute. */
const RECONCILE_FINISHED_MS = 24 * 60 * 60_000;

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
}

export interface LeaderboardOptions {
  /** Only games finished at or after this time (ms since the epoch), e.g. 30 days ago. */
  since?: number;
  includeBots?: boolean;
  variant?: GameOptions['variant'];
}

/** Test-only interleaving points. The bot passes none. */
export interface ServiceHooks {
  /** After a game was read and the action decided, before its write transaction begins (gameId null: a new lobby). */
  beforeWrite?(gameId: number | null, attempt: number): void;
  /** After each statement inside a write transaction; throwing here simulates a crash mid-transaction. */
  afterStatement?(label: string): void;
}

export interface ServiceOptions {
  rng?: Rng;
  now?: () => number;
  hooks?: ServiceHooks;
  /** The pause before each step of a computer player (ms); DEFAULT_BOT_STEP_MS unless given. */
  botStepMs?: number;
  /** Told when the solver failed for a bot seat (the bot then makes a plain legal step instead). */
  onBotError?: (error: unknown, where: { gameId: number; seat: number }) => void;
}

/** A game as read: its row, its seats, and the parsed snapshot. */
interface Loaded {
  row: GameRow;
  players: PlayerRow[];
  state: GameState | null;
  deadlines: Deadlines;
}

/** Makes the next event(s) from the state so far; null to make none. */
type EventMaker = (state: GameState) => GameEvent | readonly GameEvent[] | null;
type Commit<T> = () => T;

/** Another connection changed the game between our read and our write. */
class Conflict extends Error {}

function isRaceConstraint(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The columns of `next` that differ from the row: all an UPDATE needs to SET. */
function changedColumns(row: GameRow, next: Partial<GameChanges>): Partial<GameChanges> {
  const changed: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(next))
    if (row[column as keyof GameChanges] !== value) changed[column] = value;
  return changed as Partial<GameChanges>;
}

export class GameService {
  private readonly store: GameStore;
  private readonly outbox: OutboxStore;
  private readonly rng: Rng;
  private readonly now: () => number;
  private readonly hooks: ServiceHooks;
  private readonly writeTx: <T>(fn: () => T) => T;
  private readonly botStepMs: number;
  private readonly onBotError: ServiceOptions['onBotError'];

  constructor(
    readonly db: Database.Database,
    options: ServiceOptions = {},
  ) {
    this.store = new GameStore(db);
    this.outbox = new OutboxStore(db);
    this.rng = options.rng ?? cryptoRng;
    this.now = options.now ?? Date.now;
    this.hooks = options.hooks ?? {};
    this.botStepMs = options.botStepMs ?? DEFAULT_BOT_STEP_MS;
    this.onBotError = options.onBotError;
    const run = db.transaction((fn: () => unknown) => fn());
    this.writeTx = (fn) => run.immediate(fn) as ReturnType<typeof fn>;
  }

  // ---------- the lobby ----------

  openLobby(input: OpenLobbyInput): GameView {
    const problem = optionsProblem(input.options) ?? turnTimeoutProblem(input.turnTimeoutMs ?? DEFAULT_TURN_TIMEOUT_MS);
    if (problem) throw new ServiceError('bad-options', problem);
    if (input.host.isBot || botDifficulty(input.host.id) !== null)
      throw new ServiceError('bad-options', MESSAGES.botHost);
    const options = normalOptions(input.options);
    if (this.store.openGameIdInChannel(input.channelId) !== null)
      throw new ServiceError('channel-busy', MESSAGES.channelBusy);
    const now = this.now();
    this.hooks.beforeWrite?.(null, 1);
    let id: number;
    try {
      id = this.writeTx(() => {
        const gameId = this.store.insertGame({
          guild_id: input.guildId,
          channel_id: input.channelId,
          variant: options.variant,
          options: JSON.stringify(options),
          turn_timeout_ms: input.turnTimeoutMs ?? DEFAULT_TURN_TIMEOUT_MS,
          host_id: input.host.id,
          created_at: now,
          thread_mode: (input.threads ?? this.outbox.guildThreads(input.guildId)) ? 1 : 0,
        });
        this.step('insert game');
        this.store.insertPlayer(this.newPlayer(gameId, 0, input.host, now));
        this.step('insert host');
        return gameId;
      });
    } catch (error) {
      // The unique index on open games per channel: another /start won the race.
      if (isRaceConstraint(error)) throw new ServiceError('channel-busy', MESSAGES.channelBusy);
      throw error;
    }
    return this.game(id)!;
  }

  join(gameId: number, user: UserRef): GameView {
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (g.players.some((p) => p.user_id === user.id))
        throw new ServiceError('already-joined', MESSAGES.alreadyJoined);
      if (g.players.length >= MAX_PLAYERS) throw new ServiceError('lobby-full', MESSAGES.lobbyFull);
      return this.seatCommit(g, this.newPlayer(gameId, g.players.length, user, this.now()));
    });
  }

  /**
   * The host seats a computer player in the lobby: user id `bot:<difficulty>:<k>` (k the smallest free in
   * the game), named e.g. "🤖 Ada (expert)". It plays by itself once the game starts (see expireTurns).
   */
  addBot(gameId: number, byUserId: string, difficulty: Difficulty): GameView {
    if (!DIFFICULTIES.includes(difficulty)) throw new ServiceError('bad-options', MESSAGES.badDifficulty);
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (byUserId !== g.row.host_id) throw new ServiceError('not-host', MESSAGES.notHost);
      if (g.players.length >= MAX_PLAYERS) throw new ServiceError('lobby-full', MESSAGES.lobbyFull);
      const k = nextBotNumber(g.players.map((p) => p.user_id));
      const bot: UserRef = { id: botUserId(difficulty, k), name: botName(difficulty, k), isBot: true };
      return this.seatCommit(g, this.newPlayer(gameId, g.players.length, bot, this.now()));
    });
  }

  /** The host takes a computer player out of the lobby. */
  removeBot(gameId: number, byUserId: string, botId: string): GameView {
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (byUserId !== g.row.host_id) throw new ServiceError('not-host', MESSAGES.notHost);
      const target = g.players.find((p) => p.user_id === botId);
      if (!target) throw new ServiceError('not-a-player', MESSAGES.notAPlayerThere);
      if (!isBotRow(target)) throw new ServiceError('not-a-bot', MESSAGES.notABot);
      return this.leavePlan(g, botId);
    });
  }

  /** Leaves a lobby. A leaving host hands the lobby to the longest-waiting player; the last one out cancels it. */
  leave(gameId: number, userId: string): GameView {
    return this.mutate(gameId, (g) => this.leavePlan(g, userId));
  }

  /** The host cancels a lobby that has not started. */
  cancel(gameId: number, userId: string): GameView {
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (userId !== g.row.host_id) throw new ServiceError('not-host', MESSAGES.notHost);
      return this.cancelCommit(g);
    });
  }

  /**
   * Starts the game. It plays in a thread started from the lobby message when the lobby asked for one and
   * `threadAllowed` is not false (the bot may lack the permission), else in the channel itself.
   */
  start(gameId: number, userId: string, opts: { threadAllowed?: boolean } = {}): GameView {
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (userId !== g.row.host_id) throw new ServiceError('not-host', MESSAGES.notHost);
      const now = this.now();
      const state = newGame(
        JSON.parse(g.row.options) as GameOptions,
        g.players.map((p) => p.user_id),
      );
      const deadlines = nextDeadlines(null, state, {}, now, g.row.turn_timeout_ms, this.pacing(g, new Set()));
      const changes: Partial<GameChanges> = {
        status: 'playing',
        started_at: now,
        version: state.version,
        state: JSON.stringify(state),
        deadlines: JSON.stringify(deadlines),
        next_deadline: earliestDeadline(deadlines),
        // A thread's id is known once the Publisher has made it.
        play_channel_id: g.row.thread_mode === 1 && opts.threadAllowed !== false ? null : g.row.channel_id,
      };
      return () => {
        const messages = this.save(g, changes);
        return this.viewAfter(g, changes, messages, playerViews(g.players), state, deadlines);
      };
    });
  }

  // ---------- a turn ----------

  declare(gameId: number, userId: string, column: number, stamp?: string): ActionResult {
    return this.play(gameId, userId, stamp, (_, seat) => ({ type: 'declare', seat, column }));
  }

  toggleHold(gameId: number, userId: string, die: number, stamp?: string): ActionResult {
    return this.play(gameId, userId, stamp, (_, seat) => ({ type: 'hold', seat, die }));
  }

  /**
   * Holds (`held` true) or releases a die; nothing happens when it already is so — a double click on a
   * hold button asks for the same state twice.
   */
  setHold(gameId: number, userId: string, die: number, held: boolean, stamp?: string): ActionResult {
    return this.play(gameId, userId, stamp, (state, seat) => {
      const turn = state.players[seat]!.turn;
      return turn.dice && (turn.held[die] ?? false) === held ? null : { type: 'hold', seat, die };
    });
  }

  throwDice(gameId: number, userId: string, stamp?: string): ActionResult {
    return this.play(gameId, userId, stamp, (state, seat) => throwEvent(state, seat, this.rng));
  }

  write(gameId: number, userId: string, column: number, category: Category, stamp?: string): ActionResult {
    return this.play(gameId, userId, stamp, (_, seat) => ({ type: 'write', seat, column, category }));
  }

  predict(gameId: number, userId: string, count: number): ActionResult {
    return this.play(gameId, userId, undefined, (_, seat) => ({ type: 'predict', seat, count }));
  }

  /** Leaves a game for good (their card still scores); in a lobby, the same as leave. */
  quit(gameId: number, userId: string): ActionResult {
    return this.mutate(gameId, (g) => {
      if (g.row.status === 'lobby') {
        const commit = this.leavePlan(g, userId);
        return () => lobbyResult(commit());
      }
      const state = this.requirePlaying(g);
      const seat = this.seatOf(g, userId);
      return this.playCommit(g, state, [() => ({ type: 'leave', seat })], this.now());
    });
  }

  /** Stops a game (or cancels a lobby): the host, or a member who may manage messages. */
  end(gameId: number, userId: string, who: { canManage: boolean }): ActionResult {
    return this.mutate(gameId, (g) => {
      if (g.row.status !== 'lobby' && g.row.status !== 'playing')
        throw new ServiceError('game-over', MESSAGES.gameOver);
      if (userId !== g.row.host_id && !who.canManage) throw new ServiceError('not-host', MESSAGES.notHostOrManager);
      if (g.row.status === 'lobby') {
        const commit = this.cancelCommit(g);
        return () => lobbyResult(commit());
      }
      const state = this.requirePlaying(g);
      return this.playCommit(g, state, [() => ({ type: 'end' })], this.now());
    });
  }

  // ---------- the turn clock ----------

  /**
   * Times out every turn whose deadline has passed (RULES.md "Turn timeout"), and makes one step for each
   * computer player whose next step is due (never a timeout): one result per game.
   */
  expireTurns(now: number = this.now()): ActionResult[] {
    const results: ActionResult[] = [];
    for (const gameId of this.store.dueGameIds(now)) {
      const result = this.expireGame(gameId, now);
      if (result && result.events.length > 0) results.push(result);
    }
    return results;
  }

  private expireGame(gameId: number, now: number): ActionResult | null {
    try {
      return this.mutateOrSkip(gameId, (g) => {
        if (g.row.status !== 'playing' || !g.state) return null;
        const due = dueSeats(g.deadlines, now);
        if (due.length === 0) return null; // another connection moved the game on since we looked
        // A due seat that cannot act gets no event; the commit still drops its deadline, so it is not due forever.
        const bots = botSeats(g.players);
        const makers: EventMaker[] = due.map((seat) => (state) => {
          if (!seatsToAct(state).includes(seat)) return null;
          const difficulty = bots.get(seat);
          return difficulty ? this.botStep(gameId, state, seat, difficulty) : timeoutEvent(state, seat, this.rng);
        });
        return this.playCommit(g, g.state, makers, now);
      });
    } catch (error) {
      // Lost every race to other connections: the game is still due, and the next tick tries again.
      if (error instanceof ServiceError && error.code === 'stale') return null;
      throw error;
    }
  }

  /** One step of a computer player, checked against the engine; a plain legal step if the solver fails. */
  private botStep(gameId: number, state: GameState, seat: number, difficulty: Difficulty): GameEvent[] {
    try {
      const events = botEvents(state, seat, difficulty, this.rng);
      let trial = state;
      for (const event of events) trial = applyEvent(trial, event);
      if (events.length > 0) return events;
      throw new Error('the solver made no move');
    } catch (error) {
      this.onBotError?.(error, { gameId, seat });
      return fallbackBotEvents(state, seat, this.rng);
    }
  }

  /** The solver's best choices for a seat's turn in this game as it stands; null when it has nothing to decide. */
  hint(game: GameView, seat: number): Hint | null {
    return game.state ? hint(game.state, seat) : null;
  }

  /** The earliest stored deadline — a turn's timeout or a computer player's next step — so the bot can set one timer; null when none. */
  nextDeadline(): number | null {
    return this.store.nextDeadline();
  }

  // ---------- message ids ----------

  /** Remembers (or, with null, forgets) the Discord message that shows part of a game. */
  setMessageId(gameId: number, key: string, messageId: string | null): void {
    if (!MESSAGE_KEY.test(key)) throw new ServiceError('bad-message-key', `"${key}" is not a message key.`);
    // Not guarded by `rev`: message ids are not game state, and must not make a racing action conflict.
    if (!this.store.setMessage(gameId, key, messageId)) throw new ServiceError('no-game', MESSAGES.noGame);
  }

  // ---------- the channel (for the Publisher) ----------

  /** Channel work that actions saved and Discord does not have yet, oldest first. */
  pendingChannelWork(gameId: number): OutboxItem[] {
    return this.outbox
      .pending(gameId)
      .map((r) => ({ id: r.id, gameId: r.game_id, work: JSON.parse(r.data) as ChannelWork }));
  }

  /** Discord has it; false when it was delivered already. */
  channelWorkDone(id: number): boolean {
    return this.outbox.remove(id);
  }

  /** Remembers the message under `key` and a digest of what it shows (null: unknown); a null message forgets it. */
  recordShown(gameId: number, key: string, messageId: string | null, digest: string | null): void {
    if (!MESSAGE_KEY.test(key)) throw new ServiceError('bad-message-key', `"${key}" is not a message key.`);
    if (!this.store.setShown(gameId, key, messageId, messageId === null ? null : digest))
      throw new ServiceError('no-game', MESSAGES.noGame);
  }

  /** Several recordShown at once, in one transaction (digests kept in memory, written out together). */
  recordShownAll(entries: ReadonlyArray<{ gameId: number; key: string; messageId: string; digest: string }>): void {
    this.writeTx(() => {
      for (const e of entries) if (MESSAGE_KEY.test(e.key)) this.store.setShown(e.gameId, e.key, e.messageId, e.digest);
    });
  }

  /** Where the game plays (its thread, or the channel), set once; false when it was set already. */
  setPlayChannel(gameId: number, channelId: string): boolean {
    return this.store.setPlayChannel(gameId, channelId);
  }

  /**
   * Discord says the game's channel is gone or closed to the bot: the game ends (a lobby is cancelled) and
   * nothing more is sent there. Null when that was known already.
   */
  channelLost(gameId: number): ActionResult | null {
    return this.mutateOrSkip(gameId, (g): Commit<ActionResult> | null => {
      if (g.row.channel_gone === 1) return null;
      const gone: Partial<GameChanges> = { channel_gone: 1 };
      let commit: Commit<ActionResult>;
      if (g.row.status === 'playing' && g.state)
        commit = this.playCommit(g, g.state, [() => ({ type: 'end' })], this.now(), gone);
      else if (g.row.status === 'lobby') {
        const cancel = this.cancelCommit(g, gone);
        commit = () => lobbyResult(cancel());
      } else {
        commit = () =>
          lobbyResult(this.viewAfter(g, gone, this.save(g, gone), playerViews(g.players), g.state, g.deadlines));
      }
      // Undelivered work for a channel that is gone goes with the game's end, in the same transaction.
      return () => {
        const result = commit();
        this.outbox.removeAll(gameId);
        return result;
      };
    });
  }

  /** Games whose channel may need work: in play, or over in the last day without their results shown. */
  gamesToReconcile(now: number = this.now()): number[] {
    return this.store.gamesToReconcile(now - RECONCILE_FINISHED_MS);
  }

  /** Each seat's latest written cell (Balut's progress message shows it). */
  lastWrites(gameId: number): Map<number, LastWrite> {
    return this.store.lastWrites(gameId);
  }

  /** Whether games in this server play in threads (the default), and changing it. */
  threadsIn(guildId: string): boolean {
    return this.outbox.guildThreads(guildId);
  }
  setThreadsIn(guildId: string, on: boolean): void {
    this.outbox.setGuildThreads(guildId, on);
  }

  // ---------- reads ----------

  game(gameId: number): GameView | null {
    const g = this.load(gameId);
    return g ? gameView(g.row, playerViews(g.players), g.state, g.deadlines) : null;
  }

  /** The lobby or game in play in a channel. */
  openGameInChannel(channelId: string): GameView | null {
    const id = this.store.openGameIdInChannel(channelId);
    return id === null ? null : this.game(id);
  }

  /** The game in play in this channel if the user is in it, else their latest finished or ended game in the guild. */
  lastGameOf(guildId: string, channelId: string, userId: string): GameView | null {
    const open = this.openGameInChannel(channelId);
    if (open && open.status === 'playing' && open.players.some((p) => p.userId === userId)) return open;
    const last = this.store.lastFinishedGameId(userId, guildId);
    return last === null ? null : this.game(last);
  }

  /** One player's card in a game, with its breakdown; null when they have no card there. */
  card(gameId: number, userId: string): CardView | null {
    const view = this.game(gameId);
    const seat = view?.players.find((p) => p.userId === userId)?.seat;
    return view && seat !== undefined ? cardView(view, seat) : null;
  }

  /**
   * A guild's players over its finished games: sorted by wins, then average final score. A player who quit
   * or was removed still played the game (their card scores). Computer players are left out unless asked
   * for, and then counted apart from people: one row per difficulty across all games (userId
   * `bot:<difficulty>`, name e.g. "🤖 Expert bot", isBot true). People's rows are the same either way.
   */
  leaderboard(guildId: string, options: LeaderboardOptions = {}): LeaderboardRow[] {
    const { rows, names } = this.store.leaderboard({
      guild: guildId,
      since: options.since ?? Number.MIN_SAFE_INTEGER,
      bots: options.includeBots ? 1 : 0,
      variant: options.variant ?? null,
    });
    return rows
      .map((r) => {
        const seen = names.get(r.userId);
        const isBot = seen?.isBot ?? false;
        const difficulty = isBot ? botDifficulty(r.userId) : null;
        return {
          userId: r.userId,
          name: difficulty ? botIdentityName(difficulty) : (seen?.name ?? r.userId),
          isBot,
          games: r.games,
          wins: r.wins,
          winRate: r.games > 0 ? r.wins / r.games : 0,
          averageFinal: r.averageFinal,
          bestFinal: r.bestFinal,
          olathesThrown: r.olathesThrown,
          olathesScored: r.olathesScored,
          exactPredictions: r.exactPredictions,
        };
      })
      .sort(
        (a, b) =>
          b.wins - a.wins || b.averageFinal - a.averageFinal || b.games - a.games || (a.userId < b.userId ? -1 : 1),
      );
  }

  /** Every stored event of a game, in order ([] before it started). */
  events(gameId: number): GameEvent[] {
    const g = this.load(gameId);
    if (!g) throw new ServiceError('no-game', MESSAGES.noGame);
    return this.store.events(gameId).map(eventFromRow);
  }

  /**
   * How one player's decisions compared with the solver's over a finished or ended game: the stored events
   * replayed through the analysis. Timed-out turns are not the player's decisions and are skipped.
   */
  analysis(gameId: number, userId: string): Analysis {
    const g = this.load(gameId);
    if (!g) throw new ServiceError('no-game', MESSAGES.noGame);
    const seat = this.seatOf(g, userId);
    if (g.row.status === 'cancelled' || g.row.started_at === null)
      throw new ServiceError('not-finished', MESSAGES.neverPlayed);
    if (g.row.status !== 'finished' && g.row.status !== 'ended')
      throw new ServiceError('not-finished', MESSAGES.notFinished);
    const events = this.store.events(gameId).map(eventFromRow);
    return analyseGame(
      JSON.parse(g.row.options) as GameOptions,
      g.players.map((p) => p.user_id),
      events,
      seat,
    );
  }

  /** The game rebuilt from its stored events alone (null in the lobby): what the snapshot must equal. */
  replay(gameId: number): GameState | null {
    const g = this.load(gameId);
    if (!g || g.row.started_at === null || g.state === null) return null;
    let state = newGame(
      JSON.parse(g.row.options) as GameOptions,
      g.players.map((p) => p.user_id),
    );
    for (const row of this.store.events(gameId)) state = applyEvent(state, eventFromRow(row));
    return state;
  }

  // ---------- how an operation runs ----------

  private load(gameId: number): Loaded | null {
    if (!Number.isSafeInteger(gameId)) return null;
    const found = this.store.gameWithPlayers(gameId);
    if (!found) return null;
    const { row, players } = found;
    return {
      row,
      players,
      state: row.state === null ? null : (JSON.parse(row.state) as GameState),
      deadlines: JSON.parse(row.deadlines) as Deadlines,
    };
  }

  /**
   * Reads the game, lets `plan` check and decide (it throws to refuse), then runs the commit it returns in
   * one write transaction. Losing a race means reading again and deciding again.
   */
  private mutate<T>(gameId: number, plan: (g: Loaded) => Commit<T>): T {
    return this.mutateOrSkip(gameId, plan) as T;
  }

  private mutateOrSkip<T>(gameId: number, plan: (g: Loaded) => Commit<T> | null): T | null {
    for (let attempt = 1; ; attempt++) {
      const g = this.load(gameId);
      if (!g) throw new ServiceError('no-game', MESSAGES.noGame);
      const commit = plan(g);
      if (!commit) return null;
      this.hooks.beforeWrite?.(gameId, attempt);
      try {
        return this.writeTx(commit);
      } catch (error) {
        if (!(error instanceof Conflict) && !isRaceConstraint(error)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw new ServiceError('stale', MESSAGES.stale);
      }
    }
  }

  private step(label: string): void {
    this.hooks.afterStatement?.(label);
  }

  /** Writes the game row if nobody changed it since it was read; its current message ids. */
  private save(g: Loaded, changes: Partial<GameChanges>): string {
    const messages = this.store.saveGame(g.row.id, g.row.rev, changedColumns(g.row, changes));
    if (messages === null) throw new Conflict();
    this.step('save game');
    return messages;
  }

  private play(
    gameId: number,
    userId: string,
    stamp: string | undefined,
    make: (state: GameState, seat: number) => GameEvent | null,
  ): ActionResult {
    return this.mutate(gameId, (g) => {
      const state = this.requirePlaying(g);
      const seat = this.seatOf(g, userId);
      if (stamp !== undefined && stamp !== turnStamp(state.players[seat]!))
        throw new ServiceError('stale', MESSAGES.stale);
      return this.playCommit(g, state, [(s) => make(s, seat)], this.now());
    });
  }

  /** Applies the events (the engine refuses illegal ones here, before any write) and plans their commit. */
  private playCommit(
    g: Loaded,
    state: GameState,
    makers: EventMaker[],
    now: number,
    extra: Partial<GameChanges> = {},
  ): Commit<ActionResult> {
    const steps: Step[] = [];
    let after = state;
    const apply = (event: GameEvent) => {
      const next = applyEvent(after, event);
      steps.push({ before: after, event, after: next });
      after = next;
    };
    for (const make of makers) {
      const made = make(after);
      if (!made) continue;
      for (const event of Array.isArray(made) ? (made as readonly GameEvent[]) : [made as GameEvent]) apply(event);
    }
    // Nobody left to play with: when the last person quits or is removed, the computer players stop too.
    const bots = botSeats(g.players);
    if (
      after.status === 'playing' &&
      steps.length > 0 &&
      bots.size > 0 &&
      after.players.every((p, seat) => p.left || bots.has(seat))
    ) {
      apply({ type: 'end' });
    }
    const over = after.status !== 'playing';
    const acted = new Set(steps.flatMap((s) => ('seat' in s.event ? [s.event.seat] : [])));
    const deadlines = over
      ? {}
      : nextDeadlines(state, after, g.deadlines, now, g.row.turn_timeout_ms, this.pacing(g, acted));
    const changes: Partial<GameChanges> = {
      status: after.status,
      finished_at: over ? now : null,
      version: after.version,
      state: JSON.stringify(after),
      deadlines: JSON.stringify(deadlines),
      next_deadline: earliestDeadline(deadlines),
      ...extra,
    };
    const players = g.players.map((p) => this.playerAfter(p, state, after, steps));
    return () => {
      const messages = this.save(g, changes);
      for (const { before, event, after: next } of steps) {
        this.store.insertEvent(eventRow(g.row.id, now, before, event, next));
        this.step(`insert ${event.type}`);
      }
      players.forEach((p, seat) => {
        const old = g.players[seat]!;
        if (p.prediction !== old.prediction) this.store.setPrediction(g.row.id, seat, p.prediction);
        if (p.left_reason !== old.left_reason && p.left_reason) this.store.setLeft(g.row.id, seat, p.left_reason, now);
      });
      this.step('update players');
      if (over) this.saveResults(g.row.id, after);
      // What the channel must show beyond the state, saved with the move so no crash can lose it.
      const outbox: OutboxItem[] = channelWorkOf(steps).map((work) => ({
        id: this.outbox.insert(g.row.id, work.kind, JSON.stringify(work), now),
        gameId: g.row.id,
        work,
      }));
      this.step('insert outbox');
      const view = this.viewAfter(g, changes, messages, playerViews(players), after, deadlines);
      return {
        view,
        before: state,
        events: steps.map((s) => s.event),
        shouts: shoutsOf(steps, view.players),
        turnEnded: steps.some((s) => endsATurn(s)),
        finished: over,
        outbox,
      };
    };
  }

  private playerAfter(p: PlayerRow, before: GameState, after: GameState, steps: Step[]): PlayerRow {
    const now = after.players[p.seat]!;
    const was = before.players[p.seat]!;
    let left_reason: LeftReason | null = p.left_reason;
    if (now.left && !was.left) {
      left_reason = steps.some((s) => s.event.type === 'leave' && s.event.seat === p.seat) ? 'quit' : 'removed';
    }
    return { ...p, prediction: now.prediction, left_reason };
  }

  /** The ranking, winners, Olathes and predictions of a game that just finished or ended, on its seats. */
  private saveResults(gameId: number, state: GameState): void {
    const results = gameResults(state);
    const fives = this.store.fivesBySeat(gameId);
    for (const s of results.standings) {
      this.store.setResult(gameId, s.seat, {
        final_score: s.breakdown.final,
        raw_total: s.breakdown.rawTotal,
        place: s.place,
        won: results.winners.includes(s.seat) ? 1 : 0,
        olathes_thrown: fives.get(s.seat) ?? 0,
        olathes_scored: s.breakdown.columns.filter((c) => (c.cells.olathe ?? 0) > 0).length,
        exact_prediction: results.exactPredictions.includes(s.seat) ? 1 : 0,
      });
    }
    this.step('save results');
  }

  /** Seats a new player (or bot) in the lobby. */
  private seatCommit(g: Loaded, player: ReturnType<GameService['newPlayer']>): Commit<GameView> {
    return () => {
      const messages = this.save(g, {}); // the rev still moves: a racing join or leave must conflict
      this.store.insertPlayer(player);
      this.step('insert player');
      const players = [...playerViews(g.players), ...playerViews([{ ...player, prediction: null, left_reason: null }])];
      return this.viewAfter(g, {}, messages, players, null);
    };
  }

  private leavePlan(g: Loaded, userId: string): Commit<GameView> {
    const gameId = g.row.id;
    this.requireLobby(g);
    const seat = this.seatOf(g, userId);
    const remaining = g.players.filter((p) => p.seat !== seat);
    // The host is always a person: with only computer players left, the lobby is cancelled.
    const heir = remaining.find((p) => !isBotRow(p))?.user_id;
    const host = userId === g.row.host_id ? (heir ?? userId) : g.row.host_id;
    const empty = heir === undefined;
    const changes: Partial<GameChanges> = {
      host_id: host,
      status: empty ? 'cancelled' : 'lobby',
      finished_at: empty ? this.now() : null,
    };
    return () => {
      const messages = this.save(g, changes);
      this.store.deletePlayer(gameId, seat);
      this.step('delete player');
      // Close the gap, lowest seat first so each move lands on a free seat.
      for (const p of remaining) if (p.seat > seat) this.store.moveSeat(gameId, p.seat, p.seat - 1);
      this.step('renumber seats');
      const players = playerViews(remaining.map((p, i) => ({ ...p, seat: i })));
      return this.viewAfter(g, changes, messages, players, null);
    };
  }

  private cancelCommit(g: Loaded, extra: Partial<GameChanges> = {}): Commit<GameView> {
    const changes: Partial<GameChanges> = { status: 'cancelled', finished_at: this.now(), ...extra };
    return () => {
      const messages = this.save(g, changes);
      return this.viewAfter(g, changes, messages, playerViews(g.players), null);
    };
  }

  private viewAfter(
    g: Loaded,
    changes: Partial<GameChanges>,
    messages: string,
    players: PlayerView[],
    state: GameState | null,
    deadlines: Deadlines = {},
  ): GameView {
    return gameView({ ...g.row, ...changes, rev: g.row.rev + 1, messages }, players, state, deadlines);
  }

  private newPlayer(gameId: number, seat: number, user: UserRef, now: number) {
    return {
      game_id: gameId,
      seat,
      user_id: user.id,
      name: (user.name.trim() || user.id).slice(0, MAX_NAME_LENGTH),
      is_bot: user.isBot ? (1 as const) : (0 as const),
      joined_at: now,
    };
  }

  private requireLobby(g: Loaded): void {
    if (g.row.status === 'lobby') return;
    if (g.row.status === 'playing') throw new ServiceError('not-in-lobby', MESSAGES.notInLobby);
    throw new ServiceError('game-over', MESSAGES.gameOver);
  }

  private requirePlaying(g: Loaded): GameState {
    if (g.row.status === 'lobby') throw new ServiceError('not-started', MESSAGES.notStarted);
    if (g.row.status !== 'playing' || !g.state) throw new ServiceError('game-over', MESSAGES.gameOver);
    return g.state;
  }

  private pacing(g: Loaded, acted: ReadonlySet<number>): BotPacing {
    return { seats: new Set(botSeats(g.players).keys()), stepMs: this.botStepMs, acted };
  }

  private seatOf(g: Loaded, userId: string): number {
    const seat = g.players.find((p) => p.user_id === userId)?.seat;
    if (seat === undefined) throw new ServiceError('not-a-player', MESSAGES.notAPlayer);
    return seat;
  }
}

/** A seat played by the computer: flagged a bot, with a bot user id that names its difficulty. */
function isBotRow(p: Pick<PlayerRow, 'is_bot' | 'user_id'>): boolean {
  return p.is_bot === 1 && botDifficulty(p.user_id) !== null;
}

/** Seat → difficulty of every computer-played seat. */
function botSeats(players: readonly PlayerRow[]): Map<number, Difficulty> {
  const bots = new Map<number, Difficulty>();
  for (const p of players) {
    const difficulty = p.is_bot === 1 ? botDifficulty(p.user_id) : null;
    if (difficulty) bots.set(p.seat, difficulty);
  }
  return bots;
}

function lobbyResult(view: GameView): ActionResult {
  const finished = view.status === 'cancelled';
  return { view, before: null, events: [], shouts: [], turnEnded: false, finished, outbox: [] };
}

/** A write or timeout ends its turn; so does leaving mid-turn, and ending the game. */
function endsATurn({ before, event }: Step): boolean {
  if (event.type === 'write' || event.type === 'timeout' || event.type === 'end') return true;
  return event.type === 'leave' && seatsToAct(before).includes(event.seat);
}

function shoutsOf(steps: Step[], players: PlayerView[]): Shout[] {
  const shouts: Shout[] = [];
  for (const { event } of steps) {
    const dice = thrownDice(event);
    if (dice && isFiveOfAKind(dice) && event.type !== 'end') {
      shouts.push({ seat: event.seat, userId: players[event.seat]?.userId ?? '', dice });
    }
  }
  return shouts;
}
