// The season podium's statements on SQLite (migration 0015): the servers' announcements channels and the posts
// of each season, decided once (their key) and delivered until Discord has them.
import type Database from 'better-sqlite3';
import type { Variant } from '../../game';
import type { ShardSlice } from '../rows';
import type { NewSeasonPost, PodiumDue, SeasonPostRow, SeasonStore } from '../season-rows';
import type { Sync } from './sync';

// A server's shard by Discord's formula, as the game store reads its games (./game-store.ts).
const OWN_GUILD = (table: string) => `((CAST(${table}.guild_id AS INTEGER) >> 22) % @shardCount) = @shardId`;
const POST_COLUMNS = `guild_id AS guildId, season, channel_id AS channelId, podium, decided_at AS decidedAt, failures`;

export class SqliteSeasonStore implements Sync<SeasonStore> {
  private readonly s;
  private readonly shard: { shardId: number; shardCount: number };

  constructor(db: Database.Database, shard: ShardSlice = { id: 0, count: 1 }) {
    this.shard = { shardId: shard.id, shardCount: shard.count };
    const p = <R = unknown>(sql: string) => db.prepare<unknown[], R>(sql);
    this.s = {
      announcements: p<{ channel: string | null }>(
        'SELECT announce_channel_id AS channel FROM guild_settings WHERE guild_id = ?',
      ),
      // Turned on (from none) starts `since`; another channel keeps it; off clears both.
      setAnnouncements: p(
        `INSERT INTO guild_settings (guild_id, announce_channel_id, announce_since) VALUES (@guildId, @channelId, @since)
         ON CONFLICT (guild_id) DO UPDATE SET
           announce_since = CASE WHEN excluded.announce_channel_id IS NULL THEN NULL
             WHEN guild_settings.announce_channel_id IS NULL THEN excluded.announce_since
             ELSE guild_settings.announce_since END,
           announce_channel_id = excluded.announce_channel_id`,
      ),
      due: p<PodiumDue>(
        `SELECT s.guild_id AS guildId, s.announce_channel_id AS channelId FROM guild_settings s
         WHERE s.announce_channel_id IS NOT NULL AND s.announce_since < @before AND ${OWN_GUILD('s')}
           AND EXISTS (SELECT 1 FROM rating_history h
             WHERE h.guild_id = s.guild_id AND h.variant IN ('olathe', 'balut') AND h.season = @season)
           AND NOT EXISTS (SELECT 1 FROM season_posts p WHERE p.guild_id = s.guild_id AND p.season = @season)
         ORDER BY s.guild_id`,
      ),
      names: p<{ userId: string; name: string }>(
        `SELECT user_id AS userId, name FROM guild_ratings
         WHERE guild_id = ? AND variant = ? AND user_id IN (SELECT value FROM json_each(?))`,
      ),
      // Each variant's MIN reads the first row of rating_history_by_guild's range.
      first: p<{ season: string | null }>(
        `SELECT MIN(s) AS season FROM (
           SELECT MIN(season) AS s FROM rating_history WHERE guild_id = @guildId AND variant = 'olathe'
           UNION ALL SELECT MIN(season) FROM rating_history WHERE guild_id = @guildId AND variant = 'balut')`,
      ),
      insert: p(
        `INSERT INTO season_posts (guild_id, season, channel_id, podium, decided_at)
         VALUES (@guildId, @season, @channelId, @podium, @decidedAt) ON CONFLICT (guild_id, season) DO NOTHING`,
      ),
      pending: p<SeasonPostRow>(
        `SELECT ${POST_COLUMNS} FROM season_posts
         WHERE delivered_at IS NULL AND ${OWN_GUILD('season_posts')} ORDER BY decided_at, guild_id`,
      ),
      finish: p(
        `UPDATE season_posts SET message_id = ?, delivered_at = ?
         WHERE guild_id = ? AND season = ? AND delivered_at IS NULL`,
      ),
      refused: p<{ failures: number }>(
        'UPDATE season_posts SET failures = failures + 1 WHERE guild_id = ? AND season = ? RETURNING failures',
      ),
    };
  }

  announcements(guildId: string): string | null {
    return this.s.announcements.get(guildId)?.channel ?? null;
  }
  setAnnouncements(guildId: string, channelId: string | null, at: number): void {
    this.s.setAnnouncements.run({ guildId, channelId, since: channelId === null ? null : at });
  }
  podiumsDue(season: string, setBefore: number): PodiumDue[] {
    return this.s.due.all({ season, before: setBefore, ...this.shard });
  }
  names(guildId: string, variant: Variant, userIds: readonly string[]): Map<string, string> {
    const rows = this.s.names.all(guildId, variant, JSON.stringify(userIds));
    return new Map(rows.map((r) => [r.userId, r.name]));
  }
  firstSeason(guildId: string): string | null {
    return this.s.first.get({ guildId })?.season ?? null;
  }
  insertPost(post: NewSeasonPost): boolean {
    return this.s.insert.run(post).changes > 0;
  }
  pendingPosts(): SeasonPostRow[] {
    return this.s.pending.all(this.shard);
  }
  finishPost(guildId: string, season: string, messageId: string | null, at: number): boolean {
    return this.s.finish.run(messageId, at, guildId, season).changes > 0;
  }
  postRefused(guildId: string, season: string): number {
    return this.s.refused.get(guildId, season)?.failures ?? 0;
  }
}
