// A score sheet's input from a game as the results embed sees it (RenderableGame), so the picture and the
// words show the same standings and the same winner (render/results.ts `headline`).
import { gameResults, scoreCard } from '../game';
import type { RenderableGame } from '../discord/render/view';
import { seatName } from '../discord/render/view';
import type { ScoreSheetInput, SheetPlayer } from './sheet-input';

type FinishedGame = RenderableGame & { state: NonNullable<RenderableGame['state']> };

function base(game: FinishedGame, date: number): Omit<ScoreSheetInput, 'kind' | 'players'> {
  return {
    variant: game.options.variant,
    columns: game.options.columns,
    throwsPerTurn: game.options.throwsPerTurn,
    gameId: game.id,
    date,
    locale: game.locale,
    endedEarly: game.status === 'ended',
  };
}

/** Every player's card, in the standings' order. Winners are marked only as the headline names them. */
export function resultsSheetInput(game: FinishedGame, date: number): ScoreSheetInput {
  const results = gameResults(game.state);
  const stayed = results.standings.filter((s) => !s.left).length;
  const hasWinner = game.status === 'finished' && stayed >= 2;
  const players: SheetPlayer[] = results.standings.map((s) => ({
    name: seatName(game, s.seat),
    place: s.place,
    winner: hasWinner && results.winners.includes(s.seat),
    left: s.left,
    breakdown: s.breakdown,
  }));
  return { ...base(game, date), kind: 'results', players };
}

/** One player's card (`/olathe card`), full or not. */
export function cardSheetInput(game: FinishedGame, seat: number, date: number): ScoreSheetInput {
  const player = game.state.players[seat];
  const players: SheetPlayer[] = player
    ? [{ name: seatName(game, seat), place: 1, winner: false, left: player.left, breakdown: scoreCard(player.card) }]
    : [];
  return { ...base(game, date), kind: 'card', players };
}
