// A tournament's standings worked out again by the test, from the saved games alone (each table's seats, places
// and final points in the games and players tables), by docs/TOURNAMENTS.md's rules and never by the core's own
// code: at a table of S seats 1st gets S − 1 … last 0, shared places share their points, computer players take
// places but are not ranked; ties broken by final points, then the opponents' average; equal on all three, people
// share a rank and are listed by seed. And the standings as a message shows them, read back from its text.
import type { World } from './harness';

export interface SavedSeat {
  seat: number;
  userId: string;
  isBot: boolean;
  place: number;
  final: number;
}

export interface SavedTable {
  gameId: number;
  round: number;
  table: number;
  status: string;
  playChannelId: string | null;
  seats: SavedSeat[];
}

/** One line of the standings, as the message shows it. */
export interface ShownRow {
  rank: number;
  name: string;
  points: number;
  final: number;
  opponents: number;
}

/** Every game of the tournament with its seats, by round and table. */
export async function savedTables(world: World, tournamentId: number): Promise<SavedTable[]> {
  const games = (await world.sql(
    `SELECT id, tournament_round AS round, tournament_table AS tbl, status, play_channel_id
       FROM games WHERE tournament_id = $1 ORDER BY tournament_round, tournament_table, id`,
    [tournamentId],
  )) as { id: number; round: number; tbl: number; status: string; play_channel_id: string | null }[];
  const seats = (await world.sql(
    `SELECT p.game_id, p.seat, p.user_id, p.is_bot, p.place, p.final_score
       FROM players p JOIN games g ON g.id = p.game_id WHERE g.tournament_id = $1 ORDER BY p.game_id, p.seat`,
    [tournamentId],
  )) as { game_id: number; seat: number; user_id: string; is_bot: number; place: number; final_score: number }[];
  return games.map((g) => ({
    gameId: Number(g.id),
    round: Number(g.round),
    table: Number(g.tbl),
    status: g.status,
    playChannelId: g.play_channel_id,
    seats: seats
      .filter((s) => Number(s.game_id) === Number(g.id))
      .map((s) => ({
        seat: Number(s.seat),
        userId: s.user_id,
        isBot: Number(s.is_bot) === 1,
        place: Number(s.place),
        final: Number(s.final_score),
      })),
  }));
}

interface Tally {
  userId: string;
  seed: number;
  points: number;
  final: number;
  met: string[];
}

/**
 * The standings from finished tables, best first. `people` in seed order (the rating order at the start); `names`
 * turns ids into the names the message shows.
 */
export function recount(tables: readonly SavedTable[], people: readonly string[], names: (id: string) => string) {
  const tallies = new Map<string, Tally>(
    people.map((userId, seed) => [userId, { userId, seed, points: 0, final: 0, met: [] }]),
  );
  for (const table of tables) {
    if (table.status !== 'finished') continue;
    const size = table.seats.length;
    const humans = table.seats.filter((s) => !s.isBot);
    for (const s of humans) {
      const sharing = table.seats.filter((o) => o.place === s.place).length;
      // The places s.place … s.place + sharing − 1 share their points: S − p for each.
      let sum = 0;
      for (let p = s.place; p < s.place + sharing; p++) sum += size - p;
      const t = tallies.get(s.userId)!;
      t.points += sum / sharing;
      t.final += s.final;
      t.met.push(...humans.filter((o) => o !== s).map((o) => o.userId));
    }
  }
  const average = (t: Tally) =>
    t.met.length ? t.met.reduce((acc, id) => acc + tallies.get(id)!.points, 0) / t.met.length : 0;
  const compare = (a: Tally, b: Tally) => {
    const byAverage = average(b) - average(a);
    return b.points - a.points || b.final - a.final || (Math.abs(byAverage) < 1e-9 ? 0 : byAverage);
  };
  const sorted = [...tallies.values()].sort((a, b) => compare(a, b) || a.seed - b.seed);
  const rows: ShownRow[] = [];
  sorted.forEach((t, i) => {
    const shared = i > 0 && compare(sorted[i - 1]!, t) === 0;
    rows.push({
      rank: shared ? rows[i - 1]!.rank : i + 1,
      name: names(t.userId),
      points: t.points,
      final: t.final,
      opponents: Math.round(average(t) * 100) / 100,
    });
  });
  return rows;
}

/** "`1.` **Ann** — 7.5 pts · final 1,234 · opp. 4.25", one a line. */
const ROW = /^`(\d+)\.` \*\*(.+?)\*\*(?: \(left\))? — ([\d.]+) pts? · final (−?[\d,]+) · opp\. ([\d.]+)$/;

/** The standings lines of a standings text, read back; throws on a line that is not one. */
export function shownRows(text: string): ShownRow[] {
  return text.split('\n').map((line) => {
    const m = ROW.exec(line);
    if (!m) throw new Error(`not a standings line: ${JSON.stringify(line)}`);
    return {
      rank: Number(m[1]),
      name: m[2]!,
      points: Number(m[3]),
      final: Number(m[4]!.replace(/,/g, '').replace('−', '-')),
      opponents: Number(m[5]),
    };
  });
}
