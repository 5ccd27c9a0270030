// Every seat of a Balut game making its move at the same instant, in waves: a throw, a hold, a second throw, a
// write. Shared by the test of one process and by the child process of the two-process test, so both play the
// same moves with the stamps of the cards their players were shown.
import type { Category } from '../../../src/game';
import { writableCells } from '../../../src/game';
import type { GameService, GameView } from '../../../src/service/game-service';
import { turnStamp } from '../../../src/service/game-service';

export const WAVES = ['throw', 'hold', 'throw again', 'write'] as const;
export type Wave = (typeof WAVES)[number];

/** What came of one seat's click: its refusal's code and words, or null when it was played. */
export interface SeatOutcome {
  seat: number;
  refused: { code: string; message: string } | null;
}

/** The seats still writing cells: Balut seats play until their card is full. */
export function seatsInPlay(view: GameView): number[] {
  const state = view.state;
  if (view.status !== 'playing' || !state) return [];
  const open = (seat: number) =>
    state.players[seat]!.card.columns.some((c) => Object.values(c.cells).some((points) => points === null));
  return state.players.flatMap((p, seat) => (!p.left && open(seat) ? [seat] : []));
}

/** One click of `seat` in `wave`, decided on `view` (the card its player sees), with that card's stamp. */
export function click(service: GameService, view: GameView, seat: number, wave: Wave): Promise<unknown> {
  const state = view.state!;
  const player = state.players[seat]!;
  const userId = view.players[seat]!.userId;
  const stamp = turnStamp(player);
  switch (wave) {
    case 'throw':
    case 'throw again':
      return service.throwDice(view.id, userId, stamp, seat);
    case 'hold':
      return service.setHold(view.id, userId, seat % 5, true, stamp, seat);
    case 'write': {
      const cell = writableCells(state, seat)[0]!;
      return service.write(view.id, userId, cell.column, cell.category as Category, stamp, seat);
    }
  }
}

/** All of `seats` click at the same instant; what each got. */
export async function clickTogether(
  service: GameService,
  view: GameView,
  seats: readonly number[],
  wave: Wave,
): Promise<SeatOutcome[]> {
  const settled = await Promise.allSettled(seats.map((seat) => click(service, view, seat, wave)));
  return settled.map((s, i) => ({
    seat: seats[i]!,
    refused:
      s.status === 'fulfilled'
        ? null
        : { code: String((s.reason as { code?: unknown }).code), message: (s.reason as Error).message },
  }));
}
