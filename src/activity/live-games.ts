// Who watches which game, and bringing them each change: the boardgame.io shape, one transport. A change of a game —
// made on a board, by a card's click, by the clock or a computer player in this process (GameService.onGameChanged),
// or by another host (PostgreSQL NOTIFY, src/db/postgres/game-changes.ts) — is one `changed(gameId)`: the game is
// read once and shown to every board watching it. Changes that come while a read is under way are folded into one
// more read, so a burst of moves costs two reads, and the last one shows the newest moment. The seats' ratings are
// kept with the game (rating-cache.ts): read when a person is first shown in it, never per move. So is the
// tournament a table's game belongs to (tournament-cache.ts): read again when it changed, and then shown to the
// boards of each of its tables.
import type { GameService, GameView } from '../service/game-service';
import type { Logger } from '../app/logger';
import { GameRatings } from './rating-cache';
import type { SeatRatings } from './seat-ratings';
import { GameTournaments } from './tournament-cache';
import type { TableOfTournament } from './tournament-panel';

/**
 * A board: shown its game at each change, and told of a new game in its channel when it has none open. Once shown
 * a game its `gameId` is that game's (LiveGames then files it under that game).
 */
export interface Watcher {
  /** The game it shows; null while its channel has none. */
  readonly gameId: number | null;
  /** The channels whose new game it takes up: the hello's channel (a thread game's lobby channel or its thread). */
  readonly channelId: string;
  /** `tournament`: the tournament the game is a table of, as kept; null (or absent) for any other game. */
  show(game: GameView, ratings: SeatRatings, tournament?: TableOfTournament | null): void;
}

/** How often boards without an open game look for one: a new lobby is not a change of any game they watch. */
const LOOK_FOR_NEW_GAMES_MS = 2_000;

export class LiveGames {
  private readonly byGame = new Map<number, Set<Watcher>>();
  private readonly all = new Set<Watcher>();
  /** Boards with no game, or a game that is over: they wait for their channel's next one. */
  private readonly waiting = new Set<Watcher>();
  /** Games being read now → whether they changed again meanwhile. */
  private readonly reading = new Map<number, boolean>();
  /** Each watched game's moment as last shown (momentOf): a poll shows only what moved on. */
  private readonly shown = new Map<number, string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly ratings: GameRatings;
  private readonly tournaments: GameTournaments;

  /**
   * `pollWatchedMs`: read every watched game this often too — for shard processes on one SQLite file, where
   * another process's moves reach this one neither through its service nor through PostgreSQL's NOTIFY.
   */
  constructor(
    private readonly service: GameService,
    private readonly log: Logger,
    pollWatchedMs?: number,
  ) {
    this.ratings = new GameRatings(service.ratings);
    this.tournaments = new GameTournaments(service.tournaments);
    this.timers.push(setInterval(() => void this.lookForNewGames(), LOOK_FOR_NEW_GAMES_MS));
    if (pollWatchedMs) this.timers.push(setInterval(() => void this.pollWatched(), pollWatchedMs));
    for (const timer of this.timers) timer.unref();
  }

  get watchers(): number {
    return this.all.size;
  }

  add(watcher: Watcher): void {
    this.all.add(watcher);
    this.index(watcher);
  }

  remove(watcher: Watcher): void {
    this.all.delete(watcher);
    this.unindex(watcher);
  }

  /** The watcher now shows another game (or none): call with the id it showed before. */
  moved(watcher: Watcher, from: number | null): void {
    if (!this.all.has(watcher)) return;
    const before = from === null ? undefined : this.byGame.get(from);
    before?.delete(watcher);
    if (before?.size === 0) this.unwatched(from!);
    this.index(watcher);
  }

  /** A game changed, here or on another host: every board watching it is shown it once more. */
  changed(gameId: number): void {
    if (!this.byGame.has(gameId) && !this.someoneWaits()) return;
    if (this.reading.has(gameId)) return void this.reading.set(gameId, true);
    this.reading.set(gameId, false);
    void this.deliver(gameId);
  }

  /** This process changed a tournament (GameService.tournaments.onChanged): the boards of its tables are shown it. */
  tournamentChanged(tournamentId: number): void {
    for (const gameId of this.tournaments.changed(tournamentId)) if (this.byGame.has(gameId)) this.changed(gameId);
  }

  /** Every watched game read again: after the LISTEN connection came back, changes may have been missed. */
  refreshAll(): void {
    this.tournaments.staleAll();
    for (const gameId of this.byGame.keys()) this.changed(gameId);
    void this.lookForNewGames();
  }

  /**
   * The seats' ratings to show with the game, as kept for it (read only for people not read yet; a rated end's game
   * carries its own). A failed read shows the board without them, and is tried again at the next change.
   */
  async ratingsOf(game: GameView): Promise<SeatRatings> {
    try {
      return await this.ratings.of(game);
    } catch (error) {
      this.log.warn('activity board could not read the ratings', { gameId: game.id, error });
      return [];
    }
  }

  /**
   * The tournament the game is a table of, as kept (read when it changed). A failed read shows what was kept, and
   * is tried again at the next change.
   */
  async tournamentOf(game: GameView): Promise<TableOfTournament | null> {
    try {
      return await this.tournaments.of(game);
    } catch (error) {
      this.log.warn('activity board could not read the tournament', { gameId: game.id, error });
      return this.tournaments.kept(game.id);
    }
  }

  close(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.all.clear();
    this.byGame.clear();
  }

  private async deliver(gameId: number): Promise<void> {
    try {
      for (;;) {
        const game = await this.service.game(gameId);
        if (game) await this.showRead(game);
        if (!this.reading.get(gameId)) break;
        this.reading.set(gameId, false);
      }
    } catch (error) {
      this.log.warn('activity board update failed', { gameId, error });
    } finally {
      this.reading.delete(gameId);
    }
  }

  /**
   * Shows a game just read, with what is kept for it: read only when a board will show it (a board waiting for
   * its channel's next game hears of every game's change, most of them elsewhere).
   */
  private async showRead(game: GameView): Promise<void> {
    if (![...this.all].some((w) => this.showsTo(game, w))) return;
    const [ratings, tournament] = await Promise.all([this.ratingsOf(game), this.tournamentOf(game)]);
    this.showTo(game, ratings, tournament);
  }

  /** The board shows the game: it watches it, or its game is over (or none) and this is its channel's next. */
  private showsTo(game: GameView, w: Watcher): boolean {
    if (w.gameId === game.id) return true;
    const open = game.status === 'lobby' || game.status === 'playing';
    return open && this.waits(w) && inChannel(game, w.channelId);
  }

  private showTo(game: GameView, ratings: SeatRatings, tournament: TableOfTournament | null): void {
    this.shown.set(game.id, momentOf(game));
    const open = game.status === 'lobby' || game.status === 'playing';
    for (const w of [...this.all]) {
      if (!this.showsTo(game, w)) continue;
      const before = w.gameId;
      w.show(game, ratings, tournament);
      if (w.gameId !== before) this.moved(w, before);
      if (w.gameId === game.id) this.setWaiting(w, !open);
    }
  }

  private async pollWatched(): Promise<void> {
    for (const gameId of [...this.byGame.keys()]) {
      if (this.reading.has(gameId)) continue;
      try {
        const game = await this.service.game(gameId);
        if (game && momentOf(game) !== this.shown.get(gameId)) await this.showRead(game);
      } catch (error) {
        this.log.warn('activity board could not read its game', { gameId, error });
      }
    }
  }

  private async lookForNewGames(): Promise<void> {
    const channels = new Set([...this.all].filter((w) => this.waits(w)).map((w) => w.channelId));
    for (const channelId of channels) {
      try {
        const game = await this.service.openGameInChannel(channelId);
        if (game) await this.showRead(game);
      } catch (error) {
        this.log.warn('activity board could not look for a game', { channelId, error });
      }
    }
  }

  private waits(w: Watcher): boolean {
    return this.waiting.has(w);
  }

  private someoneWaits(): boolean {
    return this.waiting.size > 0;
  }

  /** Marks whether the watcher waits for a new game in its channel (its game is none, or over). */
  setWaiting(w: Watcher, waiting: boolean): void {
    if (waiting && this.all.has(w)) this.waiting.add(w);
    else this.waiting.delete(w);
  }

  private index(w: Watcher): void {
    if (w.gameId === null) return;
    let set = this.byGame.get(w.gameId);
    if (!set) this.byGame.set(w.gameId, (set = new Set()));
    set.add(w);
  }

  private unindex(w: Watcher): void {
    this.waiting.delete(w);
    if (w.gameId === null) return;
    const set = this.byGame.get(w.gameId);
    set?.delete(w);
    if (set?.size === 0) this.unwatched(w.gameId);
  }

  /** No board watches the game any more: what was kept for it goes. */
  private unwatched(gameId: number): void {
    this.byGame.delete(gameId);
    this.shown.delete(gameId);
    this.ratings.forget(gameId);
    this.tournaments.forget(gameId);
  }
}

/** What a board shows of a game changes only with these. */
function momentOf(game: GameView): string {
  const seats = game.players.map((p) => `${p.userId}/${p.left ?? ''}`).join(',');
  return `${game.status}:${game.state?.version ?? -1}:${seats}:${JSON.stringify(game.deadlines)}`;
}

function inChannel(game: GameView, channelId: string): boolean {
  return game.channelId === channelId || game.playChannelId === channelId;
}
