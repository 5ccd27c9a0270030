// The boards by rating for `npm run bench -- ratings`, written straight into guild_ratings (the bench's fast
// path: the rows the game's end writes, without the games): 100,000 rated people in one server, and as many
// again spread over four others, ratings spread as settled players' are (about 1,900 ± 200, one in ten
// provisional). PostgreSQL then gets the VACUUM ANALYZE that autovacuum gives a table after such a load.
import pg from 'pg';
import type { SqliteStorage } from '../../src/db/sqlite/storage';

export const BOARD_GUILD = 'guild-huge';
export const PEOPLE = 100_000;
const OTHERS = ['guild-a', 'guild-b', 'guild-c', 'guild-d'];

interface BoardRow {
  guild: string;
  user: string;
  name: string;
  rating: number;
  provisional: number;
}

/** The rows: every person in the big server, and each of them (and as many others) in one of four more. */
function rows(): BoardRow[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  // Roughly normal: the sum of four uniforms.
  const rating = () => Math.round(1900 + 200 * (random() + random() + random() + random() - 2) * 1.7);
  const out: BoardRow[] = [];
  for (let i = 0; i < 2 * PEOPLE; i++) {
    const person = { user: `u${i}`, name: `Player ${i}`, rating: rating(), provisional: random() < 0.1 ? 1 : 0 };
    if (i < PEOPLE) out.push({ guild: BOARD_GUILD, ...person });
    out.push({ guild: OTHERS[i % OTHERS.length]!, ...person });
  }
  return out;
}

export function fillSqlite(storage: SqliteStorage): number {
  const start = performance.now();
  const insert = storage.db.prepare(
    `INSERT INTO guild_ratings (guild_id, variant, user_id, name, rating, provisional)
     VALUES (@guild, 'olathe', @user, @name, @rating, @provisional)`,
  );
  storage.db.transaction((all: BoardRow[]) => all.forEach((r) => insert.run(r)))(rows());
  return (performance.now() - start) / 1000;
}

export async function fillPostgres(url: string): Promise<number> {
  const start = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const all = rows();
    for (let from = 0; from < all.length; from += 20_000) {
      const chunk = all.slice(from, from + 20_000);
      await client.query(
        `INSERT INTO guild_ratings (guild_id, variant, user_id, name, rating, provisional)
         SELECT g, 'olathe', u, n, r, p FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[]) AS t(g, u, n, r, p)`,
        [
          chunk.map((r) => r.guild),
          chunk.map((r) => r.user),
          chunk.map((r) => r.name),
          chunk.map((r) => r.rating),
          chunk.map((r) => r.provisional),
        ],
      );
    }
    await client.query('VACUUM ANALYZE guild_ratings');
  } finally {
    await client.end();
  }
  return (performance.now() - start) / 1000;
}
