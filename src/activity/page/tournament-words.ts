// The board's words for a tournament table's panel (tournament.ts), in Danish and English, kept with the
// Activity's code as the ratings' are (rating-words.ts); the channel's standings message says the same in its own
// words (src/discord/i18n/tournament-*.ts). Points are written as the person's language writes numbers: a half as
// 2.5 in English, 2,5 in Danish.
import { fill } from './words';
import type { Vars } from './words';

export interface TournamentWords {
  /** The panel's heading: the night's name. */
  title: string;
  /** Where this game stands in the night. */
  where: string;
  standings: string;
  final: string;
  cancelled: string;
  rank: string;
  player: string;
  /** The points column's heading, short, and what it is. */
  points: string;
  pointsTitle: string;
  /** The final points column: the first tie-break. */
  finalPoints: string;
  finalPointsTitle: string;
  /** After the viewer's own name. */
  you: string;
  /** After the name of someone who left the night. */
  left: string;
  /** People not listed below the last row. */
  more: string;
}

export const TOURNAMENT_WORDS: Readonly<Record<'en' | 'da', TournamentWords>> = {
  en: {
    title: '🏆 {{name}}',
    where: 'Round {{round}} of {{rounds}} · Table {{table}}',
    standings: 'Standings',
    final: 'Final standings',
    cancelled: 'Called off: the standings as they stood',
    rank: '#',
    player: 'Player',
    points: 'Pts',
    pointsTitle: 'Tournament points: at a table of N, 1st gets N − 1 … last 0; shared places share them',
    finalPoints: 'Final',
    finalPointsTitle: 'Final points over every table played: the first tie-break',
    you: 'you',
    left: 'left',
    more: '… and {{count}} more',
  },
  da: {
    title: '🏆 {{name}}',
    where: 'Runde {{round}} af {{rounds}} · Bord {{table}}',
    standings: 'Stilling',
    final: 'Slutstilling',
    cancelled: 'Aflyst: stillingen som den stod',
    rank: '#',
    player: 'Spiller',
    points: 'P.',
    pointsTitle: 'Turneringspoint: ved et bord med N får 1. pladsen N − 1 … sidst 0; delte pladser deler dem',
    finalPoints: 'Slut',
    finalPointsTitle: 'Slutpoint fra alle spillede borde: det første skille ved lige point',
    you: 'dig',
    left: 'udgået',
    more: '… og {{count}} mere',
  },
};

export interface TournamentText {
  t(key: keyof TournamentWords, vars?: Vars): string;
  /** Tournament points, halves included: "2.5" in English, "2,5" in Danish, "3" for a whole number. */
  points(points: number): string;
  /** Whole final points: "1,204" in English, "1.204" in Danish. */
  number(n: number): string;
}

export function tournamentWordsFor(language: string): TournamentText {
  const words = TOURNAMENT_WORDS[language === 'da' ? 'da' : 'en'];
  const halves = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return {
    t: (key, vars) => fill(words[key], vars),
    points: (points) => halves.format(points),
    number: (n) => whole.format(n),
  };
}
