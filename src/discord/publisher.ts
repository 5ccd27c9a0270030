// The one Publisher: brings the channel in line with the saved game. For each game, one after another, it
// delivers the channel work its actions saved (shouts, ended turns' log lines), then compares every message the
// game should show (channel-view.ts) with what it last showed, posting or editing what differs. Games run in
// parallel. Posts carry a nonce Discord deduplicates, so a post repeated after a crash shows once. Failures:
// network, 5xx and 429 are retried with capped backoff; a deleted message is drawn anew; a channel that is
// gone ends its game. At start-up and every minute it reconciles every game in play.
import { Routes } from 'discord.js';
import type { ActionResult, GameView, OutboxItem } from '../service/game-service';
import type { BotContext } from './context';
import type { MessageBody } from './render/turn';
import { renderShout } from './render/game-messages';
import type { WantedMessage } from './channel-view';
import {
  LOBBY_KEY,
  RESULTS_KEY,
  cardKey,
  cardMessage,
  collapsedTurn,
  digestOf,
  isTurnKey,
  logBody,
  nonceOf,
  threadName,
  turnKey,
  turnMessage,
  wantedMessages,
} from './channel-view';
import { THREAD_ALREADY_CREATED, UNKNOWN_MESSAGE, classify, describeFailure, errorCode } from './discord-errors';
import { seatsToAct } from '../game';

export interface PublisherOptions {
  reconcileEveryMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
}

/** What a click's own message shows after the action: the click's update answers with it. */
export interface ClickedMessage {
  key: string;
  body: MessageBody;
  /** The ended turn's log item, when the click ended its turn: its update delivers it. */
  log?: OutboxItem;
}

/** Discord refuses many edits of a message older than an hour (30046), so older ones are posted again. */
export const REPOST_AFTER_MS = 45 * 60_000;
/** How long what clicks showed is kept in memory before it is written out, all at once. */
const FLUSH_SHOWN_MS = 5000;
/** Refusals (a 4xx that is not about the channel) in a row before a game waits for the next reconcile. */
const MAX_REFUSED = 5;
const DISCORD_EPOCH = 1420070400000n;

export function messageAgeMs(messageId: string, now = Date.now()): number {
  return now - Number((BigInt(messageId) >> 22n) + DISCORD_EPOCH);
}

export function apiBody(body: MessageBody, ping: readonly string[] = []): Record<string, unknown> {
  return {
    content: body.content ?? '',
    embeds: body.embeds,
    components: body.components,
    // Whoever the text names, only `ping` is notified: user names can never become mentions.
    allowed_mentions: ping.length > 0 ? { users: [...ping] } : { parse: [] },
  };
}

export class Publisher {
  private readonly running = new Map<number, { again: boolean; done: Promise<void> }>();
  private readonly retries = new Map<number, NodeJS.Timeout>();
  /** Failed passes in a row per game, for the backoff; forgotten after a pass that succeeds. */
  private readonly attempts = new Map<number, number>();
  /** Messages a click is answering right now (game:key → clicks): their click shows them, not the Publisher. */
  private readonly answering = new Map<string, number>();
  /**
   * What the latest click showed on each message (game:key), not yet written to the database: a click
   * writes nothing after its answer, and these are written out together every few seconds. Lost in a crash,
   * they cost one needless redraw of those messages after the restart.
   */
  private readonly clickShown = new Map<string, { gameId: number; key: string; messageId: string; digest: string }>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** Games that moved on while a pass drew them: one more pass follows. */
  private readonly stale = new Set<number>();
  /** Games whose next pass also checks that each shown message still exists. */
  private readonly verify = new Set<number>();
  private reconcileTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly reconcileEveryMs: number;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;

  constructor(
    private readonly ctx: Pick<BotContext, 'service' | 'log' | 'rest'>,
    options: PublisherOptions = {},
  ) {
    this.reconcileEveryMs = options.reconcileEveryMs ?? 60_000;
    this.firstRetryMs = options.firstRetryMs ?? 1000;
    this.maxRetryMs = options.maxRetryMs ?? 60_000;
  }

  /**
   * Reconciles every game now, then every minute. Resolves when the first reconcile is done; that one
   * shows what the channel missed and leaves looking up each message to the next.
   */
  async start(): Promise<void> {
    const tick = async (verify: boolean) => {
      if (this.stopped) return;
      try {
        await this.reconcile({ verify });
      } catch (error) {
        this.ctx.log.error('reconcile failed', { error });
      }
      if (!this.stopped) this.reconcileTimer = setTimeout(() => void tick(true), this.reconcileEveryMs);
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
    const ids = this.ctx.service.gamesToReconcile();
    if (options.verify) for (const id of ids) this.verify.add(id);
    await Promise.all(ids.map((id) => this.kick(id)));
    const ms = Math.round(performance.now() - started);
    this.ctx.log.info('reconciled', { games: ids.length, ms });
    return { games: ids.length, ms };
  }

  /** Brings one game's channel in line soon; resolves when that pass is over. */
  kick(gameId: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const running = this.running.get(gameId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      do {
        entry.again = false;
        await this.pass(gameId);
      } while ((entry.again || this.stale.delete(gameId)) && !this.stopped);
      this.running.delete(gameId);
    })();
    this.running.set(gameId, entry);
    return entry.done;
  }

  /** Games with work not yet delivered (a metric, and a test's way to wait). */
  get backlog(): number {
    return this.running.size + this.retries.size;
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((r) => r.done));
  }

  /**
   * Stops after the passes under way, waiting `graceMs` at most: a pass held up by Discord loses nothing
   * by being cut short, since what it was showing is saved and the next start shows it.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconcileTimer);
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    this.flush();
  }

  // ---------- the click path ----------

  /**
   * What the clicked turn message shows after `result`: its click's update is the fastest way to show it, so
   * until afterClick the Publisher leaves that message alone.
   */
  clicked(result: ActionResult, seat: number): ClickedMessage {
    const clicked = this.clickedMessage(result, seat);
    const key = `${result.view.id}:${clicked.key}`;
    this.answering.set(key, (this.answering.get(key) ?? 0) + 1);
    return clicked;
  }

  private clickedMessage(result: ActionResult, seat: number): ClickedMessage {
    const game = result.view;
    const state = game.state!;
    if (state.options.variant === 'balut') {
      return { key: cardKey(seat), body: cardMessage(game, seat, seatsToAct(state).includes(seat)).body };
    }
    const log = result.outbox.find((item) => item.work.kind === 'log' && item.work.seat === seat);
    if (log && log.work.kind === 'log') return { key: turnKey(seat, log.work.turn), body: logBody(game, log.work), log };
    return { key: turnKey(seat, state.players[seat]!.turnsTaken), body: turnMessage(game, seat).body };
  }

  private isAnswered(gameId: number, key: string): boolean {
    return this.answering.has(`${gameId}:${key}`);
  }

  /**
   * After the click's own update (or its failure): records what the message shows, so the Publisher neither
   * redraws it for nothing nor leaves it stale, then brings in line what the click could not show.
   */
  afterClick(result: ActionResult, clicked: ClickedMessage, messageId: string, updated: boolean): Promise<void> {
    const { service } = this.ctx;
    const gameId = result.view.id;
    const answering = `${gameId}:${clicked.key}`;
    const left = (this.answering.get(answering) ?? 1) - 1;
    if (left > 0) this.answering.set(answering, left);
    else this.answering.delete(answering);
    try {
      if (clicked.log) {
        if (updated && service.channelWorkDone(clicked.log.id)) this.forget(gameId, clicked.key);
        else if (!updated) service.recordShown(gameId, clicked.key, messageId, null);
      } else if (updated) {
        this.clickShown.set(answering, { gameId, key: clicked.key, messageId, digest: digestOf(clicked.body) });
        this.flushSoon();
        // A message posted just before a crash may not be known yet: its id must not wait for the flush.
        if (result.view.messages[clicked.key] !== messageId) service.recordShown(gameId, clicked.key, messageId, null);
      } else {
        this.clickShown.delete(answering);
        service.recordShown(gameId, clicked.key, messageId, null);
      }
    } catch (error) {
      this.ctx.log.error('could not record a clicked message', { gameId, error });
    }
    // A hold or a throw changes nothing but its own message; anything else is the Publisher's to show.
    const more = !updated || result.outbox.length > 0 || result.turnEnded || result.finished;
    return more ? this.kick(gameId) : Promise.resolve();
  }

  private flushSoon(): void {
    if (this.flushTimer || this.stopped) return;
    this.flushTimer = setTimeout(() => this.flush(), FLUSH_SHOWN_MS);
    this.flushTimer.unref();
  }

  /** Writes what clicks showed to the database, so a restart does not redraw them. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.clickShown.size === 0) return;
    const entries = [...this.clickShown.values()];
    this.clickShown.clear();
    try {
      this.ctx.service.recordShownAll(entries);
    } catch (error) {
      this.ctx.log.error('could not record what clicks showed', { error });
    }
  }

  /** The game no longer has a message under `key` (collapsed into the log, or gone). */
  private forget(gameId: number, key: string): void {
    this.clickShown.delete(`${gameId}:${key}`);
    this.ctx.service.recordShown(gameId, key, null, null);
  }

  /** The digest of what a message shows: the latest click's if it is newer than what the database holds. */
  private shownDigest(game: GameView, key: string): string | undefined {
    return this.clickShown.get(`${game.id}:${key}`)?.digest ?? game.shown[key];
  }

  // ---------- one pass over a game ----------

  private async pass(gameId: number): Promise<void> {
    try {
      await this.bringInLine(gameId);
      this.clearRetry(gameId);
      this.attempts.delete(gameId);
    } catch (error) {
      await this.failed(gameId, error);
    }
  }

  private async failed(gameId: number, error: unknown): Promise<void> {
    const { log, service } = this.ctx;
    const failure = classify(error);
    if (failure === 'channel-gone') {
      this.clearRetry(gameId);
      this.attempts.delete(gameId);
      const result = service.channelLost(gameId);
      log.warn('game ended: its channel is gone or closed to the bot', { gameId, ...describeFailure(error), ended: result !== null });
      // The lobby in the parent channel may still be there to say so.
      await this.bringInLine(gameId).catch(() => undefined);
      return;
    }
    const attempt = (this.attempts.get(gameId) ?? 0) + 1;
    this.attempts.set(gameId, attempt);
    const delay = Math.min(this.maxRetryMs, this.firstRetryMs * 2 ** (attempt - 1)) * (0.75 + Math.random() / 2);
    const at = { gameId, attempt, retryInMs: Math.round(delay), ...describeFailure(error) };
    this.clearRetry(gameId);
    if (failure === 'refused' && attempt >= MAX_REFUSED) {
      // The same request would be refused again: the minute's reconcile tries it, not a loop.
      log.error('Discord keeps refusing a channel update; left to the next reconcile', { gameId, attempt, ...describeFailure(error) });
      this.attempts.delete(gameId);
      return;
    }
    if (failure === 'refused') log.error('Discord refused a channel update', at);
    else log.warn('channel update failed; trying again', at);
    if (this.stopped) return;
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

  private async bringInLine(gameId: number): Promise<void> {
    const { service } = this.ctx;
    let game = service.game(gameId);
    if (!game || (game.channelGone && game.playChannelId === game.channelId)) return;
    if (!game.channelGone) {
      if (game.state && game.playChannelId === null) game = await this.choosePlayChannel(game);
      const work = service.pendingChannelWork(gameId);
      for (const item of work) await this.deliver(game, item);
      // Delivering changes which messages the game has; otherwise the game as read is still current.
      if (work.length > 0) game = service.game(gameId)!;
    }
    await this.sync(game, this.verify.delete(gameId));
  }

  /** Starts the game's thread from its lobby message, or falls back to the channel when that is not allowed. */
  private async choosePlayChannel(game: GameView): Promise<GameView> {
    const { service, rest, log } = this.ctx;
    const lobby = game.messages[LOBBY_KEY];
    let channel = game.channelId;
    if (lobby) {
      try {
        const thread = (await rest.post(Routes.threads(game.channelId, lobby), {
          body: { name: threadName(game), auto_archive_duration: 1440 },
        })) as { id: string };
        channel = thread.id;
      } catch (error) {
        const code = errorCode(error);
        // Discord names a message's thread by the message's id: it exists from an earlier try.
        if (code === THREAD_ALREADY_CREATED) channel = lobby;
        else if (classify(error) === 'retry') throw error;
        else {
          log.warn('could not start a thread; the game plays in the channel', { gameId: game.id, ...describeFailure(error) });
          await this.post(game.channelId, hostNote(game), [game.hostId], nonceOf(game.id, 'no-thread'));
        }
      }
    }
    service.setPlayChannel(game.id, channel);
    return service.game(game.id)!;
  }

  private async deliver(game: GameView, item: OutboxItem): Promise<void> {
    const { service } = this.ctx;
    const play = game.playChannelId;
    if (play === null) return; // not started yet: nothing of a game in play to show
    const work = item.work;
    if (work.kind === 'shout') {
      const body = renderShout(game, work.seat, work.dice);
      await this.post(play, body, [], nonceOf(game.id, 'shout', item.id));
      // The whole server hears a five of a kind, not only the thread.
      if (play !== game.channelId) await this.post(game.channelId, body, [], nonceOf(game.id, 'shout', item.id, 'parent'));
    } else if (game.options.variant === 'olathe') {
      const key = turnKey(work.seat, work.turn);
      if (this.isAnswered(game.id, key)) return; // the click collapses it; its afterClick brings us back
      const id = game.messages[key];
      const body = logBody(game, work);
      const edited = id ? await this.edit(play, id, body) : false;
      if (!edited) await this.post(play, body, [], nonceOf(game.id, 'log', item.id));
      if (id) this.forget(game.id, key);
    }
    // Balut's log is its progress message, drawn from the saved game by sync.
    service.channelWorkDone(item.id);
  }

  /** Every message the game should show, posted or edited where it differs from what it shows. */
  private async sync(game: GameView, verify = false): Promise<void> {
    const { service } = this.ctx;
    const wanted = wantedMessages(game, game.options.variant === 'balut' && game.state ? service.lastWrites(game.id) : new Map());
    const keys = new Set(wanted.map((w) => w.key));
    if (!game.channelGone && game.playChannelId) {
      // Olathe turn messages no longer wanted and not waiting for their log line: their controls go.
      const logged = new Set(service.pendingChannelWork(game.id).flatMap((i) => (i.work.kind === 'log' ? [turnKey(i.work.seat, i.work.turn)] : [])));
      for (const [key, id] of Object.entries(game.messages)) {
        if (!isTurnKey(key) || keys.has(key) || logged.has(key)) continue;
        await this.edit(game.playChannelId, id, collapsedTurn(game.status === 'playing' ? '⏹ This turn is over.' : '🏁 The game is over.'));
        this.forget(game.id, key);
      }
    }
    for (const w of wanted) {
      if (game.channelGone && (w.where === 'play' || game.playChannelId === game.channelId)) continue;
      if (this.isAnswered(game.id, w.key)) continue;
      const channel = w.where === 'play' ? game.playChannelId! : game.channelId;
      if (w.key === LOBBY_KEY) await this.show(game, channel, w, verify).catch((error) => this.lobbyFailed(game, error));
      else await this.show(game, channel, w, verify);
    }
  }

  /** The lobby summary is a courtesy in the parent channel: if it cannot be edited, it is left alone. */
  private lobbyFailed(game: GameView, error: unknown): void {
    const failure = classify(error);
    if (failure === 'retry') throw error;
    this.ctx.log.warn('the lobby message can no longer be edited', { gameId: game.id, ...describeFailure(error) });
    this.forget(game.id, LOBBY_KEY);
  }

  private async show(game: GameView, channel: string, w: WantedMessage, verify: boolean): Promise<void> {
    const { service } = this.ctx;
    const digest = digestOf(w.body);
    const id = game.messages[w.key];
    const clickable = w.body.components.length > 0 && w.key !== LOBBY_KEY;
    if (id && this.shownDigest(game, w.key) === digest && !(verify && clickable && !(await this.exists(channel, id)))) return;
    if (id && (w.editOnly || messageAgeMs(id) < REPOST_AFTER_MS)) {
      if (await this.edit(channel, id, w.body)) return this.record(game, w.key, id, digest);
      if (w.editOnly) return this.forget(game.id, w.key);
    } else if (id) {
      await this.ctx.rest.delete(Routes.channelMessage(channel, id)).catch((error: unknown) => {
        if (classify(error) !== 'message-gone') throw error;
      });
    }
    if (w.editOnly) return;
    // A first post pings; a message drawn again (deleted, or too old to edit) does not.
    const posted = await this.post(channel, w.body, id ? [] : w.ping, nonceOf(game.id, w.key, id ?? ''));
    this.record(game, w.key, posted, digest);
    // The lobby summary links the results: drawn again once they have an address.
    if (w.key === RESULTS_KEY) this.stale.add(game.id);
  }

  /**
   * What a message shows now. A click may redraw a turn message or a card at the same time, and its answer
   * may land before or after this edit: if the game moved on while it was drawn, it is looked at again.
   */
  private record(game: GameView, key: string, messageId: string, digest: string): void {
    this.clickShown.delete(`${game.id}:${key}`);
    const clickable = isTurnKey(key) || key.startsWith('card:');
    if (!this.ctx.service.recordShown(game.id, key, messageId, digest, clickable ? game.rev : null)) this.stale.add(game.id);
  }

  private async post(channel: string, body: MessageBody, ping: readonly string[], nonce: string): Promise<string> {
    const message = (await this.ctx.rest.post(Routes.channelMessages(channel), {
      body: { ...apiBody(body, ping), nonce, enforce_nonce: true },
    })) as { id: string };
    return message.id;
  }

  private async exists(channel: string, id: string): Promise<boolean> {
    try {
      await this.ctx.rest.get(Routes.channelMessage(channel, id));
      return true;
    } catch (error) {
      if (errorCode(error) === UNKNOWN_MESSAGE) return false;
      throw error;
    }
  }

  /** False when the message is gone (Unknown Message): the caller draws it anew. */
  private async edit(channel: string, id: string, body: MessageBody): Promise<boolean> {
    try {
      await this.ctx.rest.patch(Routes.channelMessage(channel, id), { body: apiBody(body) });
      return true;
    } catch (error) {
      if (errorCode(error) === UNKNOWN_MESSAGE) return false;
      throw error;
    }
  }
}

function hostNote(game: GameView): MessageBody {
  return {
    content: `<@${game.hostId}> I can't start threads in this channel, so game ${game.id} is played right here. (A server admin can give me **Create Public Threads** — or turn threads off with \`/olathe settings\`.)`,
    embeds: [],
    components: [],
  };
}
