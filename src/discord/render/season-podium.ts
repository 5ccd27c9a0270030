// The season podium's message, drawn from the podium its post saved (src/service/season-posts.ts): an embed that
// says it all in words (a field per variant, 🥇🥈🥉 by place, equal ratings sharing one) and shows the picture
// when it could be drawn. In the server's language; names are plain text, numbers written the language's way.
import type { APIEmbed } from 'discord.js';
import type { Podium } from '../../service/game-service';
import type { PodiumPictureInput } from '../../picture/podium';
import type { Translate } from '../i18n';
import { tr } from '../i18n';
import { monthName, ratingText } from './leaderboard';
import { plainName } from './daily';
import type { MessageBody } from './turn';

const MEDALS: Record<number, string> = { 1: '🥇', 2: '🥈', 3: '🥉' };
const NAME_LENGTH = 32;

/** The picture's file name: ASCII, as attachment:// references require. */
export const podiumPictureName = (season: string) => `podium-${season}.png`;

function field(t: Translate, language: string, section: Podium['variants'][number]): { name: string; value: string } {
  const lines = section.people.map((p) =>
    t('season.podiumRow', {
      medal: MEDALS[p.rank] ?? '🏅',
      name: plainName([...p.name].slice(0, NAME_LENGTH).join('')),
      rating: ratingText(p.rating, false, language),
      games: t('word.games', { count: p.games }),
    }),
  );
  return { name: t(`word.${section.variant}`), value: lines.join('\n') };
}

/** The post's body, in `language`: the embed alone (pingless; the picture is attached by the publisher). */
export function podiumBody(podium: Podium, language: string): MessageBody {
  const t = tr(language);
  const embed: APIEmbed = {
    title: t('season.podiumTitle', { month: monthName(podium.season, language) }),
    description: t('season.podiumIntro', { season: podium.season }),
    fields: podium.variants.map((v) => field(t, language, v)),
    footer: { text: t('season.footer', { season: podium.season }) },
  };
  return { embeds: [embed], components: [], allowedMentions: { parse: [] } };
}

/** What the picture shows: the same people, places and figures as the words. */
export function podiumPicture(podium: Podium, language: string): PodiumPictureInput {
  const t = tr(language);
  return {
    title: t('season.pictureTitle', { month: monthName(podium.season, language) }),
    subtitle: t('season.pictureSubtitle'),
    sections: podium.variants.map((v) => ({
      label: t(`word.${v.variant}`),
      people: v.people.map((p) => ({
        name: p.name,
        rank: p.rank,
        rating: ratingText(p.rating, false, language),
        games: t('word.games', { count: p.games }),
      })),
    })),
  };
}
