// The season podium's rows as values (migration 0015), the same for every engine: a server's announcements
// channel, and each season's post, decided once and delivered until Discord has it.
import type { Variant } from '../game';

/** A server that wants a season's podium and has none decided yet. */
export interface PodiumDue {
  guildId: string;
  channelId: string;
}

/** A season's post as it is decided: the podium is what the server's boards showed at that moment. */
export interface NewSeasonPost {
  guildId: string;
  season: string;
  channelId: string;
  /** JSON the service writes and reads back (src/service/season-posts.ts). */
  podium: string;
  decidedAt: number;
}

/** A decided post Discord does not have yet. */
export interface SeasonPostRow extends NewSeasonPost {
  /** Deliveries Discord refused so far. */
  failures: number;
}

/**
 * The servers' announcements channels and the season posts (guild_settings, season_posts). The reads that
 * decide and deliver posts see this process's shard's servers only, as the turn clock sees its games.
 */
export interface SeasonStore {
  /** A server's announcements channel; null when it has none. */
  announcements(guildId: string): Promise<string | null>;
  /** Sets it (or, with null, turns it off); the moment it was turned on is kept while a channel stays set. */
  setAnnouncements(guildId: string, channelId: string | null, at: number): Promise<void>;
  /**
   * This shard's servers with an announcements channel set before `setBefore`, a rated game in `season` and no
   * post of that season yet.
   */
  podiumsDue(season: string, setBefore: number): Promise<PodiumDue[]>;
  /** The name each person had in their latest rated game in a server (its board's), by user id. */
  names(guildId: string, variant: Variant, userIds: readonly string[]): Promise<Map<string, string>>;
  /** The earliest season of a rated game in a server; null before the first. */
  firstSeason(guildId: string): Promise<string | null>;
  /** Decides a post: false when one of that server and season was decided already. */
  insertPost(post: NewSeasonPost): Promise<boolean>;
  /** This shard's posts not yet delivered nor given up, oldest first. */
  pendingPosts(): Promise<SeasonPostRow[]>;
  /** Discord has it (its message), or it was given up (null); false when that was recorded already. */
  finishPost(guildId: string, season: string, messageId: string | null, at: number): Promise<boolean>;
  /** One more delivery Discord refused: the refusals so far. */
  postRefused(guildId: string, season: string): Promise<number>;
}
