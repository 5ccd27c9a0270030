// The daily challenge: `startDaily` opens a solo game that is in play at once, and records the player's
// attempt for the day (UTC) in the same transaction, where the attempts table's key refuses a second one. A
// daily game's throws take the day's dice (daily-dice.ts, keyed by the server's secret) instead of the fair
// source; when the game is over — played out, or abandoned with what its card has — its result and its rank
// at that moment are saved with the move that ended it, so its results message is drawn from the saved game.
import { randomBytes } from 'node:crypto';
import type { GameState, Rng } from '../game';
import { gameResults, newGame } from '../game';
import type { KeyedHash } from '../game';
import { dailyRng } from '../game';
import type { BoardSqlRow, DailyResultRow } from '../db/rows';
import type { DailyStore, Storage, Stores } from '../db/storage';
import { DAILY_OPTIONS, dailyHash, solverDaily, utcDay } from './daily';
import { earliestDeadline, nextDeadlines } from './deadlines';
import { botDifficulty } from './bots';
import { MESSAGES, ServiceError } from './errors';
import { DEFAULT_TURN_TIMEOUT_MS } from './options';
import type { Loaded } from './operation';
import type { RatingChange } from '../rating';
import type { ServiceOptions, UserRef } from './service-core';
import { ClockService } from './clock-service';
import type { GameView } from './view';

export type { DailyResultRow as DailyResult } from '../db/rows';

/** How many rows a board shows. */
export const DAILY_BOARD_SIZE = 15;

export interface DailyStartInput {
  guildId: string;
  /** Where the game plays: a thread of its own, or a channel with no game open. */
  channelId: string;
  user: UserRef;
  /** The language of the game's channel messages; English when not given. */
  locale?: string;
  /** Where the bot is not a member: shown only through interaction replies. */
  repliesOnly?: boolean;
}

/** A day's board, in one server or the world: the best finished attempts, and where the asker stands. */
export interface DailyBoard {
  day: string;
  rows: BoardSqlRow[];
  /** Finished attempts in this scope. */
  total: number;
  /** The asker's row, when they finished today's game here. */
  own: BoardSqlRow | null;
  /** The asker has an attempt today (finished or in play), and whether it is over (anywhere). */
  played: boolean;
  finished: boolean;
  /** The expert solver on the day's dice: shown to those who finished the day's game only. */
  solver: { final: number; raw: number } | null;
}

export abstract class DailyService extends ClockService {
  protected readonly dailyStore: DailyStore;
  /** HMAC-SHA256 under the secret; the secret itself is kept nowhere else. */
  private readonly dailyDice: KeyedHash;

  constructor(storage: Storage, options: ServiceOptions = {}) {
    super(storage, options);
    this.dailyStore = storage.daily;
    this.dailyDice = dailyHash(options.dailySecret ?? randomBytes(32).toString('hex'));
  }

  /** The day whose challenge is played now (UTC, at the service's clock). */
  dailyDay(): string {
    return utcDay(this.now());
  }

  /** Refuses a player who has played today's challenge already (before anything is made for a new one). */
  async checkDailyOpen(userId: string): Promise<void> {
    if ((await this.dailyStore.attempt(userId, this.dailyDay())) !== null)
      throw new ServiceError('daily-played', MESSAGES.dailyPlayed);
  }

  /**
   * Starts the player's daily game in `channelId`, in play at once: no lobby, one seat, today's options. The
   * attempt is written in the same transaction, and the key of the attempts table refuses a second one.
   */
  async startDaily(input: DailyStartInput): Promise<GameView> {
    const { user } = input;
    if (user.isBot || botDifficulty(user.id) !== null) throw new ServiceError('bad-options', MESSAGES.botHost);
    const now = this.now();
    const day = utcDay(now);
    await this.checkDailyOpen(user.id);
    if ((await this.store.openGameIdInChannel(input.channelId)) !== null) {
      // The open game may be this player's own daily, started by a racing /olathe daily since the check above.
      await this.checkDailyOpen(user.id);
      throw new ServiceError('channel-busy', MESSAGES.channelBusy);
    }
    // Once a day, before the game's transaction: the solver's game takes a few tens of milliseconds.
    if ((await this.dailyStore.solver(day)) === null)
      await this.dailyStore.saveSolver(day, solverDaily(this.dailyDice, day), now);
    const state = newGame(DAILY_OPTIONS, [user.id]);
    const turnMs = DEFAULT_TURN_TIMEOUT_MS;
    const deadlines = nextDeadlines(null, state, {}, now, turnMs);
    await this.hooks.beforeWrite?.(null, 1);
    let id: number;
    try {
      id = await this.writeTx(async (tx) => {
        if ((await tx.daily.attempt(user.id, day)) !== null)
          throw new ServiceError('daily-played', MESSAGES.dailyPlayed);
        const gameId = await tx.games.insertGame({
          guild_id: input.guildId,
          channel_id: input.channelId,
          variant: DAILY_OPTIONS.variant,
          options: DAILY_OPTIONS,
          turn_timeout_ms: turnMs,
          host_id: user.id,
          created_at: now,
          next_deadline: earliestDeadline(deadlines) ?? now,
          thread_mode: 0,
          locale: input.locale ?? 'en',
          replies_only: input.repliesOnly ? 1 : 0,
        });
        this.step('insert game');
        await tx.games.insertPlayer(this.newPlayer(gameId, 0, user, now));
        this.step('insert player');
        await tx.games.saveGame(gameId, 0, {
          status: 'playing',
          started_at: now,
          version: state.version,
          state,
          deadlines,
          next_deadline: earliestDeadline(deadlines),
          play_channel_id: input.channelId,
        });
        this.step('start game');
        await tx.daily.insertAttempt({
          user_id: user.id,
          day,
          game_id: gameId,
          guild_id: input.guildId,
          started_at: now,
        });
        this.step('insert daily attempt');
        return gameId;
      });
    } catch (error) {
      // A racing start: the attempt's key (a second /olathe daily) or the channel's one open game.
      if (this.storage.isLostRace(error)) {
        if ((await this.dailyStore.attempt(user.id, day)) !== null)
          throw new ServiceError('daily-played', MESSAGES.dailyPlayed);
        throw new ServiceError('channel-busy', MESSAGES.channelBusy);
      }
      throw error;
    }
    return (await this.game(id))!;
  }

  /** A daily game's saved result (null for another game, or one still in play). */
  dailyResult(gameId: number): Promise<DailyResultRow | null> {
    return this.dailyStore.result(gameId);
  }

  /** Today's board in one server (`guildId`) or the world (null), with where `userId` stands. */
  async dailyBoard(guildId: string | null, userId: string, size = DAILY_BOARD_SIZE): Promise<DailyBoard> {
    const day = this.dailyDay();
    const own = await this.dailyStore.own(day, guildId, userId);
    // Finished anywhere today: the solver's score no longer gives anything away.
    const finished = (await this.dailyStore.own(day, null, userId)) !== null;
    return {
      day,
      rows: await this.dailyStore.board(day, guildId, size),
      total: await this.dailyStore.count(day, guildId),
      own,
      played: (await this.dailyStore.attempt(userId, day)) !== null,
      finished,
      solver: finished ? await this.dailyStore.solver(day) : null,
    };
  }

  /** A daily game throws the day's dice, at each die's place in the game; any other the fair (or test) source. */
  protected diceFor(g: Loaded, state: GameState, seat: number): Rng {
    const day = g.row.daily_day;
    return day === null ? this.rng : dailyRng(this.dailyDice, day, state, seat);
  }

  /** When a daily game is over, its result and rank today go with the move that ended it. */
  protected override async saveResults(tx: Stores, g: Loaded, state: GameState, now: number): Promise<RatingChange[]> {
    const ratings = await super.saveResults(tx, g, state, now);
    const gameId = g.row.id;
    // One UPDATE that changes nothing for any other game: no read of its own.
    const { breakdown } = gameResults(state).standings[0]!;
    if (await tx.daily.finish(gameId, { final: breakdown.final, raw: breakdown.rawTotal, at: this.now() }))
      this.step('save daily result');
    return ratings;
  }
}
