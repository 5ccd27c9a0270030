// Small pieces the tournament's messages share: names as plain text, numbers the language's way, Discord
// timestamps, and a cut that keeps a list of lines within a budget of characters.
import type { LayoutProblem } from '../../game';
import { LAYOUT_PROBLEMS, LAYOUT_PROBLEM_VARS } from '../../game';
import type { TournamentError } from '../../tournament';
import type { TournamentView } from '../../service/tournament-view';
import type { Translate } from '../i18n';
import { tr } from '../i18n';
import { plainName } from './daily';
import { layoutText, variantName } from './text';

/** Names are cut so long lists stay within an embed. */
const NAME_LENGTH = 32;

export function tournamentT(view: Pick<TournamentView, 'locale'>): Translate {
  return tr(view.locale);
}

/** A person's name as they joined with it, as plain text on one line (never a mention or markup). */
export function personName(view: Pick<TournamentView, 'names'>, userId: string): string {
  const name = view.names[userId] ?? userId;
  return plainName([...name].slice(0, NAME_LENGTH).join(''));
}

/** Points with their halves, the language's way: 2.5 in English, 2,5 in Danish. */
export function pointsText(n: number, language: string): string {
  return n.toLocaleString(language, { maximumFractionDigits: 2 });
}

/** A whole number the language's way, with a true minus sign. */
export function wholeText(n: number, language: string): string {
  const text = Math.abs(Math.round(n)).toLocaleString(language);
  return n < 0 ? `−${text}` : text;
}

/** A Discord timestamp: each reader sees it in their own time zone and language. */
export function stamp(ms: number, style: 'F' | 'R' | 'D'): string {
  return `<t:${Math.floor(ms / 1000)}:${style}>`;
}

/** "Olathe · Free 1 · Free 2 · ↓ Down — 3 throws a turn". */
export function formatLine(view: TournamentView): string {
  const game = { options: view.state.options.game, locale: view.locale };
  return tournamentT(view)('tournament.format', { variant: variantName(game), layout: layoutText(game) });
}

export function variantOf(view: TournamentView): string {
  return variantName({ options: view.state.options.game });
}

/**
 * As many of `lines` as fit in `budget` characters (joined by line breaks), then `more(k)` for the k left out:
 * every list a message shows stays within Discord's limits however many people sign up.
 */
export function withinBudget(lines: readonly string[], budget: number, more: (left: number) => string): string {
  const out: string[] = [];
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tail = i < lines.length - 1 ? more(lines.length - i - 1).length + 1 : 0;
    if (used + line.length + 1 + tail > budget) {
      out.push(more(lines.length - i));
      break;
    }
    out.push(line);
    used += line.length + 1;
  }
  return out.join('\n');
}

/** A refusal of the tournament core in the reader's language, with the facts it names. */
export function tournamentErrorText(error: TournamentError, t: Translate): string {
  const { layout, ...numbers } = error.facts;
  const known = layout !== undefined && Object.hasOwn(LAYOUT_PROBLEMS, layout);
  const reason = known ? t(`layout.${layout as LayoutProblem}`, LAYOUT_PROBLEM_VARS) : '';
  return t(`tournamentError.${error.code}`, { ...numbers, layout: reason }).trim();
}
