// The one Publisher: brings each game's channel in line with what is saved. Passes over one game run one
// after another (channel-sync.ts does a pass), games in parallel. It runs a pass after every action a click
// could not show by itself, for timers and computer players, at start-up and every minute for every game
// in play. Failures: network, 5xx and 429 are tried again with capped backoff; a channel that is gone ends
// its game; other refusals are logged and left to the next reconcile.
import type { ActionResult } from '../service/game-service';
import type { BotServices } from './bot-services';
import type { ClickedMessage } from './channel-view';
import { clickedMessage, digestOf } from './channel-view';
import { ChannelRest } from './channel-rest';
import { ChannelSync } from './channel-sync';
import { ClickRecords } from './click-records';
import { GameQueue } from '../service/game-queue';
import { classify, describeFailure, isNetworkFailure } from './discord-errors';
import type { TokenSource } from './reply-rest';
import { NoReplyToken, ReplyRest } from './reply-rest';
import { TournamentSync } from './tournament-sync';
import { Passes } from './passes';

export interface PublisherOptions {
  reconcileEveryMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** Refusals (a 4xx that is not about the channel) in a row before a game waits for the next reconcile. */
const MAX_REFUSED = 5;

export class Publisher {
  private readonly passes = new Passes(
    (gameId) => this.pass(gameId),
    () => this.stopped,
  );
  private readonly retries = new Map<number, NodeJS.Timeout>();
  /** Failed passes in a row per game, for the backoff; forgotten after a pass that succeeds. */
  private readonly attempts = new Map<number, number>();
  /** Games whose next pass also checks that each shown message still exists. */
  private readonly verify = new Set<number>();
  private readonly clicks: ClickRecords;
  /**
   * Each game's click records, written in the order the clicks came. On a pool of connections two writes may
   * commit in either order: a hold's record of its message landing after the write that turned the message
   * into its log line would bring the message back, and a pass would draw the log line over as an ended turn.
   */
  private readonly clickWrites = new GameQueue();
  private readonly sync: ChannelSync;
  /** Tournaments' channels and scheduled events, one pass per tournament at a time. */
  private readonly tournaments: TournamentSync;
  /** The routes, through interaction tokens, of games where the bot is not a member. */
  private readonly replies: ReplyRest;
  private reconcileTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Stopping: no new reconcile or retry, but passes run until stop's grace is over. */
  private draining = false;
  private readonly reconcileEveryMs: number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;

  constructor(
    private readonly ctx: BotServices,
    options: PublisherOptions = {},
  ) {
    this.reconcileEveryMs = options.reconcileEveryMs ?? 60_000;
    this.firstRetryMs = options.firstRetryMs ?? 1000;
    this.maxRetryMs = options.maxRetryMs ?? 60_000;
    this.clicks = new ClickRecords(ctx.service, (error) =>
      ctx.log.error('could not record what clicks showed', { error }),
    );
    this.replies = new ReplyRest(ctx.rest);
    this.sync = new ChannelSync(ctx.service, ctx.log, new ChannelRest(ctx.rest), this.clicks, undefined, this.replies);
    this.tournaments = new TournamentSync(ctx.service, ctx.log, ctx.rest, new ChannelRest(ctx.rest), (id) =>
      this.kick(id),
    );
    // A commit that changed a tournament (a join, a round seated by the clock, a table's end) is drawn at once.
    ctx.service.tournaments.onChanged((id) => void this.tournaments.kick(id));
  }

  /**
   * An interaction where the bot is not a member: once acknowledged, its token can show that channel's games
   * for a while (offered before its handler runs, so the passes the handler starts can use it).
   */
  tokenArrived(interaction: TokenSource): void {
    this.replies.offer(interaction);
  }

  /** That interaction was handled: the channel's games that waited for a token are brought in line now. */
  tokenAnswered(interaction: Pick<TokenSource, 'channelId'>): void {
    for (const gameId of this.replies.answered(interaction.channelId)) void this.kick(gameId);
  }

  /**
   * Reconciles every game now, then every minute. Resolves when the first reconcile is done; that one
   * shows what the channel missed and leaves looking up each message to the next.
   */
  async start(): Promise<void> {
    const tick = async (verify: boolean) => {
      if (this.draining) return;
      try {
        await this.reconcile({ verify });
      } catch (error) {
        this.ctx.log.error('reconcile failed', { error });
      }
      if (!this.draining) this.reconcileTimer = setTimeout(() => void tick(true), this.reconcileEveryMs);
    };
    await tick(false);
  }

  /**
   * Every game that may need the channel: its work drained and its messages compared. With `verify`, each
   * turn message or card a player may still click is also looked up, since the bot is not told when a
   * moderator deletes one (it asks for no message events).
   */
  async reconcile(options: { verify?: boolean } = {}): Promise<{ games: number; ms: number }> {
    const started = performance.now();
    const ids = await this.ctx.service.gamesToReconcile();
    if (options.verify) for (const id of ids) this.verify.add(id);
    const tournaments = await this.ctx.service.tournaments.toSync(Date.now());
    await Promise.all([...ids.map((id) => this.kick(id)), ...tournaments.map((id) => this.tournaments.kick(id))]);
    const ms = Math.round(performance.now() - started);
    this.ctx.log.info('reconciled', { games: ids.length, ms });
    return { games: ids.length, ms };
  }

  /** Brings one game's channel in line soon; resolves when that pass is over. */
  kick(gameId: number): Promise<void> {
    return this.passes.kick(gameId);
  }

  /** Brings a tournament's channel and scheduled event in line soon; resolves when that pass is over. */
  kickTournament(tournamentId: number): Promise<void> {
    return this.stopped ? Promise.resolve() : this.tournaments.kick(tournamentId);
  }

  /** Games with channel work under way or waiting for a retry (a metric, and a test's way to wait). */
  get backlog(): number {
    return this.passes.size + this.retries.size;
  }

  idle(): Promise<void> {
    return this.passes.idle();
  }

  /**
   * Delivers what is pending, waiting `graceMs` at most, then stops: passes under way finish, and games
   * waiting for a retry get one last try now. A pass held up by Discord loses nothing by being cut short,
   * since what it was showing is saved and the next start shows it.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.draining = true;
    clearTimeout(this.reconcileTimer);
    const waiting = [...this.retries.keys()];
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
    for (const gameId of waiting) void this.kick(gameId);
    let timer: NodeJS.Timeout | undefined;
    const idle = Promise.all([this.idle(), this.tournaments.idle()]).then(() => undefined);
    await Promise.race([idle, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    this.stopped = true;
    this.tournaments.stop();
    await this.clicks.flush();
  }

  // ---------- the click path ----------

  /**
   * What the clicked message shows after `result`: its click's update is the fastest way to show it, so
   * until afterClick the Publisher leaves that message alone. Resolves once the click may answer: after an
   * edit of the message already on its way has landed (`patienceMs` at most).
   */
  async clicked(result: ActionResult, seat: number, patienceMs: number): Promise<ClickedMessage & { touch: number }> {
    const clicked = clickedMessage(result, seat);
    return { ...clicked, touch: await this.clicks.begin(result.view.id, clicked.key, patienceMs) };
  }

  /**
   * After the click's own update (or its failure): records what the message shows, so the Publisher neither
   * redraws it for nothing nor leaves it stale, then brings in line what the click could not show.
   */
  async afterClick(
    result: ActionResult,
    clicked: ClickedMessage & { touch: number },
    messageId: string,
    updated: boolean,
  ): Promise<void> {
    const { service } = this.ctx;
    const gameId = result.view.id;
    const alone = this.clicks.end(gameId, clicked.key, clicked.touch);
    let write: (() => Promise<unknown>) | null;
    if (clicked.log) {
      if (updated) {
        // The log line's delivery and its turn message's end are one write: a pass between two would see the
        // message without its pending log line and draw it over as a plain ended turn. (If a pass delivered
        // the line first, it forgot the message itself.)
        this.clicks.drop(gameId, clicked.key);
        this.clicks.collapse(gameId, clicked.key);
        const logId = clicked.log.id;
        write = () => service.logLineShown(gameId, logId, clicked.key, true);
      } else write = () => service.recordShown(gameId, clicked.key, messageId, null);
    } else if (updated && alone) {
      this.clicks.remember({ gameId, key: clicked.key, messageId, digest: () => digestOf(clicked.body) });
      // A message posted just before a crash may not be known yet: its id must not wait for the flush.
      write =
        result.view.messages[clicked.key] !== messageId
          ? () => service.recordShown(gameId, clicked.key, messageId, null)
          : null;
    } else {
      // Not shown (the update failed), or an edit of the Publisher's crossed it: drawn again from the game.
      this.clicks.drop(gameId, clicked.key);
      write = () => service.recordShown(gameId, clicked.key, messageId, null);
    }
    if (write) await this.inClickOrder(gameId, write);
    // A hold or a throw changes nothing but its own message; anything else is the Publisher's to show.
    const more = !updated || !alone || result.outbox.length > 0 || result.turnEnded || result.finished;
    if (more) await this.kick(gameId);
  }

  /**
   * A message that shows what the game never saved (a move Discord was shown whose commit the database lost):
   * what it is known to show is forgotten, so the pass draws it again from the saved game.
   */
  async redraw(gameId: number, messageId: string): Promise<void> {
    try {
      const game = await this.ctx.service.game(gameId);
      const key = game && Object.keys(game.messages).find((k) => game.messages[k] === messageId);
      if (key) {
        this.clicks.drop(gameId, key);
        await this.inClickOrder(gameId, () => this.ctx.service.recordShown(gameId, key, messageId, null));
      }
    } catch (error) {
      // The minute's reconcile compares the game with its channel again.
      this.ctx.log.warn('could not mark a message to draw again', { gameId, error });
    }
    await this.kick(gameId);
  }

  private inClickOrder(gameId: number, write: () => Promise<unknown>): Promise<void> {
    return this.clickWrites.run(gameId, write).then(
      () => undefined,
      (error: unknown) => this.ctx.log.error('could not record a clicked message', { gameId, error }),
    );
  }

  // ---------- one pass, and what its failure means ----------

  /** True when the game moved on while it was drawn: another pass follows at once. */
  private async pass(gameId: number): Promise<boolean> {
    try {
      const stale = await this.sync.pass(gameId, this.verify.delete(gameId));
      this.clearRetry(gameId);
      this.attempts.delete(gameId);
      return stale;
    } catch (error) {
      await this.failed(gameId, error);
      return false;
    }
  }

  private async failed(gameId: number, error: unknown): Promise<void> {
    const { log, service } = this.ctx;
    if (error instanceof NoReplyToken) {
      // Not a failure: shown when the next interaction in the channel brings a token.
      this.clearRetry(gameId);
      this.attempts.delete(gameId);
      if (this.replies.park(error, gameId)) log.debug('game waits for an interaction to show it', { gameId });
      else void this.kick(gameId);
      return;
    }
    // The database out of reach is no failure of Discord's: tried again like a network failure, not counted as one.
    const databaseDown = service.storage.isUnavailable(error);
    const failure = databaseDown ? 'retry' : classify(error);
    if (!databaseDown && isNetworkFailure(error)) this.ctx.metrics?.restError('network');
    this.clearRetry(gameId);
    if (failure === 'channel-gone') {
      this.attempts.delete(gameId);
      const result = await service.channelLost(gameId);
      log.warn('game ended: its channel is gone or closed to the bot', {
        gameId,
        ...describeFailure(error),
        ended: result !== null,
      });
      // The lobby in the parent channel may still be there to say so.
      await this.sync.pass(gameId, false).catch(() => undefined);
      return;
    }
    const attempt = (this.attempts.get(gameId) ?? 0) + 1;
    this.attempts.set(gameId, attempt);
    if (failure === 'refused' && attempt >= MAX_REFUSED) {
      // The same request would be refused again: the minute's reconcile tries it, not a loop.
      log.error('Discord keeps refusing a channel update; left to the next reconcile', {
        gameId,
        attempt,
        ...describeFailure(error),
      });
      this.attempts.delete(gameId);
      return;
    }
    const delay = Math.min(this.maxRetryMs, this.firstRetryMs * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);
    const at = { gameId, attempt, retryInMs: Math.round(delay), ...describeFailure(error) };
    if (failure === 'refused') log.error('Discord refused a channel update', at);
    else
      log.warn(
        databaseDown ? 'database out of reach; channel update tried again' : 'channel update failed; trying again',
        at,
      );
    if (this.draining) return;
    const timer = setTimeout(() => {
      this.retries.delete(gameId);
      void this.kick(gameId);
    }, delay);
    this.retries.set(gameId, timer);
  }

  private clearRetry(gameId: number): void {
    clearTimeout(this.retries.get(gameId));
    this.retries.delete(gameId);
  }
}
