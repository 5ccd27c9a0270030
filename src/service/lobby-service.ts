// The lobby: opening one, joining, seating and removing computer players, leaving, cancelling, starting, and
// closing one nobody started. A lobby's expiry is its next_deadline, so the turn clock runs it (expireTurns)
// and a restart loses none.
import type { Difficulty } from '../solver/strategy';
import { DIFFICULTIES } from '../solver/strategy';
import type { ClosedReason, GameChanges, NewPlayer } from '../db/rows';
import { startChanges } from './game-start';
import { botDifficulty, botName, botUserId, nextBotNumber } from './bots';
import { MESSAGES, ServiceError } from './errors';
import { DEFAULT_TURN_TIMEOUT_MS, normalOptions, optionsProblem, turnTimeoutProblem } from './options';
import { noRematchReason, offersRematch, rematchPlace } from './rematch';
import type { ActionResult, GameView } from './view';
import { playerViews } from './view';
import { ServiceCore, MAX_PLAYERS, isBotRow, lobbyResult } from './service-core';
import type { Commit, Loaded } from './operation';
import type { OpenLobbyInput, UserRef } from './service-core';

export abstract class LobbyService extends ServiceCore {
  /** A game as the service shows it (GameService reads it). */
  abstract game(gameId: number): Promise<GameView | null>;

  // ---------- the lobby ----------

  async openLobby(input: OpenLobbyInput): Promise<GameView> {
    const problem = optionsProblem(input.options) ?? turnTimeoutProblem(input.turnTimeoutMs ?? DEFAULT_TURN_TIMEOUT_MS);
    if (problem) throw new ServiceError('bad-options', problem);
    if (input.host.isBot || botDifficulty(input.host.id) !== null)
      throw new ServiceError('bad-options', MESSAGES.botHost);
    const options = normalOptions(input.options);
    if ((await this.store.openGameIdInChannel(input.channelId)) !== null)
      throw new ServiceError('channel-busy', MESSAGES.channelBusy);
    const now = this.now();
    await this.hooks.beforeWrite?.(null, 1);
    let id: number;
    try {
      id = await this.writeTx(async (tx) => {
        const gameId = await tx.games.insertGame({
          guild_id: input.guildId,
          channel_id: input.channelId,
          variant: options.variant,
          options,
          turn_timeout_ms: input.turnTimeoutMs ?? DEFAULT_TURN_TIMEOUT_MS,
          host_id: input.host.id,
          created_at: now,
          next_deadline: now + this.lobbyExpiryMs,
          thread_mode: !input.repliesOnly && (input.threads ?? (await tx.outbox.guildThreads(input.guildId))) ? 1 : 0,
          locale: input.locale ?? 'en',
          replies_only: input.repliesOnly ? 1 : 0,
        });
        this.step('insert game');
        await tx.games.insertPlayer(this.newPlayer(gameId, 0, input.host, now));
        this.step('insert host');
        return gameId;
      });
    } catch (error) {
      // The unique index on open games per channel: another /start won the race.
      if (this.storage.isLostRace(error)) throw new ServiceError('channel-busy', MESSAGES.channelBusy);
      throw error;
    }
    return (await this.game(id))!;
  }

  /**
   * A game's Rematch button: a lobby where the game was played, with its options, language and turn timer,
   * everyone who played it seated in their old seats (computer players with their difficulty, and those who
   * left, who can leave the lobby again) and the clicker as host. Only someone who played it may click. A
   * game has one rematch at a time: every click while its lobby is open gets that lobby (`opened` false),
   * two racing clicks too, since the unique index on rematch_of lets one insert win. A rematch lobby that
   * closed unplayed gives way to a new one.
   */
  async rematch(gameId: number, byUserId: string): Promise<{ view: GameView; opened: boolean }> {
    for (let attempt = 1; attempt <= 3; attempt++) {
      const old = await this.load(gameId);
      if (!old) throw new ServiceError('no-game', MESSAGES.noGame);
      // The game as its results show it (a daily challenge's view says it is one): the button and this agree.
      const facts = await this.game(gameId);
      if (!facts) throw new ServiceError('no-game', MESSAGES.noGame);
      if (!offersRematch(facts)) throw new ServiceError('no-rematch', noRematchReason(facts));
      if (!old.players.some((p) => p.user_id === byUserId && !isBotRow(p)))
        throw new ServiceError('not-a-player', MESSAGES.rematchNotAPlayer);
      const earlierId = await this.store.rematchOf(gameId);
      const earlier = earlierId === null ? null : await this.game(earlierId);
      if (earlier?.status === 'lobby') return { view: earlier, opened: false };
      if (earlier?.status === 'playing') throw new ServiceError('no-rematch', MESSAGES.rematchStarted);
      if (earlier && earlier.status !== 'cancelled') throw new ServiceError('no-rematch', MESSAGES.rematchPlayed);
      const place = rematchPlace(old.row);
      const busy = await this.store.openGameIdInChannel(place.channelId);
      if (busy !== null) {
        // A racing click may have opened this game's rematch since it was looked for: that is the open game.
        if (busy === (await this.store.rematchOf(gameId))) continue;
        throw new ServiceError('channel-busy', MESSAGES.rematchChannelBusy);
      }
      const options = old.row.options;
      const problem = optionsProblem(options);
      if (problem) throw new ServiceError('bad-options', problem);
      const now = this.now();
      await this.hooks.beforeWrite?.(null, attempt);
      try {
        const id = await this.writeTx(async (tx) => {
          if (earlier) await tx.games.detachRematch(earlier.id);
          const newId = await tx.games.insertGame({
            guild_id: old.row.guild_id,
            channel_id: place.channelId,
            variant: options.variant,
            options,
            turn_timeout_ms: old.row.turn_timeout_ms,
            host_id: byUserId,
            created_at: now,
            next_deadline: now + this.lobbyExpiryMs,
            thread_mode: place.threadMode,
            locale: old.row.locale,
            rematch_of: gameId,
            replies_only: old.row.replies_only,
          });
          this.step('insert game');
          for (const p of old.players)
            await tx.games.insertPlayer(
              this.newPlayer(newId, p.seat, { id: p.user_id, name: p.name, isBot: isBotRow(p) }, now),
            );
          this.step('insert players');
          return newId;
        });
        return { view: (await this.game(id))!, opened: true };
      } catch (error) {
        // Another click opened the rematch first (rematch_of), or another game took the channel: read again.
        if (!this.storage.isLostRace(error)) throw error;
      }
    }
    throw new ServiceError('busy', MESSAGES.busy);
  }

  join(gameId: number, user: UserRef): Promise<GameView> {
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (g.players.some((p) => p.user_id === user.id))
        throw new ServiceError('already-joined', MESSAGES.alreadyJoined);
      if (g.players.length >= MAX_PLAYERS) throw new ServiceError('lobby-full', MESSAGES.lobbyFull);
      return this.seatCommit(g, this.newPlayer(gameId, g.players.length, user, this.now()));
    });
  }

  /**
   * The host seats a computer player in the lobby: user id `bot:<difficulty>:<k>` (k the smallest free among
   * the game's bots of that difficulty), named e.g. "🤖 Turing (expert)". It plays by itself once the game
   * starts (see expireTurns).
   */
  async addBot(gameId: number, byUserId: string, difficulty: Difficulty): Promise<GameView> {
    if (!DIFFICULTIES.includes(difficulty)) throw new ServiceError('bad-options', MESSAGES.badDifficulty);
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (byUserId !== g.row.host_id) throw new ServiceError('not-host', MESSAGES.notHost);
      if (g.players.length >= MAX_PLAYERS) throw new ServiceError('lobby-full', MESSAGES.lobbyFull);
      const k = nextBotNumber(
        g.players.map((p) => p.user_id),
        difficulty,
      );
      const bot: UserRef = { id: botUserId(difficulty, k), name: botName(difficulty, k), isBot: true };
      return this.seatCommit(g, this.newPlayer(gameId, g.players.length, bot, this.now()));
    });
  }

  /** The host takes a computer player out of the lobby. */
  removeBot(gameId: number, byUserId: string, botId: string): Promise<GameView> {
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
  leave(gameId: number, userId: string): Promise<GameView> {
    return this.mutate(gameId, (g) => this.leavePlan(g, userId));
  }

  /** The host cancels a lobby that has not started. */
  cancel(gameId: number, userId: string): Promise<GameView> {
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (userId !== g.row.host_id) throw new ServiceError('not-host', MESSAGES.notHost);
      return this.cancelCommit(g);
    });
  }

  /** Closes the lobby if nobody started it by its deadline (the clock calls this); null when it is not due. */
  protected expireLobby(g: Loaded, now: number): Commit<ActionResult> | null {
    if (g.row.status !== 'lobby' || g.row.next_deadline === null || g.row.next_deadline > now) return null;
    const commit = this.cancelCommit(g, { finished_at: now }, 'expired');
    return async (tx) => lobbyResult(await commit(tx));
  }

  /**
   * Starts the game. It plays in a thread started from the lobby message when the lobby asked for one and
   * `threadAllowed` is not false (the bot may lack the permission), else in the channel itself.
   */
  start(gameId: number, userId: string, opts: { threadAllowed?: boolean } = {}): Promise<GameView> {
    return this.mutate(gameId, (g) => {
      this.requireLobby(g);
      if (userId !== g.row.host_id) throw new ServiceError('not-host', MESSAGES.notHost);
      const now = this.now();
      const started = startChanges(g.row.options, g.players, now, g.row.turn_timeout_ms, this.botStepMs);
      const { state, deadlines } = started;
      const changes: Partial<GameChanges> = {
        ...started.changes,
        // A thread's id is known once the Publisher has made it.
        play_channel_id: g.row.thread_mode === 1 && opts.threadAllowed !== false ? null : g.row.channel_id,
      };
      return async (tx) => {
        const messages = await this.save(tx, g, changes);
        return this.viewAfter(g, changes, messages, playerViews(g.players), state, deadlines);
      };
    });
  }

  /** Seats a new player (or bot) in the lobby. */
  protected seatCommit(g: Loaded, player: NewPlayer): Commit<GameView> {
    return async (tx) => {
      const messages = await this.save(tx, g, {}); // the rev still moves: a racing join or leave must conflict
      await tx.games.insertPlayer(player);
      this.step('insert player');
      const players = [...playerViews(g.players), ...playerViews([{ ...player, prediction: null, left_reason: null }])];
      return this.viewAfter(g, {}, messages, players, null);
    };
  }

  protected leavePlan(g: Loaded, userId: string): Commit<GameView> {
    const gameId = g.row.id;
    this.requireLobby(g);
    const seat = this.seatOf(g, userId);
    const remaining = g.players.filter((p) => p.seat !== seat);
    // The host is always a person: with only computer players left, the lobby is cancelled.
    const heir = remaining.find((p) => !isBotRow(p))?.user_id;
    const hostLeaves = userId === g.row.host_id;
    const host = hostLeaves ? (heir ?? userId) : g.row.host_id;
    const empty = heir === undefined;
    const changes: Partial<GameChanges> = {
      host_id: host,
      status: empty ? 'cancelled' : 'lobby',
      finished_at: empty ? this.now() : null,
      ...(empty ? { closed_reason: 'empty' as const, next_deadline: null } : {}),
      // The lobby says who handed it on, so the players know why someone else may start it now.
      ...(hostLeaves && !empty ? { host_left: g.players.find((p) => p.seat === seat)!.name } : {}),
    };
    return async (tx) => {
      const messages = await this.save(tx, g, changes);
      await tx.games.deletePlayer(gameId, seat);
      this.step('delete player');
      // Close the gap, lowest seat first so each move lands on a free seat.
      for (const p of remaining) if (p.seat > seat) await tx.games.moveSeat(gameId, p.seat, p.seat - 1);
      this.step('renumber seats');
      const players = playerViews(remaining.map((p, i) => ({ ...p, seat: i })));
      return this.viewAfter(g, changes, messages, players, null);
    };
  }

  protected cancelCommit(
    g: Loaded,
    extra: Partial<GameChanges> = {},
    reason: ClosedReason = 'cancelled',
  ): Commit<GameView> {
    const changes: Partial<GameChanges> = {
      status: 'cancelled',
      finished_at: this.now(),
      closed_reason: reason,
      next_deadline: null,
      ...extra,
    };
    return async (tx) => {
      const messages = await this.save(tx, g, changes);
      return this.viewAfter(g, changes, messages, playerViews(g.players), null);
    };
  }
}
