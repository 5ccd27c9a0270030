// The season's podium (docs/RATINGS.md): when a season (a UTC month) has ended, each server with an announcements
// channel and rated games in it gets one post of its top three per variant. Deciding it is one transaction that
// reads the podium and inserts its season_posts row, keyed by server and season, so two hosts, a restart or a
// kill -9 decide it once; the row then waits, as the outbox's channel work does, until Discord has the message.
// The decision is made during the season after the one that ended, for servers that had the channel set before it
// began: a bot down for the first hour (or days) posts it once when it is back that month, and never later.
import type { Variant } from '../game';
import { seasonOf } from '../rating';
import type { SeasonPostRow } from '../db/season-rows';
import type { Storage, Stores } from '../db/storage';
import { previousSeason, ranked, seasonStart } from './rating-boards';

const VARIANTS: readonly Variant[] = ['olathe', 'balut'];
/** Read past the podium's three so a tie for third is not cut off. */
const PODIUM_READ = 10;
const PODIUM_PLACES = 3;

export interface PodiumPerson {
  userId: string;
  name: string;
  /** The rating their last game of the season left them with. */
  rating: number;
  /** Their rated games of the season. */
  games: number;
  /** 1 to 3; equal ratings share a place. */
  rank: number;
}

/** What a post shows: the season, and each variant that had rated games in the server, best first. */
export interface Podium {
  season: string;
  variants: Array<{ variant: Variant; people: PodiumPerson[] }>;
}

/** A decided post that Discord does not have yet. */
export interface SeasonPost {
  guildId: string;
  season: string;
  channelId: string;
  podium: Podium;
  failures: number;
}

/** The podium of a server's season as the stores (a transaction's, or a snapshot's) read it. */
export async function podiumOf(s: Stores, guildId: string, season: string): Promise<Podium> {
  const variants: Podium['variants'] = [];
  for (const variant of VARIANTS) {
    const rows = ranked(await s.ratings.season(guildId, variant, season, PODIUM_READ)).filter(
      (r) => r.rank <= PODIUM_PLACES,
    );
    if (rows.length === 0) continue;
    const names = await s.seasons.names(
      guildId,
      variant,
      rows.map((r) => r.userId),
    );
    const people = rows.map(({ userId, rating, games, rank }) => ({
      userId,
      name: names.get(userId) ?? '?',
      rating,
      games,
      rank,
    }));
    variants.push({ variant, people });
  }
  return { season, variants };
}

function postOf(row: SeasonPostRow): SeasonPost {
  const podium = JSON.parse(row.podium) as Podium;
  return { guildId: row.guildId, season: row.season, channelId: row.channelId, podium, failures: row.failures };
}

export class SeasonPosts {
  constructor(
    private readonly storage: Storage,
    private readonly now: () => number,
  ) {}

  /** A server's announcements channel; null when it has none. */
  announcements(guildId: string): Promise<string | null> {
    return this.storage.seasons.announcements(guildId);
  }

  /** Sets (or, with null, turns off) the channel the podium of each season that ends is posted in. */
  setAnnouncements(guildId: string, channelId: string | null): Promise<void> {
    return this.storage.seasons.setAnnouncements(guildId, channelId, this.now());
  }

  /**
   * Decides the posts of the season that ended before the one now, for this shard's servers that are due one:
   * each in a transaction of its own, once. Returns how many this call decided.
   */
  async decide(now: number = this.now()): Promise<number> {
    const current = seasonOf(now);
    const ended = previousSeason(current);
    let decided = 0;
    for (const due of await this.storage.seasons.podiumsDue(ended, seasonStart(current))) {
      const inserted = await this.storage.transaction(async (tx) => {
        const podium = await podiumOf(tx, due.guildId, ended);
        if (podium.variants.length === 0) return false;
        const row = { ...due, season: ended, podium: JSON.stringify(podium), decidedAt: now };
        return tx.seasons.insertPost(row);
      });
      if (inserted) decided++;
    }
    return decided;
  }

  /**
   * This shard's posts to deliver now (those of the season that just ended), and those of earlier seasons that
   * were never delivered: a podium months late is news to nobody, so those are given up.
   */
  async pending(now: number = this.now()): Promise<{ due: SeasonPost[]; stale: SeasonPost[] }> {
    const ended = previousSeason(seasonOf(now));
    const rows = await this.storage.seasons.pendingPosts();
    return {
      due: rows.filter((r) => r.season === ended).map(postOf),
      stale: rows.filter((r) => r.season < ended).map(postOf),
    };
  }

  /** Discord has the post: false when that was recorded already (another host delivered it). */
  delivered(post: SeasonPost, messageId: string): Promise<boolean> {
    return this.storage.seasons.finishPost(post.guildId, post.season, messageId, this.now());
  }

  /** The post is given up: its channel is gone or closed to the bot, Discord keeps refusing it, or it is stale. */
  givenUp(post: SeasonPost): Promise<boolean> {
    return this.storage.seasons.finishPost(post.guildId, post.season, null, this.now());
  }

  /** Discord refused it once more: the refusals so far. */
  refused(post: SeasonPost): Promise<number> {
    return this.storage.seasons.postRefused(post.guildId, post.season);
  }
}
