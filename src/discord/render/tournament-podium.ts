// The end of a night: the podium in words (🥇🥈🥉, shared places sharing a medal) with its picture, and each
// person's rating before their first table and after their last, read from what the table games' ends saved.
// Posted once; names are plain text, numbers the language's way.
import type { APIEmbed } from 'discord.js';
import { standings } from '../../tournament';
import type { TournamentView } from '../../service/tournament-view';
import type { PodiumPictureInput } from '../../picture/podium';
import type { MessageBody } from './turn';
import { plainName } from './daily';
import { ratingDelta, ratingText } from './results';
import { personName, pointsText, tournamentT, variantOf, withinBudget, wholeText } from './tournament-words';

/** One person's night in ratings: the rating their first table started from and the one their last ended on. */
export interface RatingLine {
  userId: string;
  before: number;
  after: number;
  /** Each carries a "?" while provisional, as the results' lines do. */
  provisionalBefore: boolean;
  provisional: boolean;
}

export interface PodiumFacts {
  /** In standings order; absent (or empty) when no table of the night was rated. */
  ratings?: readonly RatingLine[];
}

const MEDALS: Readonly<Record<number, string>> = { 1: '🥇', 2: '🥈', 3: '🥉' };
const RATINGS_BUDGET = 2500;
/** Shared places can put more than three on the podium; the words name at most this many. */
const PODIUM_LINES = 8;

/** ASCII, as attachment:// references require. */
export const podiumPictureName = (tournamentId: number) => `tournament-${tournamentId}-podium.png`;

function podiumRows(view: TournamentView) {
  return standings(view.state).filter((r) => r.rank <= 3 && (r.tables > 0 || r.byes > 0));
}

export function podiumBody(view: TournamentView, facts: PodiumFacts, pictureName: string): MessageBody {
  const t = tournamentT(view);
  const language = view.locale;
  const lines = podiumRows(view)
    .slice(0, PODIUM_LINES)
    .map((r) =>
      t('tournament.podiumRow', {
        medal: MEDALS[r.rank] ?? '🏅',
        name: personName(view, r.userId),
        points: t('tournament.points', { count: r.points, points: pointsText(r.points, language) }),
      }),
    );
  const podium: APIEmbed = {
    title: t('tournament.podiumTitle', { name: plainName(view.state.options.name) }),
    description: lines.join('\n') || t('tournament.noStandings'),
    image: { url: `attachment://${pictureName}` },
    color: 0xb8860b,
  };
  const ratings = facts.ratings ?? [];
  const ratingLines = ratings.map((r) =>
    t('tournament.ratingRow', {
      name: personName(view, r.userId),
      before: ratingText(r.before, r.provisionalBefore, language),
      after: ratingText(r.after, r.provisional, language),
      delta: ratingDelta(r.after - r.before, language),
    }),
  );
  const summary: APIEmbed = {
    title: t('tournament.ratingsTitle'),
    description: ratingLines.length
      ? withinBudget(ratingLines, RATINGS_BUDGET, (count) => t('tournament.more', { count }))
      : t('tournament.noRatings'),
    footer: { text: t('tournament.footer', { id: view.id }) },
  };
  return { embeds: [podium, summary], components: [], allowedMentions: { parse: [] } };
}

/** What the picture shows: the same people, places and points as the words. */
export function podiumPicture(view: TournamentView): PodiumPictureInput {
  const t = tournamentT(view);
  const language = view.locale;
  const { options } = view.state;
  return {
    title: options.name,
    subtitle: t('tournament.pictureSubtitle', {
      variant: variantOf(view),
      rounds: t('tournament.rounds', { count: options.rounds }),
      people: t('tournament.people', { count: view.state.people.length }),
    }),
    sections: [
      {
        label: t('tournament.pictureLabel'),
        people: podiumRows(view)
          .slice(0, 3)
          .map((r) => ({
            name: view.names[r.userId] ?? r.userId,
            rank: r.rank,
            rating: t('tournament.points', { count: r.points, points: pointsText(r.points, language) }),
            games: t('tournament.pictureFinal', { final: wholeText(r.finalPoints, language) }),
          })),
      },
    ],
  };
}
