// The tournament panel of a board that shows a tournament's table (docs/TOURNAMENTS.md): the night's name, the
// table's round and number, and the standings as src/tournament ranks them, cut to what fits beside a card with
// the viewer's own row kept. Pure: built for each board from the tournament as the live game keeps it
// (tournament-cache.ts), so a move never reads the tournament.
import type { TournamentView } from '../service/tournament-view';

type TournamentStatus = TournamentView['state']['status'];

/** Rows the panel lists at most: beyond them only the viewer's own row is added. */
export const MAX_PANEL_ROWS = 16;

export interface BoardTournamentRow {
  /** 1 for the leaders; people equal on points and both tie-breaks share it. */
  rank: number;
  /** The name they had when they signed up: plain text, never markup. */
  name: string;
  /** Tournament points: halves are possible (places shared at a table, a bye). */
  points: number;
  /** The first tie-break: final points summed over every table played. */
  finalPoints: number;
  /** Left the night (or was taken out as a no-show): keeps their points. */
  dropped: boolean;
  /** The viewer's own row. */
  you: boolean;
}

export interface BoardTournament {
  id: number;
  name: string;
  status: TournamentStatus;
  /** The round this table is of, the night's rounds, and the table's number (1 the top table). */
  round: number;
  rounds: number;
  table: number;
  /** Best first: the top MAX_PANEL_ROWS, or the top ones and then the viewer's row when they rank below those. */
  rows: BoardTournamentRow[];
  /** People left out between the top rows and the viewer's row, kept last (0: none). */
  skipped: number;
  /** Everyone in the standings. */
  people: number;
}

/** A game's place in its tournament, and the tournament as last read: GameService.tournaments.ofGame's shape. */
export interface TableOfTournament {
  round: number;
  table: number;
  view: Pick<TournamentView, 'id' | 'state' | 'names' | 'standings'>;
}

export function tournamentPanel(
  of: TableOfTournament,
  viewerId: string | null,
  maxRows = MAX_PANEL_ROWS,
): BoardTournament {
  const { view } = of;
  const all = view.standings.map((s): BoardTournamentRow => ({
    rank: s.rank,
    name: view.names[s.userId] ?? s.userId,
    points: s.points,
    finalPoints: s.finalPoints,
    dropped: s.dropped,
    you: s.userId === viewerId,
  }));
  const mine = all.findIndex((r) => r.you);
  const cut = Math.max(1, maxRows);
  const keepsViewer = mine >= cut;
  const rows = keepsViewer ? [...all.slice(0, cut - 1), all[mine]!] : all.slice(0, cut);
  return {
    id: view.id,
    name: view.state.options.name,
    status: view.state.status,
    round: of.round,
    rounds: view.state.options.rounds,
    table: of.table,
    rows,
    skipped: keepsViewer ? mine - (cut - 1) : 0,
    people: all.length,
  };
}
