// The season podium on PostgreSQL: the same methods and rows as SQLite's SeasonStore (migration 0015).
import type { Variant } from '../../game';
import type { ShardSlice } from '../rows';
import type { NewSeasonPost, PodiumDue, SeasonPostRow, SeasonStore } from '../season-rows';
import type { Sql, Statement } from './pool';

const statement = (name: string, text: string): Statement => ({ name: `seasons.${name}`, text });

// Discord's formula on numeric ids only, as the game statements read their games (./game-statements.ts).
const OWN_GUILD = (table: string, count: string, id: string) =>
  `(CASE WHEN ${table}.guild_id ~ '^[0-9]{1,19}$'
     THEN CASE WHEN ${table}.guild_id::numeric < 9223372036854775808 THEN (${table}.guild_id::bigint >> 22) % ${count} ELSE 0 END
     ELSE 0 END) = ${id}`;

const S = {
  announcements: statement(
    'announcements',
    'SELECT announce_channel_id AS channel FROM guild_settings WHERE guild_id = $1',
  ),
  // Turned on (from none) starts `since`; another channel keeps it; off clears both.
  setAnnouncements: statement(
    'set-announcements',
    `INSERT INTO guild_settings (guild_id, announce_channel_id, announce_since) VALUES ($1, $2, $3)
     ON CONFLICT (guild_id) DO UPDATE SET
       announce_since = CASE WHEN excluded.announce_channel_id IS NULL THEN NULL
         WHEN guild_settings.announce_channel_id IS NULL THEN excluded.announce_since
         ELSE guild_settings.announce_since END,
       announce_channel_id = excluded.announce_channel_id`,
  ),
  due: statement(
    'due',
    `SELECT s.guild_id AS "guildId", s.announce_channel_id AS "channelId" FROM guild_settings s
     WHERE s.announce_channel_id IS NOT NULL AND s.announce_since < $2 AND ${OWN_GUILD('s', '$3', '$4')}
       AND EXISTS (SELECT 1 FROM rating_history h
         WHERE h.guild_id = s.guild_id AND h.variant IN ('olathe', 'balut') AND h.season = $1)
       AND NOT EXISTS (SELECT 1 FROM season_posts p WHERE p.guild_id = s.guild_id AND p.season = $1)
     ORDER BY s.guild_id`,
  ),
  names: statement(
    'names',
    `SELECT user_id AS "userId", name FROM guild_ratings
     WHERE guild_id = $1 AND variant = $2 AND user_id = ANY($3::text[])`,
  ),
  first: statement(
    'first',
    `SELECT LEAST(
       (SELECT MIN(season) FROM rating_history WHERE guild_id = $1 AND variant = 'olathe'),
       (SELECT MIN(season) FROM rating_history WHERE guild_id = $1 AND variant = 'balut')) AS season`,
  ),
  insert: statement(
    'insert',
    `INSERT INTO season_posts (guild_id, season, channel_id, podium, decided_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (guild_id, season) DO NOTHING`,
  ),
  pending: statement(
    'pending',
    `SELECT guild_id AS "guildId", season, channel_id AS "channelId", podium, decided_at AS "decidedAt", failures
     FROM season_posts WHERE delivered_at IS NULL AND ${OWN_GUILD('season_posts', '$1', '$2')}
     ORDER BY decided_at, guild_id`,
  ),
  finish: statement(
    'finish',
    `UPDATE season_posts SET message_id = $3, delivered_at = $4
     WHERE guild_id = $1 AND season = $2 AND delivered_at IS NULL`,
  ),
  refused: statement(
    'refused',
    'UPDATE season_posts SET failures = failures + 1 WHERE guild_id = $1 AND season = $2 RETURNING failures',
  ),
};

export class PostgresSeasonStore implements SeasonStore {
  constructor(
    private readonly db: Sql,
    private readonly shard: ShardSlice,
  ) {}

  async announcements(guildId: string): Promise<string | null> {
    const [row] = await this.db.rows<{ channel: string | null }>(S.announcements, [guildId]);
    return row?.channel ?? null;
  }
  async setAnnouncements(guildId: string, channelId: string | null, at: number): Promise<void> {
    await this.db.run(S.setAnnouncements, [guildId, channelId, channelId === null ? null : at]);
  }
  podiumsDue(season: string, setBefore: number): Promise<PodiumDue[]> {
    return this.db.rows<PodiumDue>(S.due, [season, setBefore, this.shard.count, this.shard.id]);
  }
  async names(guildId: string, variant: Variant, userIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.db.rows<{ userId: string; name: string }>(S.names, [guildId, variant, userIds]);
    return new Map(rows.map((r) => [r.userId, r.name]));
  }
  async firstSeason(guildId: string): Promise<string | null> {
    const [row] = await this.db.rows<{ season: string | null }>(S.first, [guildId]);
    return row?.season ?? null;
  }
  async insertPost(post: NewSeasonPost): Promise<boolean> {
    const values = [post.guildId, post.season, post.channelId, post.podium, post.decidedAt];
    return (await this.db.run(S.insert, values)) > 0;
  }
  pendingPosts(): Promise<SeasonPostRow[]> {
    return this.db.rows<SeasonPostRow>(S.pending, [this.shard.count, this.shard.id]);
  }
  async finishPost(guildId: string, season: string, messageId: string | null, at: number): Promise<boolean> {
    return (await this.db.run(S.finish, [guildId, season, messageId, at])) > 0;
  }
  async postRefused(guildId: string, season: string): Promise<number> {
    const [row] = await this.db.rows<{ failures: number }>(S.refused, [guildId, season]);
    return row?.failures ?? 0;
  }
}
