// The boards by rating for `npm run bench -- ratings` (./people.ts), written straight into guild_ratings and
// ratings: the rows the game's end writes, without the games.
import type { BenchTable } from './fill';
import { BOARD_GUILD, OTHERS, PEOPLE, VARIANTS, person } from './people';

export const BOARD: BenchTable = {
  name: 'guild_ratings',
  columns: [
    ['guild_id', 'text'],
    ['variant', 'text'],
    ['user_id', 'text'],
    ['name', 'text'],
    ['rating', 'int'],
    ['provisional', 'int'],
  ],
};
export const RATINGS: BenchTable = {
  name: 'ratings',
  columns: [
    ['user_id', 'text'],
    ['variant', 'text'],
    ['mu', 'float8'],
    ['sigma', 'float8'],
    ['games', 'int'],
    ['rating', 'int'],
    ['best', 'int'],
    ['season', 'text'],
    ['updated_at', 'bigint'],
  ],
};

export function* boardRows(): Generator<unknown[]> {
  for (const variant of VARIANTS)
    for (let i = 0; i < 2 * PEOPLE; i++) {
      const p = person(variant, i);
      const row = (guild: string) => [guild, variant, p.user, p.name, p.rating, p.provisional];
      if (i < PEOPLE) yield row(BOARD_GUILD);
      yield row(OTHERS[i % OTHERS.length]!);
    }
}

export function* ratingRows(): Generator<unknown[]> {
  for (const variant of VARIANTS)
    for (let i = 0; i < 2 * PEOPLE; i++) {
      const p = person(variant, i);
      yield [p.user, variant, p.mu, p.sigma, p.games, p.rating, p.rating + 40, '2026-12', Date.UTC(2026, 11, 1)];
    }
}
