// Dice as the bot writes them in text: its die emojis `<:die_3:123…>` (`<:die_3_held:…>` for a held die) when
// deploy-commands uploaded them, as startWorld's deploy does, or ⚀–⚅ when they are missing. Tests read either.

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
