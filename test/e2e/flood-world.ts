// What floods.test.ts compares before and after a flood: every public message as it stands, the database's rows
// that any action writes, the bot's log as entries, and one sample of a /metrics scrape.
import type { FakeDiscord } from '../../src/fake-discord';
import type { World } from './harness';

/** Every public message of these channels and every thread: what it shows, its edits, deletion, reactions. */
export function publicSnapshot(fake: FakeDiscord, channelIds: string[]): unknown[] {
  return [...channelIds, ...fake.threads().map((c) => c.id)]
    .flatMap((id) => fake.messages(id, { includeDeleted: true }))
    .filter((m) => m.ephemeralFor === undefined)
    .map((m) => ({
      id: m.id,
      content: m.content,
      embeds: m.embeds,
      components: m.components,
      edits: m.editCount,
      deleted: m.deleted ?? false,
      reactions: m.reactions ?? [],
    }));
}

/**
 * The rows an action writes, on either engine: the games (their revision, state, deadlines and what their messages
 * show), and how many rows each other table has. Left out: the health check's row and the shards' locks, which the
 * bot writes on a clock of their own.
 */
export async function floodDigest(world: World): Promise<string> {
  const games = await world.sql(
    'SELECT id, rev, version, status, state, deadlines, next_deadline, messages, shown FROM games ORDER BY id',
  );
  const counts: Record<string, unknown> = {};
  for (const table of ['players', 'events', 'outbox', 'daily_attempts', 'player_totals', 'guild_settings'])
    counts[table] = ((await world.sql(`SELECT COUNT(*) AS n FROM ${table}`)) as { n: unknown }[])[0]!.n;
  return JSON.stringify({ games, counts });
}

export interface LogEntry {
  msg: string;
  level: string;
  [key: string]: unknown;
}

export function logEntries(text: string): LogEntry[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogEntry);
}

/** The value of one sample of the scrape, e.g. `olathe_refusals_total{kind="button",reason="stale"}`; 0 if absent. */
export function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}
