// The bot's database read by the bench while the bot runs, SQLite file or PostgreSQL: the moves saved in a stretch
// of time (events, by the bot's own clock, which is this machine's), and a tournament's tables as games.
import Sqlite from 'better-sqlite3';
import pg from 'pg';

export type Database = { path: string } | { url: string };

async function query(db: Database, sql: string, values: unknown[]): Promise<Array<Record<string, unknown>>> {
  if ('path' in db) {
    // A connection of its own, reads only: WAL lets it read beside the bot's writes.
    const file = new Sqlite(db.path, { fileMustExist: true });
    try {
      file.pragma('busy_timeout = 5000');
      return file.prepare(sql.replace(/\$\d+/g, '?')).all(...values) as Array<Record<string, unknown>>;
    } finally {
      file.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

export interface Moves {
  /** Events saved: throws, holds, writes, declarations, computer players' steps among them. */
  events: number;
  /** Turns ended (a cell written, by a person, a computer player or a timeout). */
  turns: number;
}

/** The moves saved from `fromMs` (inclusive) to `toMs` (exclusive), over every game. */
export async function movesBetween(db: Database, fromMs: number, toMs: number): Promise<Moves> {
  const [row] = await query(
    db,
    `SELECT COUNT(*) AS events, COALESCE(SUM(CASE WHEN type IN ('write', 'timeout') THEN 1 ELSE 0 END), 0) AS turns
       FROM events WHERE at >= $1 AND at < $2`,
    [fromMs, toMs],
  );
  return { events: Number(row!.events), turns: Number(row!.turns) };
}

export interface TableGame {
  id: number;
  status: string;
  playChannelId: string | null;
}

/** The games a tournament's round started, table by table. */
export async function tableGames(db: Database, tournamentId: number, round = 1): Promise<TableGame[]> {
  const rows = await query(
    db,
    `SELECT id, status, play_channel_id FROM games WHERE tournament_id = $1 AND tournament_round = $2
      ORDER BY tournament_table`,
    [tournamentId, round],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    status: String(r.status),
    playChannelId: r.play_channel_id === null ? null : String(r.play_channel_id),
  }));
}
