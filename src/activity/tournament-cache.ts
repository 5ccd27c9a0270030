// The tournaments of the games boards watch, kept with the live games (LiveGames owns one): whether a game is a
// tournament's table is read once per game (a table's game is made a table when it is made), and each tournament
// once, then again only when it changed. What says it changed:
// - this process's commits: GameService.tournaments.onChanged (a table's end, a drop, the next round), `changed`;
// - the board's own game reaching its end: its results went into the tournament in the end's own transaction,
//   wherever that ran;
// - on several hosts (or shard processes on one SQLite file) nothing tells this process of another table's end
//   there: the tournament is read again at a change of the board's own game once REFRESH_MS have passed since
//   the last read. Such a board lags: it shows that end at its first move a minute or more after the last read.
// A move, a hold or a poll otherwise shows the panel as kept, without a read.
import type { TournamentService } from '../service/tournament-service';
import type { GameView } from '../service/view';
import type { TournamentView } from '../service/tournament-view';
import type { TableOfTournament } from './tournament-panel';

/** The reads the cache makes: GameService.tournaments. */
export type TournamentSource = Pick<TournamentService, 'ofGame' | 'tournament'>;

/** How old a kept tournament may be when its board's game changes, for the changes other hosts make. */
export const REFRESH_MS = 60_000;
/** Games kept: a board that closed before its game was filed under it leaves one behind, and this bounds those. */
const MAX_GAMES = 1_000;

interface GameEntry {
  /** null: not a tournament's table. */
  tournamentId: number | null;
  round: number;
  table: number;
  /** The game's status when its tournament was last read for it: an end is news of the tournament. */
  status: GameView['status'];
}

interface TournamentEntry {
  view: TournamentView | null;
  readAt: number;
  /** A change was heard since `view` was read. */
  stale: boolean;
  /** Grows with every change heard: a read that started before one does not make the entry fresh. */
  generation: number;
  reading: Promise<void> | null;
}

export class GameTournaments {
  private readonly games = new Map<number, GameEntry>();
  private readonly tournaments = new Map<number, TournamentEntry>();
  /** First reads under way, by game: a second board asking meanwhile waits for the same one. */
  private readonly placing = new Map<number, Promise<GameEntry>>();
  /** Changes heard so far, of any tournament: a first read that overlapped one is not taken as fresh. */
  private heard = 0;

  constructor(
    private readonly source: TournamentSource,
    private readonly now: () => number = Date.now,
    private readonly maxGames = MAX_GAMES,
  ) {}

  get size(): number {
    return this.games.size;
  }

  /** The game's tournament and its place in it, as kept (read when it is news); null for any other game. */
  async of(game: GameView): Promise<TableOfTournament | null> {
    const entry = this.games.get(game.id) ?? (await this.place(game));
    if (entry.tournamentId === null) return null;
    const kept = this.tournamentEntry(entry.tournamentId);
    while (kept.reading) await kept.reading;
    const ended = entry.status !== game.status && game.status !== 'lobby' && game.status !== 'playing';
    if (kept.stale || ended || this.now() - kept.readAt >= REFRESH_MS) {
      const reading = this.read(entry.tournamentId, kept).finally(() => {
        kept.reading = null;
      });
      kept.reading = reading;
      await reading;
    }
    entry.status = game.status;
    return kept.view && { round: entry.round, table: entry.table, view: kept.view };
  }

  /** The game's tournament as last read, without reading: what a board shows while a read fails. */
  kept(gameId: number): TableOfTournament | null {
    const entry = this.games.get(gameId);
    const view = entry?.tournamentId == null ? null : this.tournaments.get(entry.tournamentId)?.view;
    return entry && view ? { round: entry.round, table: entry.table, view } : null;
  }

  /** This process changed the tournament: the ids of the kept games that are its tables, to be shown again. */
  changed(tournamentId: number): number[] {
    const kept = this.tournaments.get(tournamentId);
    this.heard++;
    if (!kept) return [];
    kept.stale = true;
    kept.generation++;
    return [...this.games].filter(([, g]) => g.tournamentId === tournamentId).map(([id]) => id);
  }

  /** Changes may have been missed (the LISTEN connection came back): every kept tournament is read again. */
  staleAll(): void {
    this.heard++;
    for (const kept of this.tournaments.values()) {
      kept.stale = true;
      kept.generation++;
    }
  }

  /** Nobody watches the game any more; its tournament goes with its last watched table. */
  forget(gameId: number): void {
    const entry = this.games.get(gameId);
    this.games.delete(gameId);
    if (entry?.tournamentId == null) return;
    const id = entry.tournamentId;
    if (![...this.games.values()].some((g) => g.tournamentId === id)) this.tournaments.delete(id);
  }

  private async place(game: GameView): Promise<GameEntry> {
    let placing = this.placing.get(game.id);
    if (!placing) {
      placing = this.firstRead(game).finally(() => this.placing.delete(game.id));
      this.placing.set(game.id, placing);
    }
    return placing;
  }

  private async firstRead(game: GameView): Promise<GameEntry> {
    const heard = this.heard;
    const table = await this.source.ofGame(game.id);
    const entry: GameEntry = table
      ? { tournamentId: table.tournamentId, round: table.round, table: table.table, status: game.status }
      : { tournamentId: null, round: 0, table: 0, status: game.status };
    this.games.set(game.id, entry);
    if (table) {
      const kept = this.tournamentEntry(table.tournamentId);
      // The view came with the placement; a change heard meanwhile (of any tournament) may not be in it.
      if (kept.view === null && !kept.reading) {
        kept.view = table.view;
        kept.readAt = this.now();
        kept.stale = this.heard !== heard;
      }
    }
    this.trim();
    return entry;
  }

  private tournamentEntry(id: number): TournamentEntry {
    let kept = this.tournaments.get(id);
    if (!kept) {
      kept = { view: null, readAt: -Infinity, stale: false, generation: 0, reading: null };
      this.tournaments.set(id, kept);
    }
    return kept;
  }

  private async read(id: number, kept: TournamentEntry): Promise<void> {
    const generation = kept.generation;
    const readAt = this.now();
    try {
      kept.view = await this.source.tournament(id);
    } catch (error) {
      // Kept as it was, and read again at the next board shown.
      kept.stale = true;
      throw error;
    }
    kept.readAt = readAt;
    // A change heard while the read was under way may not be in it: the next board shown reads again.
    kept.stale = kept.generation !== generation;
  }

  /** Drops the longest kept games past the bound. */
  private trim(): void {
    for (const gameId of this.games.keys()) {
      if (this.games.size <= this.maxGames) return;
      this.forget(gameId);
    }
  }
}
