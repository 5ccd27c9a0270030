// `/olathe hint` and the 💡 button: the solver's three best choices for the player's turn, in plain words, with
// an Apply button for the best one. Holds and throws apply at once; a write or a declaration cannot be taken
// back, so Apply first asks. The messages are drawn here; hint-replies.ts answers the clicks.
import type { APIButtonComponent, APIEmbed } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { Category, GameState } from '../game';
import { categoryLabel, columnLabel, scoreCell, throwsLeft } from '../game';
import type { GameService, GameView, HintChoice } from '../service/game-service';
import { turnStamp } from '../service/stamp';
import { UserFacingError } from './context';
import type { ComponentId, HintMove } from './custom-id';
import { encodeCustomId } from './custom-id';
import { whoseTurn } from './refusals';
import type { MessageBody } from './render/turn';
import { diceText, points } from './render/text';

export const HINT_TEXT = {
  title: '💡 Hint',
  footer: 'Expected final score = bonus + modifier your card should end with, if you play on as the solver would.',
  off: 'Hints are switched off in this game.',
  notInPlay: 'Hints are for games in play — start one with /olathe start.',
  notPlaying: 'You are not playing in this game.',
  left: 'You have left this game.',
  notYourTurn: (turn: string) => `${turn} Hints are for your own turn.`,
  nothingToDecide: 'You have nothing to decide right now.',
  choice: (rank: number, text: string, expected: string, behind: string | null) =>
    `**${rank}.** ${text} — expected final **${expected}**${behind ? ` (${behind} behind)` : ''}`,
  applyHold: (dice: string) => (dice ? `Apply: hold ${dice}` : 'Apply: hold nothing'),
  applyWrite: (cell: string) => `Apply: write in ${cell}…`,
  applyDeclare: (column: string) => `Apply: declare ${column}…`,
  applyThrow: 'Apply: throw',
  sureTitle: '💡 Sure?',
  sureWrite: (dice: string, cell: string, score: number) =>
    `Write ${dice} in **${cell}** for **${score}** ${score === 1 ? 'point' : 'points'}? Your turn ends with it.`,
  sureDeclare: (column: string) => `Declare **${column}** for this turn? It stays declared until the turn ends.`,
  writeIt: '✔ Write it',
  declareIt: '✔ Declare it',
  back: '↩ Back to the hint',
  held: (dice: string) => (dice ? `✅ Held ${dice}.` : '✅ Nothing held.'),
  thenThrow: 'Throw with the button below, or with 🎲 on your card.',
  throwButton: (left: number) => `🎲 Throw (${left} left)`,
  threw: (dice: string) => `✅ Threw ${dice}.`,
  declared: (column: string) => `✅ Declared ${column}.`,
  wrote: (score: number, cell: string) => `✅ Wrote ${score} in ${cell}.`,
} as const;

const HINT_COLOR = 0xfee75c;

/** The seat asking, checked: a player of a game in play, whose turn it is, with hints on. */
export function hintSeat(game: GameView, userId: string): number {
  const seat = game.players.find((p) => p.userId === userId)?.seat;
  const state = game.state;
  if (game.status !== 'playing' || !state) throw new UserFacingError(HINT_TEXT.notInPlay);
  if (seat === undefined) throw new UserFacingError(HINT_TEXT.notPlaying);
  if (game.options.hints === false) throw new UserFacingError(HINT_TEXT.off);
  if (state.players[seat]!.left) throw new UserFacingError(HINT_TEXT.left);
  const turn = whoseTurn(game, userId);
  if (turn) throw new UserFacingError(HINT_TEXT.notYourTurn(turn));
  return seat;
}

/** The hint for `userId`'s turn, with Apply for the best choice; `note` (what was just done) goes first. */
export function hintMessage(service: GameService, game: GameView, userId: string, note?: string): MessageBody {
  const seat = hintSeat(game, userId);
  const advice = service.hint(game, seat);
  if (!advice) throw new UserFacingError(HINT_TEXT.nothingToDecide);
  const lines = advice.choices.map((c, i) =>
    HINT_TEXT.choice(
      i + 1,
      c.text,
      points(Math.round(c.expectedFinal * 100) / 100),
      c.behindBest > 0.005 ? c.behindBest.toFixed(2) : null,
    ),
  );
  const embed: APIEmbed = {
    title: HINT_TEXT.title,
    description: [...(note ? [note, ''] : []), advice.summary, '', ...lines].join('\n'),
    footer: { text: HINT_TEXT.footer },
    color: HINT_COLOR,
  };
  const state = game.state!;
  const best = advice.choices[0];
  const move = best ? moveOf(best) : null;
  const apply = move && {
    ...button({ action: 'apply', gameId: game.id, seat, stamp: stampOf(state, seat), move }, ButtonStyle.Primary),
    label: applyLabel(state, seat, move),
  };
  return { embeds: [embed], components: apply ? [row(apply)] : [], allowedMentions: { parse: [] } };
}

/** Apply on a write or a declaration asks first: what exactly happens, and Back to the hint. */
export function confirmMessage(
  game: GameView,
  seat: number,
  move: Extract<HintMove, { kind: 'write' | 'declare' }>,
): MessageBody {
  const state = game.state!;
  const stamp = stampOf(state, seat);
  // A write is only ever suggested with dice on the table, and the caller checked the stamp: they are these.
  const dice = state.players[seat]!.turn.dice!;
  const text =
    move.kind === 'write'
      ? HINT_TEXT.sureWrite(diceText(dice), cellText(state, move.column, move.category), scoreCell(move.category, dice))
      : HINT_TEXT.sureDeclare(columnLabel(state.options.columns, move.column));
  return {
    embeds: [{ title: HINT_TEXT.sureTitle, description: text, color: HINT_COLOR }],
    components: [
      row(
        {
          ...button({ action: 'confirm', gameId: game.id, seat, stamp, move }, ButtonStyle.Success),
          label: move.kind === 'write' ? HINT_TEXT.writeIt : HINT_TEXT.declareIt,
        },
        { ...button({ action: 'hint', gameId: game.id, seat, stamp }, ButtonStyle.Secondary), label: HINT_TEXT.back },
      ),
    ],
    allowedMentions: { parse: [] },
  };
}

/** After Apply held dice: what is held, and the throw that comes next. */
export function heldMessage(game: GameView, seat: number): MessageBody {
  const state = game.state!;
  const turn = state.players[seat]!.turn;
  const held = (turn.dice ?? []).filter((_, i) => turn.held[i]);
  const left = throwsLeft(state, seat);
  const move: HintMove = { kind: 'throw' };
  return {
    embeds: [
      {
        title: HINT_TEXT.title,
        description: `${HINT_TEXT.held(diceText(held))} ${HINT_TEXT.thenThrow}`,
        color: HINT_COLOR,
      },
    ],
    components: [
      row({
        ...button({ action: 'apply', gameId: game.id, seat, stamp: stampOf(state, seat), move }, ButtonStyle.Success),
        label: HINT_TEXT.throwButton(left),
      }),
    ],
    allowedMentions: { parse: [] },
  };
}

/** After a confirmed write: the one line that says what was written; the hint's buttons go. */
export function wroteMessage(game: GameView, move: Extract<HintMove, { kind: 'write' }>, score: number): MessageBody {
  const text = HINT_TEXT.wrote(score, cellText(game.state!, move.column, move.category));
  return { embeds: [{ title: HINT_TEXT.title, description: text, color: HINT_COLOR }], components: [] };
}

/** "House (Free 2)": a cell as the card and the cell menu name it. */
export function cellText(state: GameState, column: number, category: Category): string {
  const { variant, columns } = state.options;
  return `${categoryLabel(category, variant)} (${columnLabel(columns, column)})`;
}

function moveOf(choice: HintChoice): HintMove | null {
  switch (choice.kind) {
    case 'hold':
      return choice.held ? { kind: 'hold', held: choice.held } : null;
    case 'write':
      return choice.column !== undefined && choice.category
        ? { kind: 'write', column: choice.column, category: choice.category }
        : null;
    case 'declare':
      return choice.column !== undefined ? { kind: 'declare', column: choice.column } : null;
    case 'throw':
      return { kind: 'throw' };
  }
}

function applyLabel(state: GameState, seat: number, move: HintMove): string {
  const dice = state.players[seat]!.turn.dice ?? [];
  switch (move.kind) {
    case 'hold':
      return HINT_TEXT.applyHold(diceText(dice.filter((_, i) => move.held[i])));
    case 'write':
      return HINT_TEXT.applyWrite(cellText(state, move.column, move.category));
    case 'declare':
      return HINT_TEXT.applyDeclare(columnLabel(state.options.columns, move.column));
    case 'throw':
      return HINT_TEXT.applyThrow;
  }
}

const stampOf = (state: GameState, seat: number) => turnStamp(state.players[seat]!);

function button(
  id: ComponentId,
  style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success,
): { type: ComponentType.Button; custom_id: string; style: typeof style } {
  return { type: ComponentType.Button, custom_id: encodeCustomId(id), style };
}

function row(...buttons: APIButtonComponent[]): MessageBody['components'][number] {
  return { type: ComponentType.ActionRow, components: buttons };
}
