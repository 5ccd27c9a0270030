// A player's turn message: their card, the dice, and the controls to hold, throw, declare and write.
import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed, APISelectMenuOption } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { Category, GameState, Variant } from '../../game';
import { turnStamp } from '../../service/stamp';
import {
  CATEGORIES,
  DIE_FACE_GLYPHS,
  categoryLabel,
  columnLabel,
  declarableColumns,
  emptyCellCount,
  filledCellCount,
  nextOrderedCell,
  scoreCell,
  throwsLeft,
  totalCellCount,
  writableCells,
} from '../../game';
import { encodeCellValue, encodeCustomId } from '../custom-id';
import type { RenderableGame } from './view';
import { seatName } from './view';
import { cardTable, diceText, fivesText, scoreLine } from './text';

export interface MessageBody {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowedMentions?: { users?: string[]; parse?: [] };
}

export const MAX_PREDICTION = 24;

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export function renderTurn(game: RenderableGame, seat: number): MessageBody {
  const state = game.state!;
  const player = state.players[seat]!;
  const { variant, columns: kinds } = state.options;
  const lines: string[] = [];
  lines.push('```', cardTable(player.card, variant), '```');
  lines.push(scoreLine(player.card));
  if (variant === 'olathe') {
    const column = player.turn.column;
    if (column === null) lines.push('**Column:** not declared yet — choose one below, then throw.');
    else {
      const next = nextOrderedCell(player.card.columns[column]!);
      lines.push(
        `**Column:** ${columnLabel(kinds, column)}${next ? ` → next cell ${categoryLabel(next, variant)}` : ''}`,
      );
    }
  }
  const { throwsUsed } = player.turn;
  const perTurn = state.options.throwsPerTurn;
  if (player.turn.dice) {
    const held = player.turn.dice.filter((_, i) => player.turn.held[i]);
    lines.push(
      `**Throw ${throwsUsed} of ${perTurn}** · Dice: ${diceText(player.turn.dice)}${held.length ? ` · held: ${diceText(held)}` : ''}`,
    );
  } else {
    lines.push(`**${perTurn} throws** this turn — nothing thrown yet.`);
  }
  if (state.options.predictions && player.prediction !== null)
    lines.push(`🔮 You predicted ${fivesText(player.prediction, variant)} in the whole game.`);
  const deadline = game.deadlines[seat];
  // A computer player's deadline is only its pace, not a countdown anyone waits for.
  if (deadline && !game.players[seat]?.isBot)
    lines.push(`⏳ Turn ends on its own <t:${Math.ceil(deadline / 1000)}:R>.`);

  const turnNumber = Math.min(player.turnsTaken + 1, totalCellCount(player.card));
  const embed: APIEmbed = {
    title: `${seatName(game, seat)} — turn ${turnNumber} of ${totalCellCount(player.card)}`,
    description: lines.join('\n'),
    color: variant === 'olathe' ? 0x5865f2 : 0xeb459e,
    footer: {
      text: `${variant === 'olathe' ? 'Olathe' : 'Balut'} · game ${game.id} · ${filledCellCount(player.card)} cells written`,
    },
  };
  return {
    embeds: [embed],
    components: turnControls(game, state, seat),
  };
}

function turnControls(game: RenderableGame, state: GameState, seat: number): Row[] {
  const player = state.players[seat]!;
  const stamp = turnStamp(player);
  const base = { gameId: game.id, seat, stamp };
  const left = throwsLeft(state, seat);
  const dice = player.turn.dice;
  const rows: Row[] = [];

  if (dice) {
    rows.push({
      type: ComponentType.ActionRow,
      components: dice.map((face, die) => {
        const held = player.turn.held[die] ?? false;
        return {
          type: ComponentType.Button,
          custom_id: encodeCustomId({ action: 'hold', ...base, die, held: !held }),
          label: `${DIE_FACE_GLYPHS[face]} ${face}${held ? ' 🔒' : ''}`,
          style: held ? ButtonStyle.Primary : ButtonStyle.Secondary,
          disabled: left === 0,
        };
      }),
    });
  }

  const needsColumn = state.options.variant === 'olathe' && player.turn.column === null;
  const allHeld = dice !== null && player.turn.held.every(Boolean);
  const buttons: Row['components'] = [
    {
      type: ComponentType.Button,
      custom_id: encodeCustomId({ action: 'throw', ...base }),
      label: left === 0 ? '🎲 No throws left' : `🎲 Throw (${left} left)`,
      style: ButtonStyle.Success,
      disabled: needsColumn || left === 0 || allHeld,
    },
  ];
  if (state.options.hints !== false) {
    buttons.push({
      type: ComponentType.Button,
      custom_id: encodeCustomId({ action: 'hint', ...base }),
      label: '💡 Hint',
      style: ButtonStyle.Secondary,
    });
  }
  rows.push({ type: ComponentType.ActionRow, components: buttons });

  if (needsColumn) rows.push(declareSelect(game, state, seat, stamp));
  else if (dice) rows.push(writeSelect(game, state, seat, stamp));

  if (state.options.predictions && player.turnsTaken === 0 && !dice)
    rows.push(predictSelect(game, seat, stamp, player.prediction, state.options.variant));
  return rows;
}

function declareSelect(game: RenderableGame, state: GameState, seat: number, stamp: string): Row {
  const player = state.players[seat]!;
  const { variant, columns: kinds } = state.options;
  const options: APISelectMenuOption[] = declarableColumns(state, seat).map((index) => {
    const column = player.card.columns[index]!;
    const next = nextOrderedCell(column);
    const detail = next ? `next: ${categoryLabel(next, variant)}` : `${emptyCellCount(column)} empty`;
    return { label: `${columnLabel(kinds, index)} — ${detail}`, value: String(index) };
  });
  return selectRow(
    encodeCustomId({ action: 'declare', gameId: game.id, seat, stamp }),
    'Declare your column ▾',
    options,
  );
}

/**
 * The cells the dice can go into, each with the points it would score now. Balut's four columns are all
 * Free and score alike, so it lists categories (written into the leftmost empty cell), which also keeps
 * the list within Discord's 25 options.
 */
function writeSelect(game: RenderableGame, state: GameState, seat: number, stamp: string): Row {
  const player = state.players[seat]!;
  const dice = player.turn.dice!;
  const { variant, columns: kinds } = state.options;
  const cells = writableCells(state, seat);
  const seen = new Set<Category>();
  const options: APISelectMenuOption[] = [];
  for (const ref of cells) {
    if (variant === 'balut') {
      if (seen.has(ref.category)) continue;
      seen.add(ref.category);
    }
    const points = scoreCell(ref.category, dice);
    const where =
      variant === 'balut'
        ? `${cells.filter((c) => c.category === ref.category).length} left`
        : columnLabel(kinds, ref.column);
    options.push({
      label: `${categoryLabel(ref.category, variant)} (${where}) — ${points === 0 ? 'scratch (0)' : `${points} pts`}`,
      value: encodeCellValue(ref.column, ref.category),
    });
  }
  options.sort((a, b) => CATEGORIES.indexOf(valueCategory(a.value)) - CATEGORIES.indexOf(valueCategory(b.value)));
  return selectRow(encodeCustomId({ action: 'write', gameId: game.id, seat, stamp }), 'Write your dice in… ▾', options);
}

function valueCategory(value: string): Category {
  return value.split('.')[1] as Category;
}

function predictSelect(
  game: RenderableGame,
  seat: number,
  stamp: string,
  current: number | null,
  variant: Variant,
): Row {
  const options: APISelectMenuOption[] = Array.from({ length: MAX_PREDICTION + 1 }, (_, n) => ({
    label: `${fivesText(n, variant)} in the whole game`,
    value: String(n),
    default: current === n,
  }));
  return selectRow(
    encodeCustomId({ action: 'predict', gameId: game.id, seat, stamp }),
    `🔮 Predict how many ${categoryLabel('olathe', variant)}s all players will score ▾`,
    options,
  );
}

/** An action row holding one string select. */
export function selectRow(customId: string, placeholder: string, options: APISelectMenuOption[]): Row {
  return {
    type: ComponentType.ActionRow,
    components: [{ type: ComponentType.StringSelect, custom_id: customId, placeholder, options }],
  };
}
