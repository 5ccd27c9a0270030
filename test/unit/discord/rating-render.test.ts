// The ratings as players read them. The results: each person's change as saved ("1,512 → 1,538 (+26)"), in the
// standings' order, with "?" while provisional, a word on a first rated game and on a season's first, a computer
// player's fixed rating, Danish numbers, nothing for a game that was not rated, every Discord limit kept for eight
// players and no mention let through. /olathe stats: each rated variant's rating, best and games, the "?" explained,
// or that there is none yet; a person with ratings but no game here.
import { describe, expect, it } from 'vitest';
import type { GameRatings, PersonRatingView, RatingChange } from '../../../src/service/game-service';
import type { PlayerStats } from '../../../src/service/game-service';
import { gameResults } from '../../../src/game';
import { finishedGame, sampleGame } from '../../../src/cli/sample-games';
import { tr } from '../../../src/discord/i18n';
import { ratingDelta, ratingLines, ratingText, renderResults } from '../../../src/discord/render/results';
import type { VariantRating } from '../../../src/discord/render/stats';
import { ratingField, ratingsOnlyEmbed, statsEmbed } from '../../../src/discord/render/stats';
import { checkMessageLimits } from '../../../src/fake-discord/message-limits';

const en = tr('en');
const da = tr('da');

function change(seat: number, before: number, after: number, extra: Partial<RatingChange> = {}): RatingChange {
  const shown = (rating: number, provisional: boolean) => ({ mu: 25, sigma: 8, rating, provisional });
  return {
    seat,
    userId: String(100 + seat),
    name: `P${seat}`,
    before: shown(before, false),
    after: shown(after, false),
    delta: after - before,
    games: 9,
    best: Math.max(before, after),
    seasonReset: null,
    first: false,
    ...extra,
  };
}

/** Three seats played to the end; seat 2 is the expert computer player. */
const three = finishedGame('olathe', 3, 'rating-render');
function gameWith(ratings: GameRatings | undefined, locale = 'en') {
  const game = sampleGame(three, locale);
  game.players = game.players.map((p) => (p.seat === 2 ? { ...p, userId: 'bot:expert:1', isBot: true } : p));
  return { ...game, ...(ratings ? { ratings } : {}) };
}
const RATED: GameRatings = {
  people: [
    change(0, 1612, 1598),
    change(1, 1500, 1541, {
      before: { mu: 25, sigma: 25 / 3, rating: 1500, provisional: true },
      after: { mu: 26, sigma: 7.9, rating: 1541, provisional: true },
      games: 1,
      first: true,
    }),
  ],
  computers: [{ seat: 2, name: 'Turing', rating: 2226 }],
};
const order = gameResults(three).standings.map((s) => s.seat);

describe('the results’ rating lines', () => {
  it('each person’s change as saved, in the standings’ order, and the computer player’s fixed rating', () => {
    const game = gameWith(RATED);
    const expected: Record<number, string> = {
      0: '<@100> 1,612 → 1,598 (−14)',
      1: '<@101> 1,500? → 1,541? (+41) · first rated game',
      2: `${game.players[2]!.name} 2,226 (computer player: fixed rating)`,
    };
    expect(ratingLines(game)).toEqual(['📈 **Ratings**', ...order.map((seat) => expected[seat])]);
    const body = renderResults(game);
    expect(body.embeds[0]!.description!.endsWith(ratingLines(game).join('\n'))).toBe(true);
    expect(body.allowedMentions).toEqual({ parse: [] });
  });

  it('a season’s first game names the season left and the rating it ended on; no change is ±0', () => {
    const game = gameWith({
      people: [change(0, 1590, 1590, { seasonReset: { season: '2026-11', rating: 1640 } })],
      computers: [],
    });
    expect(ratingLines(game)).toContain('<@100> 1,590 → 1,590 (±0) · new season; 2026-11 ended at 1,640');
  });

  it('in Danish, with Danish numbers', () => {
    const lines = ratingLines(gameWith(RATED, 'da'));
    expect(lines[0]).toBe('📈 **Rating**');
    expect(lines).toContain('<@100> 1.612 → 1.598 (−14)');
    expect(lines).toContain('<@101> 1.500? → 1.541? (+41) · første bedømte spil');
    expect(lines.some((l) => l.endsWith('2.226 (computerspiller: fast rating)'))).toBe(true);
  });

  it('nothing for a game that was not rated', () => {
    expect(ratingLines(gameWith(undefined))).toEqual([]);
    expect(ratingLines(gameWith({ people: [], computers: [{ seat: 2, name: 'Turing', rating: 2226 }] }))).toEqual([]);
    const plain = renderResults(gameWith(undefined));
    expect(plain.embeds[0]!.description).not.toContain('📈');
    expect(renderResults(gameWith(RATED)).embeds[0]!.description).toContain(plain.embeds[0]!.description);
  });

  it('eight people’s lines keep every Discord limit', () => {
    const eight = sampleGame(finishedGame('olathe', 8, 'rating-render-8'));
    const people = eight.players.map((p) =>
      change(p.seat, 12_345, 12_399, { seasonReset: { season: '2026-11', rating: 99_999 } }),
    );
    const body = renderResults({ ...eight, ratings: { people, computers: [] } }, { analysis: true, rematch: true });
    expect(ratingLines({ ...eight, ratings: { people, computers: [] } })).toHaveLength(9);
    const violations = checkMessageLimits({ content: '', embeds: body.embeds, components: body.components, flags: 0 });
    expect(violations).toEqual([]);
  });

  it('numbers and deltas the language’s way', () => {
    expect(ratingText(1520, true, 'en')).toBe('1,520?');
    expect(ratingText(1520, false, 'da')).toBe('1.520');
    expect(ratingText(980, false, 'en')).toBe('980');
    expect([ratingDelta(26, 'en'), ratingDelta(-1200, 'da'), ratingDelta(0, 'en')]).toEqual(['+26', '−1.200', '±0']);
  });
});

const rating = (variant: VariantRating['variant'], r: number, provisional: boolean, games: number): VariantRating => {
  const view: PersonRatingView = { mu: 25, sigma: 7, rating: r, provisional, games, best: r + 23, season: '2026-12' };
  return { ...view, variant };
};

const stats: PlayerStats = {
  userId: '1',
  name: 'Ann',
  games: 1,
  wins: 1,
  winRate: 1,
  averageFinal: 9,
  bestFinal: 9,
  olathesThrown: 0,
  olathesScored: 0,
  exactPredictions: 0,
  variants: [],
  longestStreak: 1,
  currentStreak: 1,
  rank: { rank: 1, of: 1 },
  firstFinishedAt: 1_700_000_000_000,
} as unknown as PlayerStats;

describe('/olathe stats: the ratings', () => {
  it('each rated variant: the rating with its "?", the best and the rated games; the "?" explained', () => {
    const field = ratingField([rating('olathe', 1538, true, 4), rating('balut', 1620, false, 1)], en, 'en');
    expect(field.name).toBe('📈 Rating (everywhere)');
    expect(field.value.split('\n')).toEqual([
      'Olathe **1,538?** · best 1,561 · 4 rated games',
      'Balut **1,620** · best 1,643 · 1 rated game',
      '? = provisional: fewer than 5 rated games, or the rating is still unsure',
    ]);
    expect(ratingField([rating('balut', 1620, false, 12)], en, 'en').value).not.toContain('provisional');
  });

  it('in Danish', () => {
    const field = ratingField([rating('olathe', 1538, true, 1234)], da, 'da');
    expect(field.value).toContain('Olathe **1.538?** · bedst 1.561 · 1.234 bedømte spil');
    expect(field.value).toContain('? = foreløbig');
  });

  it('none yet, said in a line', () => {
    expect(ratingField([], en, 'en').value).toBe(
      'No rated games yet: finish a game against someone or a computer player',
    );
    expect(statsEmbed(stats, en, 'en', true, []).fields!.at(-1)!.value).toBe(ratingField([], en, 'en').value);
  });

  it('beside the record, last; without ratings asked for, the record alone', () => {
    const withRatings = statsEmbed(stats, en, 'en', true, [rating('olathe', 1538, true, 4)]);
    expect(withRatings.fields!.at(-1)!.name).toBe('📈 Rating (everywhere)');
    expect(statsEmbed(stats, en, 'en').fields).toEqual([]);
  });

  it('someone with ratings but no game here: the ratings, and that there is no game here', () => {
    const none = en('stats.noGamesOther', { name: 'Bo' });
    const embed = ratingsOnlyEmbed('Bo **x** <@1>', none, [rating('olathe', 1538, false, 7)], en, 'en');
    expect(embed.title).toMatch(/^📊 Bo \\\*\\\*x\\\*\\\* .* — statistics in this server$/);
    expect(embed.title).not.toContain('<@1>');
    expect(embed.description).toBe(none);
    expect(embed.fields![0]!.value).toBe('Olathe **1,538** · best 1,561 · 7 rated games');
    expect(ratingsOnlyEmbed('Bo', none, [], en, 'en', false).title).toContain('DMs');
  });
});
