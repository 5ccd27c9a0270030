// The season store's contract (migration 0015), the same test on both engines: a server's announcements channel
// (its `since` kept while a channel stays set), the servers due a podium (a rated game in the season, set before
// the season's end, none decided yet, this shard's only), a post decided once, delivered or given up once, its
// refusals counted; the names and the first season a server's boards read.
import { afterAll, describe, expect, it } from 'vitest';
import { ratingWrite } from '../../../src/db/rating-rows';
import type { Storage } from '../../../src/db/storage';
import type { RatedSeat } from '../../../src/rating';
import { rateGame } from '../../../src/rating';
import { shardOfGuild } from '../../../src/fake-discord';
import type { EngineStorage } from '../../support/engines';
import { ENGINES, openEngineStorage } from '../../support/engines';
import { removeTempDirs } from '../service/helpers';

afterAll(removeTempDirs);

const GUILD = '81384788765712384';
/** A server on the other shard of two. */
const OTHER = shardOfGuild(GUILD, 2) === 0 ? '81384788769906688' : '81384788765712384';
const NOV = Date.UTC(2026, 10, 20);
const DEC_START = Date.UTC(2026, 11, 1);

const seat = (n: number, userId: string): RatedSeat => ({
  seat: n,
  userId,
  name: `${userId} name`,
  place: n + 1,
  left: false,
  computer: null,
});

async function record(store: Storage, gameId: number, users: string[], at: number, guild = GUILD) {
  const current = await store.ratings.current('olathe', users);
  const write = ratingWrite(
    rateGame(
      'olathe',
      users.map((u, i) => seat(i, u)),
      current,
      at,
    ),
    gameId,
    guild,
  );
  await store.transaction((tx) => tx.ratings.record(write));
}

const post = (guildId: string, season = '2026-11') => ({
  guildId,
  season,
  channelId: `ch-${guildId}`,
  podium: '{"variants":[]}',
  decidedAt: DEC_START + 60_000,
});

describe.each(ENGINES)('the season store on %s', (engine) => {
  const open = (): Promise<EngineStorage> => openEngineStorage(engine);

  it('keeps a server’s announcements channel, and since when it is on', async () => {
    const s = await open();
    const seasons = s.storage.seasons;
    expect(await seasons.announcements(GUILD)).toBeNull();
    await s.storage.outbox.setGuildThreads(GUILD, false);
    await seasons.setAnnouncements(GUILD, '111', 1_000);
    expect(await seasons.announcements(GUILD)).toBe('111');
    // The thread setting of the same row is left as it was.
    expect(await s.storage.outbox.guildThreads(GUILD)).toBe(false);
    await seasons.setAnnouncements(GUILD, '222', 5_000);
    expect(await seasons.announcements(GUILD)).toBe('222');
    const since = async () =>
      (
        (await s.sql('SELECT announce_since AS since FROM guild_settings WHERE guild_id = $1', [GUILD])) as Array<{
          since: number | null;
        }>
      )[0]!.since;
    expect(Number(await since())).toBe(1_000);
    await seasons.setAnnouncements(GUILD, null, 6_000);
    expect(await seasons.announcements(GUILD)).toBeNull();
    expect(await since()).toBeNull();
    await seasons.setAnnouncements(GUILD, '333', 7_000);
    expect(Number(await since())).toBe(7_000);
    await s.close();
  });

  it('lists the servers due a podium: rated in the season, set before its end, none decided, own shard', async () => {
    const s = await open();
    const seasons = s.storage.seasons;
    await record(s.storage, 1, ['ann', 'bob'], NOV);
    await record(s.storage, 2, ['cid', 'dan'], NOV, OTHER);
    await record(s.storage, 3, ['eve', 'fay'], NOV, '5');
    expect(await seasons.podiumsDue('2026-11', DEC_START)).toEqual([]);
    await seasons.setAnnouncements(GUILD, 'ch-g', DEC_START - 1);
    await seasons.setAnnouncements(OTHER, 'ch-o', DEC_START - 1);
    // Set once the season was over: its first podium is the next season's.
    await seasons.setAnnouncements('5', 'ch-5', DEC_START);
    const due = await seasons.podiumsDue('2026-11', DEC_START);
    expect(due).toEqual(
      [
        { guildId: GUILD, channelId: 'ch-g' },
        { guildId: OTHER, channelId: 'ch-o' },
      ].sort((a, b) => (a.guildId < b.guildId ? -1 : 1)),
    );
    expect(await seasons.podiumsDue('2026-10', DEC_START)).toEqual([]);
    // Each shard's process sees its own servers.
    const mine = await s.another({ id: shardOfGuild(GUILD, 2), count: 2 });
    expect(await mine.seasons.podiumsDue('2026-11', DEC_START)).toEqual([{ guildId: GUILD, channelId: 'ch-g' }]);

    expect(await seasons.insertPost(post(GUILD))).toBe(true);
    expect(await seasons.insertPost({ ...post(GUILD), channelId: 'elsewhere' })).toBe(false);
    expect(await seasons.podiumsDue('2026-11', DEC_START)).toEqual([{ guildId: OTHER, channelId: 'ch-o' }]);
    await s.close();
  });

  it('delivers a post once, or gives it up once, and counts its refusals', async () => {
    const s = await open();
    const seasons = s.storage.seasons;
    expect(await seasons.insertPost(post(GUILD))).toBe(true);
    expect(await seasons.insertPost(post(OTHER))).toBe(true);
    expect(await seasons.pendingPosts()).toEqual([
      ...[post(GUILD), post(OTHER)]
        .sort((a, b) => (a.guildId < b.guildId ? -1 : 1))
        .map((p) => ({ ...p, failures: 0 })),
    ]);
    const mine = await s.another({ id: shardOfGuild(OTHER, 2), count: 2 });
    expect((await mine.seasons.pendingPosts()).map((p) => p.guildId)).toEqual([OTHER]);

    expect(await seasons.postRefused(GUILD, '2026-11')).toBe(1);
    expect(await seasons.postRefused(GUILD, '2026-11')).toBe(2);
    expect(await seasons.finishPost(GUILD, '2026-11', '999', DEC_START + 2)).toBe(true);
    expect(await seasons.finishPost(GUILD, '2026-11', '998', DEC_START + 3)).toBe(false);
    expect(await seasons.finishPost(OTHER, '2026-11', null, DEC_START + 3)).toBe(true);
    expect(await seasons.pendingPosts()).toEqual([]);
    const rows = (await s.sql(
      'SELECT guild_id AS "guildId", message_id AS "messageId", failures FROM season_posts ORDER BY guild_id',
    )) as Array<{ guildId: string; messageId: string | null; failures: number }>;
    expect(rows.find((r) => r.guildId === GUILD)).toEqual({ guildId: GUILD, messageId: '999', failures: 2 });
    expect(rows.find((r) => r.guildId === OTHER)).toEqual({ guildId: OTHER, messageId: null, failures: 0 });
    await s.close();
  });

  it('reads the names on a server’s board and its first rated season', async () => {
    const s = await open();
    const seasons = s.storage.seasons;
    expect(await seasons.firstSeason(GUILD)).toBeNull();
    await record(s.storage, 1, ['ann', 'bob'], NOV);
    await record(s.storage, 2, ['ann', 'cid'], Date.UTC(2026, 9, 3));
    await record(s.storage, 3, ['dan', 'eve'], Date.UTC(2026, 8, 3), OTHER);
    expect(await seasons.firstSeason(GUILD)).toBe('2026-10');
    expect(await seasons.names(GUILD, 'olathe', ['ann', 'cid', 'dan'])).toEqual(
      new Map([
        ['ann', 'ann name'],
        ['cid', 'cid name'],
      ]),
    );
    expect(await seasons.names(GUILD, 'balut', ['ann'])).toEqual(new Map());
    await s.close();
  });
});
