// What the Activity's board shows of a game, as plain JSON for the page: built from the service's GameView with
// the engine's and the solver's own functions (a cell's points, which cells the dice may go into, the hint), so a
// rule lives in one place and the board can never offer what the card's buttons would refuse. Pure: no Discord,
// no SQL. The viewer's own controls (`you`) are filled in only for their seat; everyone sees every card.
import type { Category, ColumnKind, Dice, GameState, Variant } from '../game';
import {
  CATEGORIES,
  declarableColumns,
  gameResults,
  isFiveOfAKind,
  scoreCard,
  scoreCell,
  seatsToAct,
  throwsLeft,
  writableCells,
} from '../game';
import type { Hint } from '../solver/advice';
import { hint as solverHint } from '../solver/advice';
import type { GameView, GameViewStatus } from '../service/view';
import { offersRematch } from '../service/rematch';
import { turnStamp } from '../service/stamp';
import type { BoardRating, SeatRatings } from './seat-ratings';
import type { BoardTournament } from './tournament-panel';

/** One written cell of a card: its dice and the points they scored there. */
export interface BoardCell {
  column: number;
  category: Category;
  dice: Dice;
  points: number;
}

export interface BoardPlayer {
  seat: number;
  name: string;
  isBot: boolean;
  /** 'quit' or 'removed' once they no longer play (their card still scores); null while playing. */
  left: string | null;
  /** The card's score so far: the final score as the calculator counts it (incentives and modifier included). */
  total: number;
  rawTotal: number;
  /** Every written cell (in a lobby: none). */
  cells: BoardCell[];
  /** Their dice on the table now (everyone sees everyone's dice, as on the channel's cards); null before a throw. */
  dice: Dice | null;
  held: boolean[];
  /** Olathe: the column declared for this turn. */
  column: number | null;
  prediction: number | null;
  /** When their turn times out (ms since the epoch); null when they are not in a timed turn. */
  deadline: number | null;
  /** Their rating in the game's variant (seat-ratings.ts); null: unknown, or a solo game. Older servers send none. */
  rating?: BoardRating | null;
}

/** An empty cell of the viewer's card with what the dice on the table would score there now. */
export interface FreeCell {
  column: number;
  category: Category;
  /** Points the dice on the table score here now; null before a throw. */
  points: number | null;
  /** The card's write menu offers it now (Olathe: the declared column's next legal cells). */
  writable: boolean;
  /** 0 points: the card's menu calls this writing a scratch. */
  scratch: boolean;
}

/** The solver's best choice for the viewer's turn (the card's 💡), as data the page words itself. */
export interface BoardHintChoice {
  kind: 'declare' | 'throw' | 'hold' | 'write';
  column?: number;
  category?: Category;
  /** hold: the dice to hold (by position), the others thrown again. */
  held?: boolean[];
  expectedFinal: number;
  behindBest: number;
  /**
   * A write or a declaration cannot be taken back: the hint's Apply asks first (src/discord/hint.ts's
   * confirmMessage); holds and throws apply at once. The card's own write menu writes on one pick.
   */
  confirm: boolean;
}

export interface BoardHint {
  situation: Hint['situation'];
  choices: BoardHintChoice[];
  /** The expected final score of the viewer's card with the best play from here on. */
  expectedFinal: number;
}

/** The viewer's controls: what the card's buttons would let them do now, and the stamp those buttons carry. */
export interface BoardYou {
  seat: number;
  /** Whether they act now (their Olathe turn; in Balut, while their card has cells left). */
  acting: boolean;
  /** The moment a move must name (src/service/stamp.ts): a move with an older stamp is refused as stale. */
  stamp: string;
  dice: Dice | null;
  held: boolean[];
  throwsLeft: number;
  /** The card's Throw button is enabled: a column declared (Olathe), throws left, not every die held. */
  canThrow: boolean;
  /** Dice may be held or released: dice on the table and throws left (the card disables hold buttons otherwise). */
  canHold: boolean;
  /** Olathe before the first throw: a column must be declared, one of these. */
  declarable: number[];
  /** Every empty cell of their card, with the points the dice on the table would score there. */
  free: FreeCell[];
  /** The prediction side game is open (before their first throw of the game); null when it is off or closed. */
  predict: { current: number | null; max: number } | null;
  /** The solver's advice when hints are on and they act now; null otherwise. */
  hint: BoardHint | null;
}

/** A five of a kind on the table: the board's Olathe (Balut) shout, keyed so the page shows it once. */
export interface BoardShout {
  seat: number;
  name: string;
  dice: Dice;
  /** The thrower's stamp at the throw: seat + key names one throw. */
  key: string;
}

export interface BoardStanding {
  seat: number;
  name: string;
  place: number;
  final: number;
  rawTotal: number;
  left: boolean;
  prediction: number | null;
  exactPrediction: boolean;
}

export interface BoardResults {
  standings: BoardStanding[];
  winners: number[];
  olathesScored: number;
  /** The score-sheet picture's signed address, relative to the page: filled in by the server for a board signed in. */
  picture: string | null;
  /** The game offers a Rematch, as its results message does (not a daily game's, not a tournament table's). */
  rematch?: boolean;
}

export interface BoardView {
  gameId: number;
  variant: Variant;
  options: { columns: ColumnKind[]; throwsPerTurn: number; predictions: boolean; hints: boolean };
  status: GameViewStatus;
  /** The language of the game's channel messages. */
  locale: string;
  /** The engine's version (events applied): grows with every move, so the page can tell a newer board. */
  version: number;
  players: BoardPlayer[];
  /** Olathe: whose turn it is; null in Balut and when the game is not in play. */
  current: number | null;
  /** The seats that act now. */
  acting: number[];
  /** The viewer's seat; null for a spectator. */
  viewerSeat: number | null;
  you: BoardYou | null;
  shouts: BoardShout[];
  /** When the game is over (finished, or ended early): the ranking. */
  results: BoardResults | null;
  /** A tournament's table: the tournament's panel (tournament-panel.ts). Absent otherwise, and from older servers. */
  tournament?: BoardTournament;
}

/** The engine accepts a prediction of 0 to 99 Olathes; the card's menu offers 0 to this many. */
export const MAX_BOARD_PREDICTION = 24;

export interface BoardViewOptions {
  /** The solver's advice for a seat (default: the solver itself); the server passes a remembering one. */
  hint?: (state: GameState, seat: number) => Hint | null;
  /** The seats' ratings, as the live game keeps them (rating-cache.ts); none unless given. */
  ratings?: SeatRatings;
  /** The tournament's panel for this viewer, when the game is a tournament's table. */
  tournament?: BoardTournament;
}

export function boardView(game: GameView, viewerSeat: number | null, options: BoardViewOptions = {}): BoardView {
  const state = game.state;
  const seated = viewerSeat !== null && game.players[viewerSeat] !== undefined ? viewerSeat : null;
  return {
    gameId: game.id,
    variant: game.options.variant,
    options: {
      columns: [...game.options.columns],
      throwsPerTurn: game.options.throwsPerTurn,
      predictions: game.options.predictions,
      hints: game.options.hints !== false,
    },
    status: game.status,
    locale: game.locale,
    version: state?.version ?? 0,
    players: game.players.map((p) => boardPlayer(game, p.seat, options.ratings?.[p.seat] ?? null)),
    current: state && game.status === 'playing' && state.options.variant === 'olathe' ? state.current : null,
    acting: state && game.status === 'playing' ? seatsToAct(state) : [],
    viewerSeat: seated,
    you: seated !== null && state && game.status === 'playing' ? yourControls(state, seated, options) : null,
    shouts: state && game.status === 'playing' ? shoutsOn(game, state) : [],
    results: state && (game.status === 'finished' || game.status === 'ended') ? resultsOf(game, state) : null,
    ...(options.tournament ? { tournament: options.tournament } : {}),
  };
}

function boardPlayer(game: GameView, seat: number, rating: BoardRating | null): BoardPlayer {
  const p = game.players[seat]!;
  const player = game.state?.players[seat];
  const breakdown = player ? scoreCard(player.card) : null;
  const cells: BoardCell[] = [];
  player?.card.columns.forEach((col, column) => {
    for (const category of CATEGORIES) {
      const dice = col.cells[category];
      if (dice) cells.push({ column, category, dice, points: breakdown!.columns[column]!.cells[category] ?? 0 });
    }
  });
  return {
    seat,
    name: p.name,
    isBot: p.isBot,
    left: p.left,
    total: breakdown?.final ?? 0,
    rawTotal: breakdown?.rawTotal ?? 0,
    cells,
    dice: player?.turn.dice ?? null,
    held: [...(player?.turn.held ?? [])],
    column: player?.turn.column ?? null,
    prediction: player?.prediction ?? null,
    deadline: game.deadlines[seat] ?? null,
    rating,
  };
}

function yourControls(state: GameState, seat: number, options: BoardViewOptions): BoardYou {
  const player = state.players[seat]!;
  const { dice, held } = player.turn;
  const acting = seatsToAct(state).includes(seat);
  const left = throwsLeft(state, seat);
  const needsColumn = state.options.variant === 'olathe' && player.turn.column === null;
  const writable = new Set(acting ? writableCells(state, seat).map((c) => `${c.column}:${c.category}`) : []);
  const free: FreeCell[] = [];
  player.card.columns.forEach((col, column) => {
    for (const category of CATEGORIES) {
      if (col.cells[category]) continue;
      const points = dice ? scoreCell(category, dice) : null;
      free.push({ column, category, points, writable: writable.has(`${column}:${category}`), scratch: points === 0 });
    }
  });
  const predictOpen = state.options.predictions && player.turnsTaken === 0 && dice === null;
  const advice = acting && state.options.hints !== false ? (options.hint ?? solverHint)(state, seat) : null;
  return {
    seat,
    acting,
    stamp: turnStamp(player),
    dice,
    held: [...held],
    throwsLeft: left,
    canThrow: acting && !needsColumn && left > 0 && !(dice !== null && held.every(Boolean)),
    canHold: acting && dice !== null && left > 0,
    declarable: acting && needsColumn ? declarableColumns(state, seat) : [],
    free,
    predict: predictOpen ? { current: player.prediction, max: MAX_BOARD_PREDICTION } : null,
    hint: advice ? boardHint(advice) : null,
  };
}

function boardHint(advice: Hint): BoardHint | null {
  const best = advice.choices[0];
  if (!best) return null;
  return {
    situation: advice.situation,
    expectedFinal: best.expectedFinal,
    choices: advice.choices.map((c) => ({
      kind: c.kind,
      ...(c.kind === 'declare' ? { column: c.column } : {}),
      ...(c.kind === 'write' ? { column: c.column, category: c.category } : {}),
      ...(c.kind === 'hold' ? { held: [...c.held] } : {}),
      expectedFinal: c.expectedFinal,
      behindBest: c.behindBest,
      confirm: c.kind === 'write' || c.kind === 'declare',
    })),
  };
}

/**
 * Five of a kind on the table, as the channel's shout names it (src/service/channel-work.ts): shown while the
 * dice lie there. A turn timer's throw that is written in the same move never lies on the table, so the board
 * misses that one shout; the channel still has it.
 */
function shoutsOn(game: GameView, state: GameState): BoardShout[] {
  return state.players.flatMap((p, seat) =>
    p.turn.dice && isFiveOfAKind(p.turn.dice)
      ? [{ seat, name: game.players[seat]?.name ?? '', dice: p.turn.dice, key: turnStamp(p) }]
      : [],
  );
}

function resultsOf(game: GameView, state: GameState): BoardResults {
  const results = gameResults(state);
  return {
    winners: results.winners,
    olathesScored: results.olathesScored,
    picture: null,
    rematch: offersRematch(game),
    standings: results.standings.map((s) => ({
      seat: s.seat,
      name: game.players[s.seat]?.name ?? '',
      place: s.place,
      final: s.breakdown.final,
      rawTotal: s.breakdown.rawTotal,
      left: s.left,
      prediction: state.players[s.seat]?.prediction ?? null,
      exactPrediction: results.exactPredictions.includes(s.seat),
    })),
  };
}
