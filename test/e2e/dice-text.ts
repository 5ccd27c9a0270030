// Dice as the bot draws them: in text its die emojis `<:die_3:123…>` (`<:die_3_held:…>` for a held die) when
// deploy-commands uploaded them, as startWorld's deploy does, or ⚀–⚅ when they are missing; on a hold button
// its emoji or its label. Tests read either.
import type { FakeMessage } from '../../src/fake-discord';
import type { Control } from './harness';
import { control } from './harness';

const GLYPHS = '⚀⚁⚂⚃⚄⚅';

/** One die in text, as a regular expression's source (use the `u` flag). */
export const DIE = String.raw`(?:<:die_[1-6](?:_held)?:\d{1,20}>|[⚀-⚅])`;
/** One or more dice separated by spaces. */
export const DICE = `${DIE}(?: ${DIE})*`;
/** Exactly five dice separated by spaces. */
export const FIVE_DICE = `${DIE}(?: ${DIE}){4}`;

/** The faces of the dice written in `text`, in order: [5, 5, 4, 6, 4]. */
export function facesOf(text: string): number[] {
  return [...text.matchAll(/<:die_([1-6])(?:_held)?:\d+>|([⚀-⚅])/gu)].map((m) =>
    m[1] ? Number(m[1]) : GLYPHS.indexOf(m[2]!) + 1,
  );
}

/** A hold button's die, from its emoji (`die_4_held`) or, on Unicode dice, its label (`⚃ 4 🔒`). */
export function dieOfButton(button: Control): { face: number; held: boolean } {
  const name = button.emoji?.name;
  if (name) return { face: Number(/^die_([1-6])/.exec(name)?.[1] ?? NaN), held: name.endsWith('_held') };
  const label = button.label ?? '';
  return { face: Number(/ ([1-6])\b/.exec(label)?.[1] ?? NaN), held: label.includes('🔒') };
}

/** Whether die `die`'s hold button on the message shows it held. */
export function isHeld(message: FakeMessage, die: number): boolean {
  return dieOfButton(control(message, 'hold', die)).held;
}
