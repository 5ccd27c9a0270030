// The 🎲 Open the board button: on the lobby and on every card a player plays on, it opens the game's
// Activity in that channel. Shown only when the bot serves the Activity (ACTIVITY_PORT): a bot without it draws
// exactly what it drew before, so its cards' digests — and the messages already in its channels — stay as they are.
import type { APIActionRowComponent, APIButtonComponentWithCustomId, APIComponentInMessageActionRow } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import { encodeCustomId } from '../custom-id';
import type { RenderableGame } from './view';
import { gameT } from './text';

let shown: boolean | null = null;

/**
 * Whether the renderers draw the button. Until someone sets it (useOpenBoardButton, at start), it follows
 * ACTIVITY_PORT in the environment, read on first use: after .env is loaded, and the same in every shard process.
 */
export function showsOpenBoardButton(): boolean {
  if (shown === null) shown = Boolean(process.env.ACTIVITY_PORT?.trim());
  return shown;
}

/** Sets whether the renderers draw the button from now on; `null` goes back to following ACTIVITY_PORT. */
export function useOpenBoardButton(on: boolean | null): void {
  shown = on;
}

/** The button itself. Its custom_id names only the game: the Activity finds the game from the channel it opens in. */
export function openBoardButton(game: Pick<RenderableGame, 'id' | 'locale'>): APIButtonComponentWithCustomId {
  return {
    type: ComponentType.Button,
    custom_id: encodeCustomId({ action: 'open-board', gameId: game.id }),
    label: gameT(game)('board.open'),
    style: ButtonStyle.Secondary,
  };
}

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** Discord's limits: at most 5 buttons in an action row, and 5 action rows in a message. */
export const BUTTONS_PER_ROW = 5;
export const ROWS_PER_MESSAGE = 5;

const isButtonRow = (row: Row) => row.components.every((c) => c.type === ComponentType.Button);

/**
 * The rows with the button added, when it is shown: beside the first row of buttons that has room (a card's
 * Throw and Hint, the lobby's Join … Cancel), else in a row of its own. A message already at 5 rows keeps its
 * rows: the game's own controls come first.
 */
export function withOpenBoardButton(rows: Row[], game: Pick<RenderableGame, 'id' | 'locale'>): Row[] {
  if (!showsOpenBoardButton()) return rows;
  const button = openBoardButton(game);
  const roomy = rows.findIndex((row) => isButtonRow(row) && row.components.length < BUTTONS_PER_ROW);
  if (roomy >= 0)
    return rows.map((row, i) => (i === roomy ? { ...row, components: [...row.components, button] } : row));
  if (rows.length >= ROWS_PER_MESSAGE) return rows;
  return [...rows, { type: ComponentType.ActionRow, components: [button] }];
}
