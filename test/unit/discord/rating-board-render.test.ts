// The leaderboard by rating and the season podium's words: ranks (equal ratings share one), "?" for a provisional
// rating, games with the right plural, numbers the asker's language's way, the asker's own place below the rows,
// a field per variant within Discord's limits, names as plain text (never a mention or markup), the season's
// month in the language.
import { describe, expect, it } from 'vitest';
import { ratingBoardEmbed, monthName, ratingText } from '../../../src/discord/render/leaderboard';
import { podiumBody, podiumPicture, podiumPictureName } from '../../../src/discord/render/season-podium';
import { tr } from '../../../src/discord/i18n';
import type { Podium, RatedBoard, RatedRow } from '../../../src/service/game-service';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';
import { ranked } from '../../../src/service/rating-boards';

const en = tr('en');
const da = tr('da');
const fits = (embed: ReturnType<typeof ratingBoardEmbed>) =>
  checkMessageLimits({ content: '', embeds: [embed], components: [], flags: 0 });

const row = (rank: number, name: string, rating: number, extra: Partial<RatedRow> = {}): RatedRow => ({
  userId: name,
  name,
  rating,
  provisional: false,
  games: 7,
  rank,
  ...extra,
});

const board = (variant: 'olathe' | 'balut', rows: RatedRow[], own: RatedBoard['own'] = null): RatedBoard => ({
  variant,
  rows,
  own,
});

describe('the leaderboard by rating', () => {
  it('shows ranks, shared ranks, "?" and games, and the asker below the rows, in English', () => {
    const embed = ratingBoardEmbed(
      {
        boards: [
          board(
            'olathe',
            [row(1, 'Ann', 1723), row(2, 'Ben', 1611, { provisional: true, games: 1 }), row(2, 'Cy', 1611)],
            { ...row(14, 'Zed', 1402, { games: 3 }), of: 20 },
          ),
        ],
        variant: 'olathe',
        season: null,
      },
      en,
      'en',
    );
    expect(embed.title).toBe(
      en('leaderboard.variantOnly', { title: en('leaderboard.ratingTitle'), variant: 'Olathe' }),
    );
    expect(embed.description!.split('\n')).toEqual([
      '**1. Ann** — 1,723 · 7 games',
      '**2. Ben** — 1,611? · 1 game',
      '**2. Cy** — 1,611 · 7 games',
      '',
      'You: **#14** of 20 — 1,402 · 3 games',
    ]);
    expect(embed.footer!.text).toBe(en('leaderboard.ratingLegend'));
    expect(fits(embed)).toEqual([]);
  });

  it('gives each variant with rated games a field, in Danish with Danish numbers, within the field limit', () => {
    const long = '*'.repeat(40);
    const rows = Array.from({ length: 10 }, (_, i) => row(i + 1, `${long}${i}`, 2100 - i));
    const embed = ratingBoardEmbed(
      { boards: [board('olathe', rows), board('balut', [row(1, 'Åse', 1500)])], variant: null, season: null },
      da,
      'da',
    );
    expect(embed.fields!.map((f) => f.name)).toEqual(['Olathe', 'Balut']);
    expect(embed.fields![1]!.value).toBe('**1. Åse** — 1.500 · 7 spil');
    expect(embed.fields![0]!.value.length).toBeLessThanOrEqual(1024);
    // Names are plain text: every * escaped.
    expect(embed.fields![0]!.value).toContain('\\*\\*\\*');
    expect(fits(embed)).toEqual([]);
  });

  it('never turns a name into a mention or markup', () => {
    const embed = ratingBoardEmbed(
      { boards: [board('balut', [row(1, '@everyone <@123> **x**', 1500)])], variant: 'balut', season: null },
      en,
      'en',
    );
    expect(embed.description).not.toMatch(/@everyone|<@123>|\*\*x\*\*/);
  });

  it('names the season by its month, final or so far, and says when it had no rated game', () => {
    const past = ratingBoardEmbed(
      {
        boards: [board('olathe', [row(1, 'Ann', 1723)])],
        variant: null,
        season: { season: '2026-11', current: false },
      },
      en,
      'en',
    );
    expect(past.title).toBe('🏆 Season November 2026 (2026-11) — final standings');
    expect(past.footer!.text).toBe(en('leaderboard.seasonLegend'));
    const now = ratingBoardEmbed({ boards: [], variant: null, season: { season: '2026-12', current: true } }, da, 'da');
    expect(now.title).toBe(da('leaderboard.seasonTitleNow', { month: monthName('2026-12', 'da'), season: '2026-12' }));
    expect(now.description).toBe(da('leaderboard.seasonEmpty', { month: 'december 2026' }));
    expect(ratingBoardEmbed({ boards: [], variant: null, season: null }, en, 'en').description).toBe(
      en('leaderboard.ratingEmpty'),
    );
  });

  it('ranks equal ratings alike, the next one after all of them', () => {
    const ranks = ranked([{ rating: 9 }, { rating: 7 }, { rating: 7 }, { rating: 5 }]).map((r) => r.rank);
    expect(ranks).toEqual([1, 2, 2, 4]);
    expect(ratingText(12345, true, 'da')).toBe('12.345?');
  });
});

describe('the season podium', () => {
  const podium: Podium = {
    season: '2026-11',
    variants: [
      {
        variant: 'olathe',
        people: [
          { userId: 'a', name: 'Ann <@1>', rating: 1810, games: 12, rank: 1 },
          { userId: 'b', name: 'Ben', rating: 1702, games: 1, rank: 2 },
          { userId: 'c', name: 'Cy', rating: 1702, games: 4, rank: 2 },
        ],
      },
      { variant: 'balut', people: [{ userId: 'd', name: 'Dee', rating: 1550, games: 3, rank: 1 }] },
    ],
  };

  it('says it all in words, a field per variant, medals by place, and pings nobody', () => {
    const body = podiumBody(podium, 'en');
    expect(body.allowedMentions).toEqual({ parse: [] });
    const [embed] = body.embeds;
    expect(embed!.title).toBe('🏆 Season November 2026 — the podium');
    expect(embed!.fields!.map((f) => f.name)).toEqual(['Olathe', 'Balut']);
    const [ann, ...rest] = embed!.fields![0]!.value.split('\n');
    expect(ann).toMatch(/^🥇 \*\*Ann .+\*\* — 1,810 · 12 games$/);
    expect(ann).not.toContain('<@1>');
    expect(rest).toEqual(['🥈 **Ben** — 1,702 · 1 game', '🥈 **Cy** — 1,702 · 4 games']);
    expect(embed!.footer!.text).toContain('season:2026-11');
    expect(checkMessageLimits({ content: '', embeds: body.embeds, components: [], flags: 0 })).toEqual([]);
    expect(podiumPictureName('2026-11')).toBe('podium-2026-11.png');
  });

  it('draws the same people and figures, in the server’s language', () => {
    const picture = podiumPicture(podium, 'da');
    expect(picture.title).toBe(da('season.pictureTitle', { month: 'november 2026' }));
    expect(picture.sections.map((s) => s.label)).toEqual(['Olathe', 'Balut']);
    expect(picture.sections[0]!.people).toEqual([
      { name: 'Ann <@1>', rank: 1, rating: '1.810', games: '12 spil' },
      { name: 'Ben', rank: 2, rating: '1.702', games: '1 spil' },
      { name: 'Cy', rank: 2, rating: '1.702', games: '4 spil' },
    ]);
  });
});
