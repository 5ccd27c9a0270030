// Every player action, Discord-free: GameService is the one way in. Its parts, each a layer of the one
// below: service-core.ts (how an operation reads, decides and writes), lobby-service.ts (the lobby),
// turn-service.ts (turns, the clock, computer players), and here the channel's ledger and the reads.
import type { GameEvent, GameOptions, GameState } from '../game';
import { applyEvent, newGame } from '../game';
import type { Analysis, Hint } from '../solver/advice';
import { analyseGame, hint } from '../solver/advice';
import type { GameChanges } from '../db/rows';
import type { Stores } from '../db/storage';
import type { ChannelWork, OutboxItem } from './channel-work';
import { MESSAGES, ServiceError } from './errors';
import type { ActionResult, CardView, GameView, LastWrite, LeaderboardRow } from './view';
import { cardView, gameView, playerViews } from './view';
import { lobbyResult, RECONCILE_FINISHED_MS, MESSAGE_KEY } from './service-core';
import type { Commit } from './operation';
import type { HeadToHead, LeaderboardOptions, PlayerStats } from './stats';
import { headToHead, leaderboard, playerStats } from './stats';
import { DailyService } from './daily-service';
import { RatingReads } from './rating-reads';
import { RatingBoards } from './rating-boards';
import { SeasonPosts } from './season-posts';
import { gameRatings } from './game-ratings';
import { TournamentService } from './tournament-service';

export { ServiceError, isServiceError } from './errors';
export type { ServiceErrorCode } from './errors';
export { turnStamp } from './stamp';
export type {
  ActionResult,
  CardView,
  GameRatings,
  GameView,
  GameViewStatus,
  LeaderboardRow,
  LastWrite,
  PlayerView,
  Shout,
} from './view';
export type { ChannelWork, LogWork, OutboxItem, ShoutWork } from './channel-work';
export { DEFAULT_LOBBY_EXPIRY_MS, DEFAULT_TURN_TIMEOUT_MS } from './options';
export { BOT_NAMES, DEFAULT_BOT_STEP_MS, botDifficulty, botIdentity, botIdentityName, botName } from './bots';
export type { Difficulty } from '../solver/strategy';
export type { RatingChange, ShownRating } from '../rating';
export type { PersonRatingView, RatingBoardEntry } from './rating-reads';
export type { RatedBoard, RatedRow } from './rating-boards';
export { RATING_BOARD_SIZE, nextSeasonStart, parseSeason, previousSeason } from './rating-boards';
export type { Podium, PodiumPerson, SeasonPost } from './season-posts';
export type {
  CreateTournamentInput,
  TournamentActor,
  TournamentService,
  TournamentStarted,
} from './tournament-service';
export type { TournamentView, WantedEventStatus } from './tournament-view';
export type { Analysis, AnalysedDecision, DecisionMove, Hint, HintChoice } from '../solver/advice';
// The Discord layer reaches the solver only through the service: these are the solver's words it shows.
export { DIFFICULTIES } from '../solver/strategy';
export { ACCURACY_TOLERANCE } from '../solver/advice';
export { MAX_PLAYERS } from './service-core';
export { NO_SERVER } from './view';
export { DAILY_BOARD_SIZE } from './daily-service';
export type { DailyBoard, DailyResult, DailyStartInput } from './daily-service';
export type { OpenLobbyInput, ServiceHooks, ServiceOptions, UserRef } from './service-core';
export type {
  HeadToHead,
  HeadToHeadRecord,
  IncentiveName,
  LeaderboardOptions,
  LeaderboardPeriod,
  PlayerStats,
  VariantRecord,
} from './stats';
export { INCENTIVES, PERIOD_MS } from './stats';
export type { ShardSlice } from '../db/rows';
export type { Storage } from '../db/storage';

export class GameService extends DailyService {
  /** The ratings' reads: boards by rating, a person's rating and history, a season's board. */
  readonly ratings: RatingReads = new RatingReads(this.storage, this.now);
  /** The leaderboard by rating: a server's boards now and by season. */
  readonly boards: RatingBoards = new RatingBoards(this.storage, this.now);
  /** The season podium's posts and the servers' announcements channels. */
  readonly seasonPosts: SeasonPosts = new SeasonPosts(this.storage, this.now);
  /** Tournaments (club nights): sign-up, rounds of tables played as games, standings (tournament-service.ts). */
  readonly tournaments: TournamentService = new TournamentService(this.storage, {
    now: this.now,
    botStepMs: this.botStepMs,
    hooks: this.hooks,
  });

  /** A table's end changed its tournament: told once the game's commit is. */
  protected override gameChanged(gameId: number): void {
    super.gameChanged(gameId);
    const tournament = this.tournamentNews.get(gameId);
    if (tournament === undefined) return;
    this.tournamentNews.delete(gameId);
    this.tournaments.changed(tournament);
  }

  /** The solver's best choices for a seat's turn in this game as it stands; null when it has nothing to decide. */
  hint(game: GameView, seat: number): Hint | null {
    return game.state ? hint(game.state, seat) : null;
  }

  // ---------- the channel (for the Publisher) ----------

  /** Channel work that actions saved and Discord does not have yet, oldest first. */
  async pendingChannelWork(gameId: number): Promise<OutboxItem[]> {
    return this.outbox.pending<ChannelWork>(gameId);
  }

  /** Discord has it; false when it was delivered already. */
  channelWorkDone(id: number): Promise<boolean> {
    return this.outbox.remove(id);
  }

  /**
   * A turn's log line took the place of its turn message (`key`): the outbox item is done and the message
   * forgotten, in one transaction, so no pass sees one without the other. With `onlyIfPending` (a click's
   * update delivered it) the message is forgotten only when this call removed the item; otherwise (a pass
   * edited or posted it) always. True when this call removed the item.
   */
  async logLineShown(gameId: number, workId: number, key: string, onlyIfPending: boolean): Promise<boolean> {
    if (!MESSAGE_KEY.test(key)) throw new ServiceError('bad-message-key', `"${key}" is not a message key.`);
    return this.writeTx(async (tx) => {
      const removed = await tx.outbox.remove(workId);
      if (removed || !onlyIfPending) await tx.games.setShown(gameId, key, null, null);
      return removed;
    });
  }

  /**
   * Remembers the message under `key` and a digest of what it shows (null: unknown); a null message forgets it.
   * Not guarded by `rev`: message ids are not game state, and must not make a racing action conflict.
   */
  async recordShown(gameId: number, key: string, messageId: string | null, digest: string | null): Promise<void> {
    if (!MESSAGE_KEY.test(key)) throw new ServiceError('bad-message-key', `"${key}" is not a message key.`);
    if (!(await this.store.setShown(gameId, key, messageId, messageId === null ? null : digest)))
      throw new ServiceError('no-game', MESSAGES.noGame);
  }

  /** Several recordShown at once, in one transaction (digests kept in memory, written out together). */
  async recordShownAll(
    entries: ReadonlyArray<{ gameId: number; key: string; messageId: string; digest: string }>,
  ): Promise<void> {
    await this.writeTx(async (tx) => {
      for (const e of entries)
        if (MESSAGE_KEY.test(e.key)) await tx.games.setShown(e.gameId, e.key, e.messageId, e.digest);
    });
  }

  /** Where the game plays (its thread, or the channel), set once; false when it was set already. */
  setPlayChannel(gameId: number, channelId: string): Promise<boolean> {
    return this.store.setPlayChannel(gameId, channelId);
  }

  /**
   * Discord says the game's channel is gone or closed to the bot: the game ends (a lobby is cancelled) and
   * nothing more is sent there. Null when that was known already.
   */
  channelLost(gameId: number): Promise<ActionResult | null> {
    return this.mutateOrSkip(gameId, (g): Commit<ActionResult> | null => {
      if (g.row.channel_gone === 1) return null;
      const gone: Partial<GameChanges> = { channel_gone: 1 };
      let commit: Commit<ActionResult>;
      if (g.row.status === 'playing' && g.state)
        commit = this.playCommit(g, g.state, [() => ({ type: 'end' })], this.now(), gone);
      else if (g.row.status === 'lobby') {
        const cancel = this.cancelCommit(g, gone);
        commit = async (tx) => lobbyResult(await cancel(tx));
      } else {
        commit = async (tx) =>
          lobbyResult(
            this.viewAfter(g, gone, await this.save(tx, g, gone), playerViews(g.players), g.state, g.deadlines),
          );
      }
      // Undelivered work for a channel that is gone goes with the game's end, in the same transaction.
      return async (tx) => {
        const result = await commit(tx);
        await tx.outbox.removeAll(gameId);
        return result;
      };
    });
  }

  /** Games whose channel may need work: in play, or over in the last day without their results shown. */
  gamesToReconcile(now: number = this.now()): Promise<number[]> {
    return this.store.gamesToReconcile(now - RECONCILE_FINISHED_MS);
  }

  /** Each seat's latest written cell (Balut's progress message shows it). */
  lastWrites(gameId: number): Promise<Map<number, LastWrite>> {
    return this.store.lastWrites(gameId);
  }

  /** Whether games in this server play in threads (the default), and changing it. */
  threadsIn(guildId: string): Promise<boolean> {
    return this.outbox.guildThreads(guildId);
  }
  setThreadsIn(guildId: string, on: boolean): Promise<void> {
    return this.outbox.setGuildThreads(guildId, on);
  }

  // ---------- reads ----------

  game(gameId: number): Promise<GameView | null> {
    return this.viewOf(this.storage, gameId);
  }

  /**
   * What the Publisher draws a game's channel from, read at one instant: the game, its pending channel work
   * and (Balut) each seat's latest written cell. Read apart, a click's write could land between them, and the
   * channel would be drawn from a mix of before and after.
   */
  channelState(
    gameId: number,
  ): Promise<{ game: GameView; work: OutboxItem[]; lastWrites: Map<number, LastWrite> } | null> {
    return this.storage.snapshot(async (s) => {
      const game = await this.viewOf(s, gameId);
      if (!game) return null;
      const work = await s.outbox.pending<ChannelWork>(gameId);
      const balut = game.options.variant === 'balut' && game.state !== null;
      return { game, work, lastWrites: balut ? await s.games.lastWrites(gameId) : new Map<number, LastWrite>() };
    });
  }

  private async viewOf(s: Stores, gameId: number): Promise<GameView | null> {
    const g = await this.load(gameId, s.games);
    if (!g) return null;
    const view = gameView(g.row, playerViews(g.players), g.state, g.deadlines);
    if (g.row.status !== 'finished' && g.row.status !== 'ended') return view;
    // A daily game's result (rank, solver's score) is saved with the move that ended it: part of the game.
    if (g.row.daily_day !== null) {
      const daily = await s.daily.result(gameId);
      return daily ? { ...view, daily } : view;
    }
    // So are a rated game's ratings. A daily game is never rated, nor a game of one seat: no read for those.
    const ratings = g.players.length > 1 ? gameRatings(await s.ratings.ofGame(gameId), g.players, g.row.variant) : null;
    return ratings ? { ...view, ratings } : view;
  }

  /** The lobby or game in play in a channel. */
  /** Every game in its lobby or in play, in every channel, oldest first. */
  openGameIds(): Promise<number[]> {
    return this.store.openGameIds();
  }

  async openGameInChannel(channelId: string): Promise<GameView | null> {
    const id = await this.store.openGameIdInChannel(channelId);
    return id === null ? null : this.game(id);
  }

  /** The game in play in this channel if the user is in it, else their latest finished or ended game in the guild. */
  async lastGameOf(guildId: string, channelId: string, userId: string): Promise<GameView | null> {
    const open = await this.openGameInChannel(channelId);
    if (open && open.status === 'playing' && open.players.some((p) => p.userId === userId)) return open;
    const last = await this.store.lastFinishedGameId(userId, guildId);
    return last === null ? null : this.game(last);
  }

  /** One player's card in a game, with its breakdown; null when they have no card there. */
  async card(gameId: number, userId: string): Promise<CardView | null> {
    const view = await this.game(gameId);
    const seat = view?.players.find((p) => p.userId === userId)?.seat;
    return view && seat !== undefined ? cardView(view, seat) : null;
  }

  /** A guild's players, ranked (stats.ts): all time from the kept totals, or over the last week or month. */
  leaderboard(guildId: string, options: LeaderboardOptions = {}): Promise<LeaderboardRow[]> {
    return leaderboard(this.stats, guildId, options, this.now());
  }

  /** One person's record in a guild (games, wins, points, incentives, streaks, rank); null with no game there. */
  playerStats(guildId: string, userId: string): Promise<PlayerStats | null> {
    return playerStats(this.stats, guildId, userId);
  }

  /** Two people's finished games together in a guild, and who placed above whom. */
  headToHead(guildId: string, userId: string, otherId: string): Promise<HeadToHead> {
    return headToHead(this.stats, guildId, userId, otherId);
  }

  /** Every stored event of a game, in order ([] before it started). */
  async events(gameId: number): Promise<GameEvent[]> {
    const g = await this.load(gameId);
    if (!g) throw new ServiceError('no-game', MESSAGES.noGame);
    return this.store.events(gameId);
  }

  /**
   * How one player's decisions compared with the solver's over a finished or ended game: the stored events
   * replayed through the analysis. Timed-out turns are not the player's decisions and are skipped.
   */
  /** The solver's review of a player's decisions in an ended game, with the game's options to name its cells. */
  async analysis(gameId: number, userId: string): Promise<Analysis & { options: GameOptions }> {
    const g = await this.load(gameId);
    if (!g) throw new ServiceError('no-game', MESSAGES.noGame);
    const seat = this.seatOf(g, userId);
    if (g.row.status === 'cancelled' || g.row.started_at === null)
      throw new ServiceError('not-finished', MESSAGES.neverPlayed);
    if (g.row.status !== 'finished' && g.row.status !== 'ended')
      throw new ServiceError('not-finished', MESSAGES.notFinished);
    const events = await this.store.events(gameId);
    const analysis = analyseGame(
      g.row.options,
      g.players.map((p) => p.user_id),
      events,
      seat,
    );
    return { ...analysis, options: g.row.options };
  }

  /** The game rebuilt from its stored events alone (null in the lobby): what the snapshot must equal. */
  async replay(gameId: number): Promise<GameState | null> {
    const g = await this.load(gameId);
    if (!g || g.row.started_at === null || g.state === null) return null;
    let state = newGame(
      g.row.options,
      g.players.map((p) => p.user_id),
    );
    for (const event of await this.store.events(gameId)) state = applyEvent(state, event);
    return state;
  }
}
