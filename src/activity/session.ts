// One board's WebSocket: who it is (learnt from Discord at `hello`, never from the page), the game it shows, and
// the moves it sends, played through the same service as a card's click. A connection that floods is cut; bad JSON
// or an unknown message is answered or ignored, never a crash. Refusals are counted, and summed into one log line per
// person a minute (src/limits/refusal-log.ts), so a page sending garbage cannot fill the log.
import type { GameService, GameView } from '../service/game-service';
import { NO_SERVER, ServiceError } from '../service/game-service';
import { MESSAGES } from '../service/errors';
import type { Logger } from '../app/logger';
import type { RefusalLog } from '../limits/refusal-log';
import type { ActivityUser, DiscordActivityApi } from './discord-api';
import { SignInsBusy } from './discord-api';
import type { LiveGames, Watcher } from './live-games';
import type { BoardViewOptions } from './board-view';
import { boardView } from './board-view';
import type { SeatRatings } from './seat-ratings';
import type { TableOfTournament } from './tournament-panel';
import { tournamentPanel } from './tournament-panel';
import { isRefusal, parseMove, playMove, refusalWords } from './moves';
import type { ClientMessage, ServerMessage } from './protocol';
import { TokenBucket } from '../limits/token-bucket';
import type { Refusal } from './words';
import { refusedWords } from './words';

/** What a session needs of the bot. */
export interface SessionDeps {
  service: GameService;
  discord: DiscordActivityApi;
  live: LiveGames;
  log: Logger;
  /** Where refusals are counted and summed (kind `activity`). */
  refusals: RefusalLog;
  /** Brings the game's channel in line after a move (the Publisher's kick). */
  kick(gameId: number): void;
  hint: BoardViewOptions['hint'];
  /** The signed address of a game's results picture (picture.ts). */
  picturePath(gameId: number): string;
  /** MEMBERSHIP_CHECK_MS unless given (tests ask every move). */
  membershipCheckMs?: number;
}

/** The socket as the session sees it. */
export interface SessionSocket {
  send(message: ServerMessage): void;
  close(code: number, reason: string): void;
}

const SNOWFLAKE = /^\d{15,21}$/;
/** How long Discord's word that someone is in the instance is taken before a move asks again. */
export const MEMBERSHIP_CHECK_MS = 30_000;
/** How long after its end a game's results are what a board opened in its channel shows. */
const RESULTS_SHOWN_MS = 60 * 60_000;
/** Past this many unanswered-for moves the page is not waiting for answers any more: it floods. */
export const MESSAGES_PER_SECOND = 10;
const BURST = 20;
/** The refusals that are only for now. */
const TRANSIENT: ReadonlySet<Refusal> = new Set<Refusal>(['discordDown', 'databaseDown', 'signInBusy']);
/** Of those, the ones that are ours (a line each); too many sign-ins at once is a flood's, counted. */
const OURS: ReadonlySet<Refusal> = new Set<Refusal>(['discordDown', 'databaseDown']);
/** Whom a refusal is counted for before Discord has named the person. */
const ANONYMOUS = 'anonymous';

export class Session implements Watcher {
  gameId: number | null = null;
  channelId = '';
  private user: ActivityUser | null = null;
  private instanceId = '';
  /** When Discord last said the user is in the instance (performance.now()). */
  private memberSince = 0;
  private helloSeen = false;
  /** The language of the game last shown, for the server's refusals when the person's own is not known. */
  private gameLocale: string | null = null;
  private closed = false;
  private readonly bucket = new TokenBucket(BURST, MESSAGES_PER_SECOND);

  constructor(
    private readonly socket: SessionSocket,
    private readonly deps: SessionDeps,
  ) {}

  /** One text frame from the page. */
  async receive(text: string): Promise<void> {
    if (this.closed) return;
    if (!this.bucket.take()) return this.cut('flood', 'flood');
    let message: ClientMessage;
    try {
      message = JSON.parse(text) as ClientMessage;
    } catch {
      this.refused('not-json', `${text.length} characters`);
      return this.socket.send({ t: 'refused', reason: this.words('garbled') });
    }
    switch (message?.t) {
      case 'hello':
        return this.hello(message);
      case 'move':
        return this.move(message);
      case 'rematch':
        return this.rematch(message);
      case 'ping':
        return this.socket.send({ t: 'pong' });
      default:
        this.refused('unknown-message', String((message as { t?: unknown })?.t));
        return this.socket.send({ t: 'refused', reason: this.words('garbled') });
    }
  }

  /** The socket closed: the board watches nothing any more. */
  ended(): void {
    this.closed = true;
    this.deps.live.remove(this);
  }

  show(game: GameView, ratings: SeatRatings, tournament: TableOfTournament | null = null): void {
    if (this.closed || !this.user) return;
    const from = this.gameId;
    this.gameId = game.id;
    this.gameLocale = game.locale;
    if (from !== game.id) this.deps.live.moved(this, from);
    this.deps.live.setWaiting(this, game.status !== 'lobby' && game.status !== 'playing');
    const seat = game.players.find((p) => p.userId === this.user!.id && !p.isBot)?.seat ?? null;
    const board = boardView(game, seat, {
      hint: this.deps.hint,
      ratings,
      ...(tournament ? { tournament: tournamentPanel(tournament, this.user.id) } : {}),
    });
    if (board.results) board.results.picture = this.deps.picturePath(game.id);
    this.socket.send({ t: 'board', board });
  }

  private async hello(m: Extract<ClientMessage, { t: 'hello' }>): Promise<void> {
    if (this.helloSeen) {
      this.refused('hello-again');
      return this.socket.send({ t: 'refused', reason: this.words('garbled') });
    }
    this.helloSeen = true;
    const fields = [m.accessToken, m.instanceId, m.channelId];
    if (!fields.every((f) => typeof f === 'string' && f.length > 0 && f.length <= 200) || !SNOWFLAKE.test(m.channelId))
      return this.cut('garbled', 'bad hello');
    const { discord, log } = this.deps;
    let user: ActivityUser | null = null;
    let members: string[] | null;
    try {
      user = await discord.userOf(m.accessToken);
      if (!user) return this.cut('badToken', 'token refused by Discord');
      const instance = await discord.instance(m.instanceId);
      // The instance must be the one Discord runs in that channel, with this person in it.
      members = instance && instance.channelId === m.channelId ? instance.userIds : null;
    } catch (error) {
      if (error instanceof SignInsBusy) return this.cut('signInBusy', 'too many sign-ins at once');
      log.warn('activity hello: Discord could not be asked', { error });
      return this.cut('discordDown', 'Discord unavailable', user ?? undefined);
    }
    if (!members?.includes(user.id)) return this.cut('notInActivity', 'not in the instance', user);
    if (this.closed) return;
    this.user = user;
    this.channelId = m.channelId;
    this.instanceId = m.instanceId;
    this.memberSince = performance.now();
    this.deps.live.add(this);
    let game: GameView | null;
    try {
      game = (await this.deps.service.openGameInChannel(m.channelId)) ?? (await this.lastGame(m, user.id));
    } catch (error) {
      log.warn('activity hello: game could not be read', { error });
      return this.cut('databaseDown', 'database unavailable');
    }
    const seat = game?.players.find((p) => p.userId === user.id && !p.isBot)?.seat ?? null;
    log.info('activity joined', { user: user.id, channelId: m.channelId, gameId: game?.id ?? null, seat });
    this.socket.send({ t: 'welcome', userId: user.id, seat, locale: user.locale ?? game?.locale ?? 'en' });
    if (game) {
      const { live } = this.deps;
      const [ratings, tournament] = await Promise.all([live.ratingsOf(game), live.tournamentOf(game)]);
      this.show(game, ratings, tournament);
    } else {
      this.deps.live.setWaiting(this, true);
      this.socket.send({ t: 'no-game' });
    }
  }

  /** After the end, the player's game that just ended in this channel: a board opened again shows its results. */
  private async lastGame(m: Extract<ClientMessage, { t: 'hello' }>, userId: string): Promise<GameView | null> {
    const guildId = typeof m.guildId === 'string' && SNOWFLAKE.test(m.guildId) ? m.guildId : NO_SERVER;
    const last = await this.deps.service.lastGameOf(guildId, m.channelId, userId);
    const here = last && (last.channelId === m.channelId || last.playChannelId === m.channelId);
    return here && last.finishedAt !== null && Date.now() - last.finishedAt < RESULTS_SHOWN_MS ? last : null;
  }

  private async move(m: Extract<ClientMessage, { t: 'move' }>): Promise<void> {
    const id = Number.isSafeInteger(m.id) ? m.id : 0;
    const user = this.user;
    if (!user) return this.helloFirst(id);
    const move = parseMove(m.move);
    if (!move) {
      this.refused('garbled-move');
      return this.socket.send({ t: 'result', id, ok: false, reason: this.words('garbled') });
    }
    if (!(await this.stillInInstance(user))) return;
    await this.act(id, user, async (game) => {
      const seat = game.players.find((p) => p.userId === user.id && !p.isBot)?.seat;
      if (seat === undefined) throw new ServiceError('not-a-player', MESSAGES.notAPlayer);
      await playMove(this.deps.service, game.id, user.id, seat, move);
      return game.id;
    });
  }

  /**
   * A person who closed the Activity may keep a socket open: before a move, Discord is asked again whether they are
   * still in the instance, at most every MEMBERSHIP_CHECK_MS. Refused and cut when they are not.
   */
  private async stillInInstance(user: ActivityUser): Promise<boolean> {
    if (performance.now() - this.memberSince < (this.deps.membershipCheckMs ?? MEMBERSHIP_CHECK_MS)) return true;
    let members: string[] | null = null;
    try {
      const instance = await this.deps.discord.instance(this.instanceId);
      members = instance && instance.channelId === this.channelId ? instance.userIds : null;
    } catch (error) {
      // Discord out of reach says nothing new: the check made at hello stands until it answers again.
      this.deps.log.warn('activity membership could not be checked', { error });
      return true;
    }
    if (members?.includes(user.id)) {
      this.memberSince = performance.now();
      return true;
    }
    this.cut('notInActivity', 'left the instance', user);
    return false;
  }

  private async rematch(m: Extract<ClientMessage, { t: 'rematch' }>): Promise<void> {
    const id = Number.isSafeInteger(m.id) ? m.id : 0;
    const user = this.user;
    if (!user) return this.helloFirst(id);
    if (!(await this.stillInInstance(user))) return;
    await this.act(id, user, async (game) => (await this.deps.service.rematch(game.id, user.id)).view.id);
  }

  /** Runs `fn` on the board's game; answers the page, and lets the channel follow the game `fn` changed. */
  private async act(id: number, user: ActivityUser, fn: (game: GameView) => Promise<number>): Promise<void> {
    const { service, log } = this.deps;
    let game: GameView | null = null;
    try {
      game = this.gameId === null ? null : await service.game(this.gameId);
      if (!game) throw new ServiceError('no-game', MESSAGES.noGame);
      const changed = await fn(game);
      this.socket.send({ t: 'result', id, ok: true });
      this.deps.kick(changed);
      // A rematch is a new game in the channel: the board follows it at once.
      if (changed !== game.id) this.deps.live.changed(changed);
    } catch (error) {
      if (isRefusal(error)) {
        let now = game;
        try {
          if (game) now = await service.game(game.id);
        } catch {
          // The wording is a courtesy: the refusal goes out even if the game cannot be read now.
        }
        const reason = refusalWords(error, user.id, now, user.locale ?? game?.locale ?? null);
        const code = (error as { code?: unknown }).code;
        this.refused(typeof code === 'string' ? code : 'other', game ? `game ${game.id}` : undefined);
        return this.socket.send({ t: 'result', id, ok: false, reason });
      }
      const unavailable = service.storage.isUnavailable(error);
      log.error('activity move failed', { user: user.id, gameId: game?.id, error });
      this.socket.send({ t: 'result', id, ok: false, reason: this.words(unavailable ? 'databaseDown' : 'unexpected') });
    }
  }

  /** Counts a refusal of the person's (or, before hello, of whoever this is) and sums it into the log. */
  private refused(reason: string, what?: string, user: ActivityUser | null = this.user): void {
    this.deps.refusals.record(user?.id ?? ANONYMOUS, 'activity', reason, {
      ...(what !== undefined ? { what } : {}),
      ...(this.channelId ? { channel: this.channelId } : {}),
    });
  }

  private helloFirst(id: number): void {
    this.refused('hello-first');
    this.socket.send({ t: 'result', id, ok: false, reason: this.words('helloFirst') });
  }

  /**
   * The server's own refusal in the language a move's refusal is worded in: the person's Discord language, else the
   * game's, else English (words.ts). `user` is the person Discord named before the session keeps them.
   */
  private words(refusal: Refusal, user: ActivityUser | null = this.user): string {
    return refusedWords(refusal, user?.locale ?? this.gameLocale);
  }

  private cut(refusal: Refusal, why: string, user?: ActivityUser): void {
    if (this.closed) return;
    // Discord or the database out of reach says nothing about the person: the page tries again by itself (a final
    // refusal left a board that said "try again in a moment" and never did, e.g. after a restart met a Discord
    // hiccup). 1013 is WebSocket's "try again later".
    const retry = TRANSIENT.has(refusal);
    // Ours is worth a line each; the person's (a flood, a bad token) is counted and summed.
    if (OURS.has(refusal)) this.deps.log.warn('activity connection refused', { why, user: user?.id ?? this.user?.id });
    else this.refused(kebab(refusal), why, user);
    const reason = this.words(refusal, user ?? this.user);
    this.socket.send(retry ? { t: 'refused', reason, retry } : { t: 'refused', reason });
    this.closed = true;
    this.deps.live.remove(this);
    this.socket.close(retry ? 1013 : 1008, why);
  }
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
