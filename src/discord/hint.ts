// `/olathe hint` and the 💡 button: the solver's three best choices for the player's turn, in plain words.
import type { APIEmbed } from 'discord.js';
import type { GameService, GameView } from '../service/game-service';
import { UserFacingError } from './context';
import { points } from './render/text';

export const HINTS_OFF_TEXT = 'Hints are switched off in this game.';

/** The hint for `userId`'s turn in `game`, or a refusal saying why there is none now. */
export function hintEmbed(service: GameService, game: GameView, userId: string): APIEmbed {
  const seat = game.players.find((p) => p.userId === userId)?.seat;
  const state = game.state;
  if (game.status !== 'playing' || !state)
    throw new UserFacingError('Hints are for games in play — start one with /olathe start.');
  if (seat === undefined) throw new UserFacingError('You are not playing in this game.');
  if (game.options.hints === false) throw new UserFacingError(HINTS_OFF_TEXT);
  const player = state.players[seat]!;
  if (player.left) throw new UserFacingError('You have left this game.');
  if (state.options.variant === 'olathe' && state.current !== seat) {
    throw new UserFacingError("It's not your turn — hints are for your own turn.");
  }
  const advice = service.hint(game, seat);
  if (!advice) throw new UserFacingError('You have nothing to decide right now.');
  const lines = advice.choices.map((c, i) => {
    const behind = c.behindBest > 0.005 ? ` (${c.behindBest.toFixed(2)} behind)` : '';
    return `**${i + 1}.** ${c.text} — expected final **${points(Math.round(c.expectedFinal * 100) / 100)}**${behind}`;
  });
  return {
    title: '💡 Hint',
    description: [advice.summary, '', ...lines].join('\n'),
    footer: {
      text: 'Expected final score = bonus + modifier your card should end with, if you play on as the solver would.',
    },
    color: 0xfee75c,
  };
}
