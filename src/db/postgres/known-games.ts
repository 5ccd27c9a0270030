// The games as this process last read them for a change, or last saved them by a move's one statement (issue
// 36): a click decides on that and sends nothing before its one statement, whose `rev` check refuses it as a
// conflict if another process moved the game on since (the service then reads and decides again). Only a save
// moves `rev`; the other writes (message ids, digests, the play channel, seats) do not, so any of this process's
// writes forgets the game, at its start and at its end: a read under way meanwhile may predate it and is not
// kept. Another process's such writes are not seen here: the message ids a move answers come from its statement,
// and the rest (digests, the play channel) are not a move's to decide on.
import type { GameChanges, GameRow, PlayerRow } from '../rows';

/** The games clicked lately (more would only hold memory). */
const REMEMBERED_GAMES = 128;
/** The games whose last forgetting is kept; one forgotten earlier counts as forgotten at `floor`. */
const FORGOTTEN_KEPT = 1024;

export interface KnownGame {
  row: GameRow;
  players: PlayerRow[];
}

export class KnownGames {
  private readonly games = new Map<number, KnownGame>();
  /** A counter of the reads, saves and forgettings, in the order they began or happened. */
  private clock = 0;
  private readonly forgotten = new Map<number, number>();
  private floor = 0;

  at(id: number): KnownGame | undefined {
    return this.games.get(id);
  }

  /** The moment a read or a save begins: what it brings is kept only if the game was not forgotten since. */
  begin(): number {
    return ++this.clock;
  }

  /** This process writes the game otherwise than by a move's one statement: what is known of it may be wrong. */
  forget(id: number): void {
    this.games.delete(id);
    this.forgotten.delete(id);
    if (this.forgotten.size >= FORGOTTEN_KEPT) {
      const [oldest, at] = this.forgotten.entries().next().value!;
      this.forgotten.delete(oldest);
      this.floor = Math.max(this.floor, at);
    }
    this.forgotten.set(id, ++this.clock);
  }

  /** A read begun at `since` found `game`: kept unless forgotten since, or older than what is known. */
  read(game: KnownGame, since: number): void {
    const known = this.games.get(game.row.id);
    if (this.forgottenSince(game.row.id, since) || (known && known.row.rev > game.row.rev)) return;
    this.keep(game);
  }

  /**
   * A move's one statement, begun at `since`, moved the game from `rev` to rev + 1 with `changes`, and the row
   * answered `messages`: the game known at `rev` is now that.
   */
  moved(id: number, rev: number, changes: Partial<GameChanges>, messages: GameRow['messages'], since: number): void {
    const known = this.games.get(id);
    if (!known || known.row.rev !== rev || this.forgottenSince(id, since)) return this.forget(id);
    this.keep({ row: { ...known.row, ...changes, rev: rev + 1, messages }, players: known.players });
  }

  private forgottenSince(id: number, since: number): boolean {
    return (this.forgotten.get(id) ?? this.floor) >= since;
  }

  private keep(game: KnownGame): void {
    this.games.delete(game.row.id);
    if (this.games.size >= REMEMBERED_GAMES) this.games.delete(this.games.keys().next().value!);
    this.games.set(game.row.id, game);
  }
}
