// A player's turn message: their card, the dice, and the controls to hold, throw, declare and write.
import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed, APISelectMenuOption } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { CellRef, GameState, Variant } from '../../game';
import { turnStamp } from '../../service/stamp';
import {
  CATEGORIES,
  declarableColumns,
  emptyCellCount,
  filledCellCount,
  isCardFull,
  nextOrderedCell,
  scoreCell,
  throwsLeft,
  totalCellCount,
  writableCells,
} from '../../game';
import { encodeCellValue, encodeCustomId } from '../custom-id';
import type { RenderableGame } from './view';
import { seatName } from './view';
import type { Translate } from '../i18n';
import { cardTable, categoryName, columnName, diceText, fivesText, gameT, scoreLine } from './text';
import { Remembered, cardSignature } from './remembered';
import { diceGlyphs } from './dice-glyphs';
import { withOpenBoardButton } from './open-board';

export interface MessageBody {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowedMentions?: { users?: string[]; parse?: [] };
}

export const MAX_PREDICTION = 24;

/** Every die of a list drawn with the held look. */
const ALL_HELD: readonly boolean[] = [true, true, true, true, true];

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export function renderTurn(game: RenderableGame, seat: number): MessageBody {
  const state = game.state!;
  const player = state.players[seat]!;
  const { variant, columns: kinds } = state.options;
  const t = gameT(game);
  const lines: string[] = [];
  const final = game.status !== 'playing' || player.left || isCardFull(player.card);
  lines.push(
    cardTexts.get(`${game.id}:${seat}`, `${cardSignature(player.card)}${variant}:${final}:${game.locale}`, () =>
      ['```', cardTable(player.card, variant, t), '```', scoreLine(player.card, t, final)].join('\n'),
    ),
  );
  if (variant === 'olathe') {
    const column = player.turn.column;
    if (column === null) lines.push(t('turn.columnNone'));
    else {
      const next = nextOrderedCell(player.card.columns[column]!);
      const nextText = next ? t('turn.nextCell', { category: categoryName(t, next, variant) }) : '';
      lines.push(`${t('turn.column', { column: columnName(t, kinds, column) })}${nextText}`);
    }
  }
  const { throwsUsed } = player.turn;
  const perTurn = state.options.throwsPerTurn;
  if (player.turn.dice) {
    const held = player.turn.dice.filter((_, i) => player.turn.held[i]);
    const heldText = held.length ? t('turn.held', { dice: diceText(held, ALL_HELD) }) : '';
    const dice = diceText(player.turn.dice, player.turn.held);
    lines.push(`${t('turn.throwOf', { used: throwsUsed, perTurn, dice })}${heldText}`);
  } else {
    lines.push(t('turn.nothingThrown', { throws: t('word.throws', { count: perTurn }) }));
  }
  if (state.options.predictions && player.prediction !== null)
    lines.push(t('turn.predicted', { fives: fivesText(player.prediction, variant, t) }));
  const deadline = game.deadlines[seat];
  // A computer player's deadline is only its pace, not a countdown anyone waits for.
  if (deadline && !game.players[seat]?.isBot)
    lines.push(t('turn.deadline', { when: `<t:${Math.ceil(deadline / 1000)}:R>` }));

  const turnNumber = Math.min(player.turnsTaken + 1, totalCellCount(player.card));
  const embed: APIEmbed = {
    title: t('turn.title', { name: seatName(game, seat), turn: turnNumber, total: totalCellCount(player.card) }),
    description: lines.join('\n'),
    color: variant === 'olathe' ? 0x5865f2 : 0xeb459e,
    footer: {
      text: t('turn.footer', {
        variant: variant === 'olathe' ? 'Olathe' : 'Balut',
        id: game.id,
        cells: t('word.cells', { count: filledCellCount(player.card) }),
      }),
    },
  };
  return {
    embeds: [embed],
    components: turnControls(game, state, seat, t),
  };
}

function turnControls(game: RenderableGame, state: GameState, seat: number, t: Translate): Row[] {
  const player = state.players[seat]!;
  const stamp = turnStamp(player);
  const base = { gameId: game.id, seat, stamp };
  const left = throwsLeft(state, seat);
  const dice = player.turn.dice;
  const rows: Row[] = [];

  if (dice) {
    const glyphs = diceGlyphs();
    rows.push({
      type: ComponentType.ActionRow,
      components: dice.map((face, die) => {
        const held = player.turn.held[die] ?? false;
        return {
          type: ComponentType.Button,
          custom_id: encodeCustomId({ action: 'hold', ...base, die, held: !held }),
          ...glyphs.button(face, held),
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
      label: left === 0 ? t('turn.noThrowsLeft') : t('turn.throw', { left }),
      style: ButtonStyle.Success,
      disabled: needsColumn || left === 0 || allHeld,
    },
  ];
  if (state.options.hints !== false) {
    buttons.push({
      type: ComponentType.Button,
      custom_id: encodeCustomId({ action: 'hint', ...base }),
      label: t('turn.hint'),
      style: ButtonStyle.Secondary,
    });
  }
  rows.push({ type: ComponentType.ActionRow, components: buttons });

  if (needsColumn) rows.push(declareSelect(game, state, seat, stamp, t));
  else if (dice) rows.push(...rememberedWriteSelects(game, state, seat, stamp, t));

  if (state.options.predictions && player.turnsTaken === 0 && !dice)
    rows.push(predictSelect(game, seat, stamp, player.prediction, state.options.variant, t));
  // Beside Throw and Hint, which leave three places in their row.
  return withOpenBoardButton(rows, game);
}

function declareSelect(game: RenderableGame, state: GameState, seat: number, stamp: string, t: Translate): Row {
  const player = state.players[seat]!;
  const { variant, columns: kinds } = state.options;
  const options: APISelectMenuOption[] = declarableColumns(state, seat).map((index) => {
    const column = player.card.columns[index]!;
    const next = nextOrderedCell(column);
    const detail = next
      ? t('turn.next', { category: categoryName(t, next, variant) })
      : t('turn.empty', { count: emptyCellCount(column) });
    return { label: `${columnName(t, kinds, index)} — ${detail}`, value: String(index) };
  });
  return selectRow(encodeCustomId({ action: 'declare', gameId: game.id, seat, stamp }), t('turn.declare'), options);
}

/** The card's table and score line, and its write menus, of the seats played lately: what a hold redraws unchanged. */
const cardTexts = new Remembered<string>(256);
const writeMenus = new Remembered<Row[]>(256);

/**
 * The write menus, drawn once per moment of a turn. What they offer follows from the card, the declared column
 * and the dice, none of which a hold changes, and a moment (the stamp) names one set of dice: so a hold, the
 * commonest click, reuses the menus its card was last drawn with (drawing them was most of a hold's rendering).
 */
function rememberedWriteSelects(
  game: RenderableGame,
  state: GameState,
  seat: number,
  stamp: string,
  t: Translate,
): Row[] {
  const { turn, card } = state.players[seat]!;
  const { variant, columns } = state.options;
  // Everything else writeSelects reads (the game and seat are the owner), so that two games that share an id
  // (two databases in one process) never share menus.
  const key = `${stamp}:${turn.column}:${turn.dice!.join('')}:${variant}:${columns.join()}:${cardSignature(card)}:${game.locale}`;
  return writeMenus.get(`${game.id}:${seat}`, key, () => writeSelects(game, state, seat, stamp, t));
}

/**
 * The cells the dice can go into, each with the points it would score now. Olathe lists the legal cells of
 * the declared column. Balut may write into any empty cell of its four Free columns, which can be 28: more
 * than a select's 25 options. So its first menu offers each category once, in its leftmost empty column
 * (named, so nobody wonders where the dice go), and a second menu offers the category's other empty columns.
 */
function writeSelects(game: RenderableGame, state: GameState, seat: number, stamp: string, t: Translate): Row[] {
  const dice = state.players[seat]!.turn.dice!;
  const { variant, columns: kinds } = state.options;
  const cells = [...writableCells(state, seat)].sort(
    (a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || a.column - b.column,
  );
  const option = (ref: CellRef, description?: string): APISelectMenuOption => {
    const points = scoreCell(ref.category, dice);
    return {
      label: `${categoryName(t, ref.category, variant)} (${columnName(t, kinds, ref.column)}) — ${points === 0 ? t('turn.scratch') : t('turn.pts', { points })}`,
      value: encodeCellValue(ref.column, ref.category),
      ...(description ? { description } : {}),
    };
  };
  const base = { action: 'write' as const, gameId: game.id, seat, stamp };
  if (variant !== 'balut')
    return [
      selectRow(
        encodeCustomId(base),
        t('turn.writePlaceholder'),
        cells.map((ref) => option(ref)),
      ),
    ];
  const first = cells.filter((ref, i) => i === 0 || cells[i - 1]!.category !== ref.category);
  const others = cells.filter((ref) => !first.includes(ref));
  const rows = [
    selectRow(
      encodeCustomId(base),
      t('turn.writePlaceholder'),
      first.map((ref) => {
        const more = others.filter((o) => o.category === ref.category).map((o) => columnName(t, kinds, o.column));
        return option(ref, more.length > 0 ? t('turn.alsoFree', { columns: more.join(', ') }) : undefined);
      }),
    ),
  ];
  if (others.length > 0)
    rows.push(
      selectRow(
        encodeCustomId({ ...base, menu: 2 }),
        t('turn.otherColumn'),
        others.map((ref) => option(ref)),
      ),
    );
  return rows;
}

function predictSelect(
  game: RenderableGame,
  seat: number,
  stamp: string,
  current: number | null,
  variant: Variant,
  t: Translate,
): Row {
  const options: APISelectMenuOption[] = Array.from({ length: MAX_PREDICTION + 1 }, (_, n) => ({
    label: t('turn.predictOption', { fives: fivesText(n, variant, t) }),
    value: String(n),
    default: current === n,
  }));
  return selectRow(
    encodeCustomId({ action: 'predict', gameId: game.id, seat, stamp }),
    t('turn.predict', { word: categoryName(t, 'olathe', variant) }),
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
