// How the bot draws dice: the application's die emojis (uploaded by `npm run deploy-commands`), or the Unicode
// dice ⚀–⚅ when they are missing. The choice is made once, at start (`useDiceGlyphs`, src/app/bot.ts), and every
// renderer reads it here, the way they read their texts through `tr`: a click only joins strings made then.
// A custom emoji shows only in message content and embed descriptions (never in a code block, a button label,
// a select option or a footer): `diceText` is for the former, `diceLabelText` for labels.
import type { APIMessageComponentEmoji } from 'discord.js';
import { DIE_FACE_GLYPHS } from '../../game';
import type { DieEmojis } from '../../emoji/load-die-emojis';
import { dieEmojiText } from '../../emoji/load-die-emojis';

/** What a hold button shows for its die: an emoji, a label, or both. */
export interface DieButtonFace {
  label?: string;
  emoji?: APIMessageComponentEmoji;
}

export interface DiceGlyphs {
  /** 'emoji' when the dice are the application's emojis, 'unicode' for ⚀–⚅. */
  readonly kind: 'emoji' | 'unicode';
  /** A die in message text (content, an embed's description): `<:die_3:…>` or ⚂; `?` for no face. */
  text(face: number, held?: boolean): string;
  /** A hold button's face: the plain or held emoji, or the Unicode die with its number (and 🔒 when held). */
  button(face: number, held: boolean): DieButtonFace;
}

const FACES = [1, 2, 3, 4, 5, 6] as const;

/** Today's dice, and the fallback: Unicode characters, with the number on the button for clients that draw boxes. */
export const UNICODE_DICE: DiceGlyphs = (() => {
  const plainButtons = FACES.map((face) => ({ label: `${DIE_FACE_GLYPHS[face]} ${face}` }));
  const heldButtons = FACES.map((face) => ({ label: `${DIE_FACE_GLYPHS[face]} ${face} 🔒` }));
  return {
    kind: 'unicode',
    text: (face) => DIE_FACE_GLYPHS[face] || '?',
    button: (face, held) => (held ? heldButtons : plainButtons)[face - 1] ?? { label: '?' },
  };
})();

/**
 * The application's die emojis. The button shows the emoji alone: the drawing is the die, its name
 * (`die_3_held`) is what a screen reader says, and the held look (plus the button's colour) marks a held die.
 * Every string and object is made here once; the renderers copy the button's emoji into their message.
 */
export function emojiDice(set: DieEmojis): DiceGlyphs {
  const plainText = FACES.map((face) => dieEmojiText(set.plain[face]));
  const heldText = FACES.map((face) => dieEmojiText(set.held[face]));
  const plainButtons = FACES.map((face) => ({ emoji: { id: set.plain[face].id, name: set.plain[face].name } }));
  const heldButtons = FACES.map((face) => ({ emoji: { id: set.held[face].id, name: set.held[face].name } }));
  return {
    kind: 'emoji',
    text: (face, held = false) => (held ? heldText : plainText)[face - 1] ?? '?',
    button: (face, held) => {
      const look = (held ? heldButtons : plainButtons)[face - 1];
      // A fresh emoji object per button: a message body is the caller's to change.
      return look ? { emoji: { ...look.emoji } } : { label: '?' };
    },
  };
}

let current: DiceGlyphs = UNICODE_DICE;

/** Sets the dice every renderer draws from now on (at start; tests set it and put UNICODE_DICE back). */
export function useDiceGlyphs(glyphs: DiceGlyphs): void {
  current = glyphs;
}

/** The dice the renderers draw now. */
export function diceGlyphs(): DiceGlyphs {
  return current;
}

/** Dice for message text, separated by spaces; `held[i]` draws die i with the held look where there is one. */
export function diceText(dice: readonly number[], held?: readonly boolean[]): string {
  const glyphs = current;
  let text = '';
  for (let i = 0; i < dice.length; i++) text += (i ? ' ' : '') + glyphs.text(dice[i]!, held?.[i] ?? false);
  return text;
}

/** Dice for a button label or a select option, where custom emojis are not drawn: always ⚀–⚅. */
export function diceLabelText(dice: readonly number[]): string {
  return dice.map((d) => DIE_FACE_GLYPHS[d] || '?').join(' ');
}
