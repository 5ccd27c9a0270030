// A past season's rated games for `npm run bench -- ratings`, written straight into rating_history: in each
// variant every person of the big server played 3–5 rated games there in SEASON (one in ten one more in another
// server), the others' people 1–3 games in their own server (Olathe), and half the big server one game in the
// season before. About 1.07 million rows, 800,000 of them the big server's in SEASON.
import type { BenchTable } from './fill';
import { BOARD_GUILD, OTHERS, PEOPLE, VARIANTS, person, seeded } from './people';

export const SEASON = '2026-11';
const SEASON_START = Date.UTC(2026, 10, 1);
const MONTH = 30 * 24 * 60 * 60 * 1000;

export const HISTORY: BenchTable = {
  name: 'rating_history',
  columns: [
    ['game_id', 'bigint'],
    ['user_id', 'text'],
    ['variant', 'text'],
    ['guild_id', 'text'],
    ['season', 'text'],
    ['ended_at', 'bigint'],
    ['mu_before', 'float8'],
    ['sigma_before', 'float8'],
    ['mu_after', 'float8'],
    ['sigma_after', 'float8'],
    ['rating_before', 'int'],
    ['rating_after', 'int'],
  ],
};

/** The history rows, one game id each (who sat with whom does not matter to the reads). */
export function* historyRows(): Generator<unknown[]> {
  let gameId = 0;
  // A game in each of `guilds`, at even steps through the season, the last leaving the person at their rating now.
  function* played(variant: (typeof VARIANTS)[number], i: number, guilds: string[], season: string, start: number) {
    const p = person(variant, i);
    const random = seeded(1_000_003 * (i + 1));
    let rating = p.rating - 10 * guilds.length;
    for (let g = 0; g < guilds.length; g++) {
      const after = g === guilds.length - 1 ? p.rating : rating + Math.round(20 * (random() - 0.4));
      const at = start + Math.floor(((g + random()) * MONTH) / guilds.length);
      yield [++gameId, p.user, variant, guilds[g], season, at, p.mu, p.sigma + 0.1, p.mu, p.sigma, rating, after];
      rating = after;
    }
  }
  for (const variant of VARIANTS)
    for (let i = 0; i < PEOPLE; i++) {
      const guilds: string[] = Array.from({ length: 3 + (i % 3) }, () => BOARD_GUILD);
      if (i % 10 === 0) guilds.splice(1, 0, OTHERS[i % OTHERS.length]!);
      yield* played(variant, i, guilds, SEASON, SEASON_START);
    }
  for (let i = PEOPLE; i < 2 * PEOPLE; i++)
    yield* played(
      'olathe',
      i,
      Array.from({ length: 1 + (i % 3) }, () => OTHERS[i % OTHERS.length]!),
      SEASON,
      SEASON_START,
    );
  for (let i = 0; i < PEOPLE; i += 2) yield* played('olathe', i, [BOARD_GUILD], '2026-10', SEASON_START - MONTH);
}
