// The leaderboard and /olathe stats as embeds: every text from the catalogue in the asker's language, shared
// ranks shown as such, names as plain text, and Discord's limits kept with long names and full boards.
import { describe, expect, it } from 'vitest';
import { leaderboardEmbed } from '../../../src/discord/render/leaderboard';
import { statsEmbed, versusEmbed } from '../../../src/discord/render/stats';
import { tr } from '../../../src/discord/i18n';
import type { HeadToHead, LeaderboardRow, PlayerStats } from '../../../src/service/game-service';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';

const en = tr('en');
const da = tr('da');
const fits = (embed: ReturnType<typeof leaderboardEmbed>) =>
  checkMessageLimits({ content: '', embeds: [embed], components: [], flags: 0 });

const row = (i: number, extra: Partial<LeaderboardRow> = {}): LeaderboardRow => ({
  rank: i,
  userId: String(i),
  name: `${'Somebody with a rather long display name '.repeat(2)}${i}`,
  isBot: false,
  games: 3,
  wins: 2,
  winRate: 2 / 3,
  averageFinal: 7.25,
  bestFinal: 17,
  olathesThrown: 4,
  olathesScored: 1,
  exactPredictions: 1,
  ...extra,
});

describe('the leaderboard', () => {
  it('labels its marks, counts with the right plural, and shows a shared rank twice', () => {
    const embed = leaderboardEmbed(
      [
        row(1, { name: 'Ann', games: 1, wins: 1, winRate: 1 }),
        row(2, { name: 'Ben' }),
        row(2, { name: 'Cy', userId: 'cy' }),
        row(4, { name: 'Dee', wins: 0, winRate: 0 }),
      ],
      'all',
      null,
      en,
      'en',
    );
    expect(embed.title).toBe('🏆 Leaderboard — all time');
    expect(embed.description).toContain(
      '**1. Ann** — 1 win in 1 game (100%) · avg 7.3 · best 17 · 🎲 4 thrown, 1 scored · 🔮 1',
    );
    expect(embed.description).toContain('**2. Ben** — 2 wins in 3 games (67%)');
    expect(embed.description).toContain('**2. Cy** — 2 wins in 3 games (67%)');
    expect(embed.description).toContain('**4. Dee** — 0 wins in 3 games (0%)');
    expect(embed.footer!.text).toMatch(/🎲 fives of a kind: thrown, and scored/);
    expect(embed.footer!.text).toMatch(/equal on all four share a rank/);
  });

  it('says its period and variant, and what an empty one means', () => {
    expect(leaderboardEmbed([row(1)], 'week', 'olathe', en, 'en').title).toBe(
      '🏆 Leaderboard — the last 7 days · Olathe only',
    );
    expect(leaderboardEmbed([], 'month', null, en, 'en').description).toBe(
      'No game finished here in the last 30 days.',
    );
    expect(leaderboardEmbed([], 'all', 'balut', en, 'en').description).toMatch(/No finished games yet/);
  });

  it('is all Danish for a Danish asker, decimals included', () => {
    const embed = leaderboardEmbed([row(1, { name: 'Åse' })], 'month', 'balut', da, 'da');
    expect(embed.title).toBe('🏆 Rangliste — de seneste 30 dage · kun Balut');
    expect(embed.description).toBe(
      '**1. Åse** — 2 sejre i 3 spil (67 %) · gns. 7,3 · bedst 17 · 🎲 4 kastet, 1 scoret · 🔮 1',
    );
    expect(embed.footer!.text).toMatch(/fem ens/);
  });

  it('never lets a name become a mention or markdown', () => {
    const embed = leaderboardEmbed([row(1, { name: '@everyone **bold** <@123>' })], 'all', null, en, 'en');
    expect(embed.description).not.toContain('@everyone');
    expect(embed.description).not.toContain('<@123>');
    expect(embed.description).toContain('\\*\\*bold\\*\\*');
  });

  it('fifteen long names and every computer player stay within an embed', () => {
    const rows = [
      ...Array.from({ length: 20 }, (_, i) => row(i + 1)),
      ...['easy', 'normal', 'expert'].map((d, i) =>
        row(i + 1, { userId: `bot:${d}`, name: `🤖 Somebody (${d})`, isBot: true }),
      ),
    ];
    for (const [t, language] of [
      [en, 'en'],
      [da, 'da'],
    ] as const) {
      const embed = leaderboardEmbed(rows, 'week', null, t, language);
      expect(fits(embed)).toEqual([]);
      expect(embed.description!.match(/^\*\*\d+\. /gm)).toHaveLength(18);
      expect(embed.description).toContain(t('leaderboard.computers'));
    }
  });
});

const stats: PlayerStats = {
  userId: '1',
  name: 'Ann',
  games: 12,
  wins: 5,
  variants: [
    {
      variant: 'olathe',
      games: 8,
      wins: 4,
      winRate: 0.5,
      averageFinal: 9.125,
      bestFinal: 21,
      olathesThrown: 9,
      olathesScored: 3,
      exactPredictions: 2,
      incentives: { fours: 1, fives: 0, sixes: 2, straight: 5, house: 3, choice: 0 },
    },
    {
      variant: 'balut',
      games: 4,
      wins: 1,
      winRate: 0.25,
      averageFinal: 3,
      bestFinal: 8,
      olathesThrown: 1,
      olathesScored: 1,
      exactPredictions: 0,
      incentives: { fours: 0, fives: 0, sixes: 0, straight: 0, house: 0, choice: 0 },
    },
  ],
  longestStreak: 3,
  currentStreak: 1,
  rank: { rank: 2, of: 7 },
  firstFinishedAt: 1_700_000_000_000,
};

describe('/olathe stats', () => {
  it("shows a player's record, each variant, incentives and streaks", () => {
    const embed = statsEmbed(stats, en, 'en');
    expect(embed.title).toBe('📊 Ann — statistics in this server');
    expect(embed.description).toContain('**5 wins** in 12 games (42%) · rank **2** of 7 (all time)');
    expect(embed.description).toContain('🔥 Longest winning streak: **3** · current: **1**');
    expect(embed.description).toContain('<t:1700000000:D>');
    const [olathe, balut] = embed.fields!;
    expect(olathe!.name).toBe('Olathe');
    expect(olathe!.value).toBe(
      [
        '4 wins in 8 games (50%)',
        'Average 9.1 · best 21 final points',
        '🎲 3 Olathes scored, 9 thrown',
        '✓ Incentives met: Fours ×1 · Sixes ×2 · Straight ×5 · House ×3',
        '🔮 2 exact predictions',
      ].join('\n'),
    );
    expect(balut!.value).toContain('🎲 1 Balut scored, 1 thrown');
    expect(balut!.value).toContain('✓ No incentive met yet');
    expect(fits(embed)).toEqual([]);
  });

  it('in Danish', () => {
    const embed = statsEmbed(stats, da, 'da');
    expect(embed.title).toBe('📊 Ann — statistik på denne server');
    expect(embed.fields![0]!.value).toContain('Gennemsnit 9,1 · bedst 21 slutpoint');
    expect(embed.fields![0]!.value).toContain('Bonusser nået: Firere ×1');
  });

  it('two players together, by variant when both were played', () => {
    const h: HeadToHead = {
      userId: '1',
      otherId: '2',
      games: 5,
      ahead: 3,
      behind: 1,
      level: 1,
      wins: 3,
      otherWins: 1,
      variants: [
        { variant: 'olathe', games: 4, ahead: 2, behind: 1, level: 1, wins: 2, otherWins: 1 },
        { variant: 'balut', games: 1, ahead: 1, behind: 0, level: 0, wins: 1, otherWins: 0 },
      ],
    };
    const embed = versusEmbed(h, { a: 'Ann', b: 'B'.repeat(200) }, en);
    expect(embed.title).toBe(`⚔️ Ann vs ${'B'.repeat(40)} — in this server`);
    expect(embed.description).toContain('5 games together');
    expect(embed.description).toContain(`Ann placed above ${'B'.repeat(40)}: **3**`);
    expect(embed.fields!.map((f) => f.name)).toEqual(['Olathe', 'Balut']);
    expect(fits(embed)).toEqual([]);
  });
});
