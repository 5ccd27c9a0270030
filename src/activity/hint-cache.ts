// The solver's hint for a seat, remembered per moment: every board of a game is drawn again at each change, and the
// advice for a seat follows from its own card and turn and the game's options alone, which other seats' moves leave
// as they are.
import type { GameState } from '../game';
import type { Hint } from '../solver/advice';
import { hint } from '../solver/advice';

const REMEMBERED = 256;

export function rememberingHint(): (state: GameState, seat: number) => Hint | null {
  const known = new Map<string, Hint | null>();
  return (state, seat) => {
    const player = state.players[seat];
    const acting = state.options.variant === 'balut' || state.current === seat;
    const key = JSON.stringify([state.options, player, acting, state.status]);
    if (known.has(key)) return known.get(key)!;
    const advice = hint(state, seat);
    if (known.size >= REMEMBERED) known.delete(known.keys().next().value!);
    known.set(key, advice);
    return advice;
  };
}
