// One pass over one game's channel: start its thread if it has none yet, deliver the channel work its actions
// saved (shouts, ended turns' log lines), then compare every message the game should show (channel-view.ts)
// with what it last showed, posting or editing what differs. Errors are thrown to the Publisher, which
// decides what they mean; only a deleted message (drawn anew) is handled here.
import { gameT } from './render/text';
import type { GameService, GameView, LastWrite, OutboxItem, ShoutWork } from '../service/game-service';
import type { Logger } from '../app/logger';
import type { WantedMessage } from './channel-view';
import {
  LOBBY_KEY,
  RESULTS_KEY,
  cardKey,
  collapsedTurn,
  digestOf,
  isTurnKey,
  lobbySummary,
  logBody,
  noThreadNote,
  nonceOf,
  olatheTable,
  threadName,
  turnKey,
  wantedMessages,
  workNonce,
} from './channel-view';
import type { MessageRoutes } from './channel-rest';
import { REPOST_AFTER_MS, messageAgeMs } from './channel-rest';
import type { ClickRecords, PassStart } from './click-records';
import { THREAD_ALREADY_CREATED, classify, describeFailure, errorCode } from './discord-errors';
import { renderShout } from './render/game-messages';
import type { SheetRenderer } from './sheet-picture';
import { defaultRenderer, drawPicture, withoutPicture } from './sheet-picture';

/** The mark a five of a kind leaves on the turn message (or Balut card) it was thrown on. */
export const SHOUT_REACTION = '🎉';

export class ChannelSync {
  constructor(
    private readonly service: GameService,
    private readonly log: Logger,
    private readonly channelRoutes: MessageRoutes,
    private readonly clicks: ClickRecords,
    private readonly renderSheet: SheetRenderer = defaultRenderer,
    /** Where the bot is not a member: interaction tokens instead of the channel routes. */
    private readonly replyRoutes: MessageRoutes = channelRoutes,
  ) {}

  private routes(game: GameView): MessageRoutes {
    return game.repliesOnly ? this.replyRoutes : this.channelRoutes;
  }

  /**
   * Brings the game's channel in line. With `verify`, each message a player may still click is looked up
   * too. Returns true when the game moved on while it was drawn, so another pass should follow.
   */
  async pass(gameId: number, verify: boolean): Promise<boolean> {
    const start = this.clicks.passStarted();
    try {
      return await this.passFrom(start, gameId, verify);
    } finally {
      this.clicks.passEnded(start);
    }
  }

  private async passFrom(start: PassStart, gameId: number, verify: boolean): Promise<boolean> {
    const { service } = this;
    let seen = await service.channelState(gameId);
    if (!seen || (seen.game.channelGone && seen.game.playChannelId === seen.game.channelId)) return false;
    if (!seen.game.channelGone) {
      let game = seen.game;
      const starts = game.state !== null && game.playChannelId === null;
      if (starts) game = await this.choosePlayChannel(game);
      const lastLog = seen.work.filter((i) => i.work.kind === 'log').at(-1);
      for (const item of seen.work) await this.deliver(game, item, item === lastLog);
      // Delivering changes which messages the game has; otherwise what was read is still current.
      if (starts || seen.work.length > 0) seen = await service.channelState(gameId);
      if (!seen) return false;
    }
    return this.sync(seen, verify, start);
  }

  /** Starts the game's thread from its lobby message, or falls back to the channel when that is not allowed. */
  private async choosePlayChannel(game: GameView): Promise<GameView> {
    const lobby = game.messages[LOBBY_KEY] ?? (await this.postSummary(game));
    let channel = game.channelId;
    if (lobby) {
      try {
        channel = await this.routes(game).startThread(game.channelId, lobby, threadName(game));
      } catch (error) {
        // Discord names a message's thread by the message's id: it exists from an earlier try.
        if (errorCode(error) === THREAD_ALREADY_CREATED) channel = lobby;
        else if (classify(error) === 'retry') throw error;
        else {
          this.log.warn('could not start a thread; the game plays in the channel', {
            gameId: game.id,
            ...describeFailure(error),
          });
          await this.routes(game).post(
            game.channelId,
            noThreadNote(game),
            [game.hostId],
            nonceOf(game.id, 'no-thread'),
          );
        }
      }
    }
    await this.service.setPlayChannel(game.id, channel);
    return (await this.service.game(game.id))!;
  }

  /**
   * A game started without a lobby message of its own (a tournament's table, seated by the service) gets its
   * summary posted in the channel, for its thread to start from; null where it plays in the channel anyway.
   */
  private async postSummary(game: GameView): Promise<string | null> {
    // Only a table: an ordinary game whose lobby message was never recorded plays in the channel, as it always did.
    if (game.tournamentId === null || !game.threadMode || game.repliesOnly) return null;
    const id = await this.routes(game).post(game.channelId, lobbySummary(game), [], nonceOf(game.id, LOBBY_KEY, ''));
    await this.service.recordShown(game.id, LOBBY_KEY, id, null);
    return id;
  }

  private async deliver(game: GameView, item: OutboxItem, lastLog: boolean): Promise<void> {
    const play = game.playChannelId;
    if (play === null) return; // not started yet: nothing of a game in play to show
    const work = item.work;
    if (work.kind === 'shout') {
      const body = renderShout(game, work.seat, work.dice);
      await this.routes(game).post(play, body, [], workNonce(game.id, item));
      // The whole server hears a five of a kind, not only the thread.
      if (play !== game.channelId)
        await this.routes(game).post(game.channelId, body, [], workNonce(game.id, item, 'parent'));
      if (!game.repliesOnly) await this.markShout(game, play, work);
    } else if (game.options.variant === 'olathe' && game.repliesOnly) {
      // Its own message, as the game's one message has moved on: the newest pings whoever plays now.
      // Whom: turnMessage's rule (a person, not alone in the game), as a turn message's first post pings.
      const [next] = lastLog ? olatheTable(game).ping : [];
      const body = logBody(game, work);
      const content = next ? `${body.content} · ${gameT(game)('turn.yourTurn', { userId: next })}` : body.content;
      await this.routes(game).post(play, { ...body, content }, next ? [next] : [], workNonce(game.id, item));
    } else if (game.options.variant === 'olathe') {
      const key = turnKey(work.seat, work.turn);
      if (this.clicks.isAnswering(game.id, key)) return; // the click collapses it; its afterClick comes back here
      const id = game.messages[key];
      const body = logBody(game, work);
      const edited = id ? await this.routes(game).edit(play, id, body) : false;
      if (!edited) await this.routes(game).post(play, body, [], workNonce(game.id, item));
      if (id) {
        // Its turn message is gone into the log line: both written at once (see Publisher.afterClick).
        this.clicks.drop(game.id, key);
        await this.service.logLineShown(game.id, item.id, key, false);
        return;
      }
    }
    // Balut's log is its progress message, drawn from the saved game by sync.
    await this.service.channelWorkDone(item.id);
  }

  /** The shout's reaction on the message the dice were thrown on, when that message is known. */
  private async markShout(game: GameView, play: string, work: ShoutWork): Promise<void> {
    const key =
      game.options.variant === 'balut'
        ? cardKey(work.seat)
        : work.turn === undefined
          ? null
          : turnKey(work.seat, work.turn);
    const id = key === null ? undefined : game.messages[key];
    if (id && !(await this.routes(game).react(play, id, SHOUT_REACTION)))
      this.log.info('the shout could not be marked with a reaction', { gameId: game.id, key });
  }

  private async sync(
    { game, work, lastWrites }: { game: GameView; work: readonly OutboxItem[]; lastWrites: Map<number, LastWrite> },
    verify: boolean,
    start: PassStart,
  ): Promise<boolean> {
    const wanted = wantedMessages(game, lastWrites);
    const keys = new Set(wanted.map((w) => w.key));
    if (!game.channelGone && game.playChannelId) {
      // Olathe turn messages no longer wanted and not waiting for their log line: their controls go.
      const logged = new Set(work.flatMap((i) => (i.work.kind === 'log' ? [turnKey(i.work.seat, i.work.turn)] : [])));
      for (const [key, id] of Object.entries(game.messages)) {
        if (!isTurnKey(key) || keys.has(key) || logged.has(key)) continue;
        await this.routes(game).edit(
          game.playChannelId,
          id,
          collapsedTurn(gameT(game)(game.status === 'playing' ? 'turn.turnOver' : 'turn.gameOver')),
        );
        await this.forget(game.id, key);
      }
    }
    let stale = false;
    for (const w of wanted) {
      if (game.channelGone && (w.where === 'play' || game.playChannelId === game.channelId)) continue;
      // A click answering the message, or one that answered since this pass read the game, shows it newer.
      if (this.clicks.isAnswering(game.id, w.key) || this.clicks.clickedSince(game.id, w.key, start)) continue;
      const channel = w.where === 'play' ? game.playChannelId! : game.channelId;
      const show = this.show(game, channel, w, verify);
      const moved = await (w.key === LOBBY_KEY ? show.catch((error: unknown) => this.lobbyFailed(game, error)) : show);
      stale ||= moved === true;
    }
    return stale;
  }

  /** The lobby summary is a courtesy in the parent channel: if it cannot be edited, it is left alone. */
  private async lobbyFailed(game: GameView, error: unknown): Promise<false> {
    if (classify(error) === 'retry') throw error;
    this.log.warn('the lobby message can no longer be edited', { gameId: game.id, ...describeFailure(error) });
    return this.forget(game.id, LOBBY_KEY);
  }

  /** Posts or edits one message if it differs from what it shows; true when the game moved on meanwhile. */
  private async show(game: GameView, channel: string, w: WantedMessage, verify: boolean): Promise<boolean> {
    const digest = digestOf(w.body);
    const id = game.messages[w.key];
    const clickable = w.body.components.length > 0 && w.key !== LOBBY_KEY;
    // The lobby is edited however old (a refused edit forgets it), never deleted and posted anew.
    const old = id !== undefined && !w.editOnly && w.key !== LOBBY_KEY && messageAgeMs(id) >= REPOST_AFTER_MS;
    // A card still being played that nears Discord's hour is posted anew before its clicks' edits are refused.
    const known = !this.clicks.isDirty(game.id, w.key);
    const same = known && (this.clicks.digest(game.id, w.key) ?? game.shown[w.key]) === digest && !(old && clickable);
    if (id && same && !(verify && clickable && !(await this.routes(game).exists(channel, id)))) return false;
    const touch = this.clicks.startDraw(game.id, w.key);
    let shownAs: string | null = null;
    try {
      if (id && !old && (await this.routes(game).edit(channel, id, w.body))) shownAs = id;
      else if (w.editOnly) return this.forget(game.id, w.key);
      else {
        if (id && old) await this.routes(game).remove(channel, id);
        // A first post pings; a message drawn again (deleted, or too old to edit) does not — but a rematch's
        // lobby deleted before its game started pings its players again, as it did when it was forgotten first.
        const ping = id && w.key !== LOBBY_KEY ? [] : w.ping;
        shownAs = await this.postWanted(game, channel, w, ping, nonceOf(game.id, w.key, id ?? ''));
      }
    } finally {
      if (shownAs === null) this.clicks.endDraw(game.id, w.key, touch);
    }
    // The lobby summary links the results: drawn again once they have an address.
    return (
      (await this.record(game, w.key, shownAs, digest, touch, shownAs !== id)) ||
      (shownAs !== id && w.key === RESULTS_KEY)
    );
  }

  /**
   * Posts a wanted message with its picture, drawn now: once per post, never per pass (edits keep the file).
   * A picture that cannot be drawn leaves the message in words, never held up.
   */
  private async postWanted(
    game: GameView,
    channel: string,
    w: WantedMessage,
    ping: readonly string[],
    nonce: string,
  ): Promise<string> {
    const file = w.picture ? await drawPicture(this.renderSheet, w.picture, this.log, game.id) : null;
    if (file) {
      try {
        return await this.routes(game).post(channel, w.body, ping, nonce, [file]);
      } catch (error) {
        // Refused with the file (no Attach Files permission, too large …): the words still go. A channel that
        // is really gone refuses them too, and that failure is the Publisher's to handle.
        if (classify(error) === 'retry') throw error;
        this.log.warn('the picture was refused; the message is posted in words', {
          gameId: game.id,
          key: w.key,
          ...describeFailure(error),
        });
      }
    }
    return this.routes(game).post(channel, w.picture ? withoutPicture(w.body) : w.body, ping, nonce);
  }

  /**
   * What a message shows now; true when it must be drawn again: a click redrew it while this edit was on its
   * way, and Discord may have applied the two in either order. (Other changes of the game come with a pass
   * of their own, after this one.)
   */
  private async record(
    game: GameView,
    key: string,
    messageId: string,
    digest: string,
    touch: number,
    posted: boolean,
  ): Promise<boolean> {
    this.clicks.drop(game.id, key);
    const alone = this.clicks.endDraw(game.id, key, touch);
    // A click came on the message just posted (before its post returned here) and turned it into its turn's log
    // line: the game has forgotten the message, and recording it again would have the next pass draw the log
    // line over as a plain ended turn. (An edit is not skipped: Discord may have applied it after the click.)
    if (this.clicks.takeCollapsed(game.id, key) && posted) return false;
    await this.service.recordShown(game.id, key, messageId, alone ? digest : null);
    return !alone;
  }

  /** The game no longer has a message under `key` (collapsed into the log, or gone). */
  private async forget(gameId: number, key: string): Promise<false> {
    this.clicks.drop(gameId, key);
    await this.service.recordShown(gameId, key, null, null);
    return false;
  }
}
