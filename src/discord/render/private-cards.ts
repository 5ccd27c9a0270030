// Where the bot is not a member (a group DM, a server reached only by a user's install), a Balut game shows one
// public table, and each player's card only to them: its button answers privately with the clicker's own card,
// whose buttons then update that private message. The bot could not keep public cards there in line: it may
// edit messages only through a recent interaction's token, and post at most 5 follow-ups per interaction.
import { ButtonStyle, ComponentType } from 'discord.js';
import { seatsToAct } from '../../game';
import type { GameView, LastWrite } from '../../service/game-service';
import { encodeCustomId } from '../custom-id';
import { renderScoreboard } from './game-messages';
import { gameT } from './text';
import { withOpenBoardButton } from './open-board';
import type { MessageBody } from './turn';

/** The public table: the progress of every card, the players still to play named, and the button to one's card. */
export function renderTable(
  game: GameView,
  last: ReadonlyMap<number, LastWrite>,
): { body: MessageBody; ping: string[] } {
  const board = renderScoreboard(game, last);
  if (game.status !== 'playing') return { body: board, ping: [] };
  const t = gameT(game);
  const acting = seatsToAct(game.state!)
    .map((seat) => game.players[seat]!)
    .filter((p) => !p.isBot);
  const body: MessageBody = {
    ...board,
    content: t('turn.cardsPrivate', { players: acting.map((p) => `<@${p.userId}>`).join(' ') }),
    components: withOpenBoardButton(
      [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              custom_id: encodeCustomId({ action: 'mycard', gameId: game.id }),
              label: t('turn.myCard'),
              style: ButtonStyle.Primary,
            },
          ],
        },
      ],
      game,
    ),
  };
  // Pinged when the table is first posted, as the game starts; it is only edited after that.
  return { body, ping: acting.map((p) => p.userId) };
}
