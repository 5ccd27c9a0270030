// Games as this connection last read or saved them, so that a click can decide on the game the click before it
// saved without reading it (that read was a hold's largest statement). What is remembered is handed out only to
// decide a change (gameToChange), and only while this connection has written nothing but what the game store
// accounted for: total_changes counts every row it writes, and the store tells of the rows it writes knowingly —
// a save (the remembered game becomes the saved one) and an event (not part of the game). Any other write, another
// store's or a test's own SQL, leaves total_changes where nothing expected it, and everything is forgotten.
//
// Another connection's commits are seen by data_version, which costs a lock round of its own outside a
// transaction but nothing inside one: so the save checks it, in its transaction, before writing. A save decided
// on a remembered game that another connection has committed since is refused as a conflict, and the service
// reads the game again and decides again, as it does when the row's revision moved.
import type Database from 'better-sqlite3';
import type { GameChanges, GameRow, PlayerRow } from '../rows';

export interface KnownGame {
  row: GameRow;
  players: PlayerRow[];
}

interface Entry {
  game: KnownGame;
  /** data_version when the game was read: another connection's commit since moves it. */
  version: number;
  /** Handed out as remembered since it was read or saved: a save decided on it checks data_version. */
  served: boolean;
}

/** The games played lately (more would only hold memory). */
const REMEMBERED_GAMES = 128;

export class KnownRows {
  private readonly games = new Map<number, Entry>();
  /** total_changes when what is remembered was last known to be what this connection wrote. */
  private changes = -1;
  private readonly totalChanges: Database.Statement<[], number>;
  private readonly dataVersion: Database.Statement<[], number>;

  constructor(db: Database.Database) {
    this.totalChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  /** The game as this connection last read or saved it, if it has written nothing unaccounted for since. */
  remembered(id: number): KnownGame | undefined {
    if (!this.inStep()) return undefined;
    const entry = this.games.get(id);
    if (!entry) return undefined;
    entry.served = true;
    return entry.game;
  }

  /** A game just read, and the data_version its statement saw. */
  read(id: number, game: KnownGame, version: number): void {
    this.inStep();
    this.games.delete(id);
    if (this.games.size >= REMEMBERED_GAMES) this.games.delete(this.games.keys().next().value!);
    this.games.set(id, { game, version, served: false });
  }

  /**
   * Before a save of the game from `rev`, in its transaction: false when the save was decided on the remembered
   * game and another connection has committed since (everything remembered is then forgotten).
   */
  mayBeSavedFrom(id: number, rev: number): boolean {
    const entry = this.games.get(id);
    if (!entry?.served || entry.game.row.rev !== rev || this.dataVersion.get() === entry.version) return true;
    this.forgetAll();
    return false;
  }

  /** saveGame moved the row from `rev` to rev + 1, writing `written` of `changes` and answering with `messages`. */
  saved(
    id: number,
    rev: number,
    written: ReadonlyArray<keyof GameChanges>,
    changes: Partial<GameChanges>,
    messages: Record<string, string>,
  ): void {
    this.changes += 1;
    const entry = this.games.get(id);
    if (!entry) return;
    if (entry.game.row.rev !== rev) {
      this.games.delete(id);
      return;
    }
    const row: Record<string, unknown> = { ...entry.game.row, rev: rev + 1, messages };
    for (const column of written) row[column] = changes[column];
    const game = { row: row as unknown as GameRow, players: entry.game.players };
    this.games.set(id, { game, version: entry.version, served: false });
  }

  /** This connection wrote `rows` rows that no remembered game holds (a game's events). */
  wroteElsewhere(rows: number): void {
    this.changes += rows;
  }

  /** A transaction rolled back, or another connection changed a game decided on: nothing remembered is sure. */
  forgetAll(): void {
    this.games.clear();
    this.changes = -1;
  }

  /** Whether this connection's writes are all accounted for; if not, everything remembered is forgotten. */
  private inStep(): boolean {
    const changes = this.totalChanges.get()!;
    if (changes === this.changes) return true;
    this.games.clear();
    this.changes = changes;
    return false;
  }
}
