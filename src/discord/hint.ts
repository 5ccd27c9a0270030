// `/olathe hint` and the 💡 button: the solver's three best choices for the player's turn, in plain words, with
// an Apply button for the best one. Holds and throws apply at once; a write or a declaration cannot be taken
// back, so Apply first asks. The messages are drawn here; hint-replies.ts answers the clicks.
import type { APIButtonComponent, APIEmbed } from 'discord.js';
import { ButtonStyle, ComponentType } from 'discord.js';
import type { Category, GameState } from '../game';
import { scoreCell, throwsLeft } from '../game';
import type { GameService, GameView, HintChoice } from '../service/game-service';
import { turnStamp } from '../service/stamp';
import { UserFacingError } from './context';
import type { ComponentId, HintMove } from './custom-id';
import { encodeCustomId } from './custom-id';
import { whoseTurn } from './refusals';
import type { MessageBody } from './render/turn';
import { columnName, diceLabelText, diceText, points } from './render/text';
import { cellName, choiceText, hintSummary } from './solver-words';
import type { Translate } from './i18n';
import { DEFAULT_LANGUAGE, tr } from './i18n';

const ENGLISH = tr(DEFAULT_LANGUAGE);

const HINT_COLOR = 0xfee75c;

/** The seat asking, checked: a player of a game in play, whose turn it is, with hints on. */
export function hintSeat(game: GameView, userId: string, t: Translate = ENGLISH): number {
  const seat = game.players.find((p) => p.userId === userId)?.seat;
  const state = game.state;
  if (game.status !== 'playing' || !state) throw UserFacingError.of('hint.notInPlay');
  if (seat === undefined) throw UserFacingError.of('hint.notPlaying');
  if (game.options.hints === false) throw UserFacingError.of('hint.off');
  if (state.players[seat]!.left) throw UserFacingError.of('hint.left');
  const turn = whoseTurn(game, userId, t);
  if (turn) throw UserFacingError.of('hint.notYourTurn', { turn });
  return seat;
}

/** The hint for `userId`'s turn, with Apply for the best choice; `note` (what was just done) goes first. */
export function hintMessage(
  service: GameService,
  game: GameView,
  userId: string,
  note?: string,
  t: Translate = ENGLISH,
): MessageBody {
  const seat = hintSeat(game, userId, t);
  const advice = service.hint(game, seat);
  if (!advice) throw UserFacingError.of('hint.nothingToDecide');
  const options = game.state!.options;
  const lines = advice.choices.map((c, i) =>
    t('hint.choice', {
      rank: i + 1,
      text: choiceText(t, options, advice, c),
      expected: points(Math.round(c.expectedFinal * 100) / 100),
      behind: c.behindBest > 0.005 ? t('hint.behind', { points: c.behindBest.toFixed(2) }) : '',
    }),
  );
  const embed: APIEmbed = {
    title: t('hint.title'),
    description: [...(note ? [note, ''] : []), hintSummary(t, options, advice), '', ...lines].join('\n'),
    footer: { text: t('hint.footer') },
    color: HINT_COLOR,
  };
  const state = game.state!;
  const best = advice.choices[0];
  const move = best ? moveOf(best) : null;
  const apply = move && {
    ...button({ action: 'apply', gameId: game.id, seat, stamp: stampOf(state, seat), move }, ButtonStyle.Primary),
    label: applyLabel(state, seat, move, t),
  };
  return { embeds: [embed], components: apply ? [row(apply)] : [], allowedMentions: { parse: [] } };
}

/** Apply on a write or a declaration asks first: what exactly happens, and Back to the hint. */
export function confirmMessage(
  game: GameView,
  seat: number,
  move: Extract<HintMove, { kind: 'write' | 'declare' }>,
  t: Translate = ENGLISH,
): MessageBody {
  const state = game.state!;
  const stamp = stampOf(state, seat);
  // A write is only ever suggested with dice on the table, and the caller checked the stamp: they are these.
  const dice = state.players[seat]!.turn.dice!;
  const score = move.kind === 'write' ? scoreCell(move.category, dice) : 0;
  const text =
    move.kind === 'write'
      ? t('hint.sureWrite', {
          dice: diceText(dice),
          cell: cellText(state, move.column, move.category, t),
          score,
          unit: t('word.pointUnit', { count: score }),
        })
      : t('hint.sureDeclare', { column: columnName(t, state.options.columns, move.column) });
  return {
    embeds: [{ title: t('hint.sureTitle'), description: text, color: HINT_COLOR }],
    components: [
      row(
        {
          ...button({ action: 'confirm', gameId: game.id, seat, stamp, move }, ButtonStyle.Success),
          label: t(move.kind === 'write' ? 'hint.writeIt' : 'hint.declareIt'),
        },
        { ...button({ action: 'hint', gameId: game.id, seat, stamp }, ButtonStyle.Secondary), label: t('hint.back') },
      ),
    ],
    allowedMentions: { parse: [] },
  };
}

/** After Apply held dice: what is held, and the throw that comes next. */
export function heldMessage(game: GameView, seat: number, t: Translate = ENGLISH): MessageBody {
  const state = game.state!;
  const turn = state.players[seat]!.turn;
  const held = (turn.dice ?? []).filter((_, i) => turn.held[i]);
  const left = throwsLeft(state, seat);
  const move: HintMove = { kind: 'throw' };
  return {
    embeds: [
      {
        title: t('hint.title'),
        description: `${held.length ? t('hint.held', { dice: diceText(held) }) : t('hint.heldNothing')} ${t('hint.thenThrow')}`,
        color: HINT_COLOR,
      },
    ],
    components: [
      row({
        ...button({ action: 'apply', gameId: game.id, seat, stamp: stampOf(state, seat), move }, ButtonStyle.Success),
        label: t('hint.throwButton', { left }),
      }),
    ],
    allowedMentions: { parse: [] },
  };
}

/** After a confirmed write: the one line that says what was written; the hint's buttons go. */
export function wroteMessage(
  game: GameView,
  move: Extract<HintMove, { kind: 'write' }>,
  score: number,
  t: Translate = ENGLISH,
): MessageBody {
  const text = t('hint.wrote', { score, cell: cellText(game.state!, move.column, move.category, t) });
  return { embeds: [{ title: t('hint.title'), description: text, color: HINT_COLOR }], components: [] };
}

/** "House (Free 2)": a cell as the card and the cell menu name it. */
export function cellText(state: GameState, column: number, category: Category, t: Translate = ENGLISH): string {
  return cellName(t, state.options, column, category);
}

function moveOf(choice: HintChoice): HintMove {
  switch (choice.kind) {
    case 'hold':
      return { kind: 'hold', held: choice.held };
    case 'write':
      return { kind: 'write', column: choice.column, category: choice.category };
    case 'declare':
      return { kind: 'declare', column: choice.column };
    case 'throw':
      return { kind: 'throw' };
  }
}

function applyLabel(state: GameState, seat: number, move: HintMove, t: Translate): string {
  const dice = state.players[seat]!.turn.dice ?? [];
  switch (move.kind) {
    case 'hold': {
      // A button's label: custom emojis are not drawn there.
      const held = diceLabelText(dice.filter((_, i) => move.held[i]));
      return held ? t('hint.applyHold', { dice: held }) : t('hint.applyHoldNothing');
    }
    case 'write':
      return t('hint.applyWrite', { cell: cellText(state, move.column, move.category, t) });
    case 'declare':
      return t('hint.applyDeclare', { column: columnName(t, state.options.columns, move.column) });
    case 'throw':
      return t('hint.applyThrow');
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
