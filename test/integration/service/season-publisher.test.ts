// Delivering the season podium (src/discord/season-publisher.ts) against routes the test controls, on the run's
// engine: posted once with its picture and its nonce, words only when the picture fails; a channel gone gives the
// post up at once, other refusals after MAX_REFUSED, the network is tried again at each pass; each outcome is
// counted, and the log says so once per post, not once per attempt. A pass after everything is done reads nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { DiscordAPIError } from 'discord.js';
import type { REST } from 'discord.js';
import type { Logger } from '../../../src/app/logger';
import type { MessageBody } from '../../../src/discord/render/turn';
import type { AttachedFile } from '../../../src/discord/sheet-picture';
import { MAX_REFUSED, SeasonPublisher, podiumNonce } from '../../../src/discord/season-publisher';
import type { SeasonPostOutcome } from '../../../src/discord/metrics';
import type { GameService } from '../../../src/service/game-service';
import { harness, playOut, removeTempDirs, SMALL, startedGame } from './helpers';

afterAll(removeTempDirs);

const NOV = Date.UTC(2026, 10, 20, 12);
const DEC = Date.UTC(2026, 11, 1, 0, 1);

interface Post {
  channel: string;
  body: MessageBody;
  nonce: string;
  files: readonly AttachedFile[];
}

function world(fail: (attempt: number) => unknown) {
  const posts: Post[] = [];
  const lines: Array<[string, string]> = [];
  const counted: SeasonPostOutcome[] = [];
  const log = Object.fromEntries(
    (['debug', 'info', 'warn', 'error'] as const).map((level) => [level, (msg: string) => lines.push([level, msg])]),
  ) as unknown as Logger;
  const routes = {
    post(
      channel: string,
      body: MessageBody,
      _ping: readonly string[],
      nonce: string,
      files: readonly AttachedFile[] = [],
    ) {
      const failure = fail(posts.length);
      posts.push({ channel, body, nonce, files });
      return failure ? Promise.reject(failure) : Promise.resolve(`m${posts.length}`);
    },
  };
  const metrics = {
    interaction() {},
    restError() {},
    refusal() {},
    seasonPost: (o: SeasonPostOutcome) => counted.push(o),
  };
  return { posts, lines, counted, log, routes, metrics };
}

async function decidedPost(): Promise<{ service: GameService; at: (t: number) => void }> {
  const { service, clock } = await harness();
  clock.t = NOV;
  await playOut(service, await startedGame(service, ['ann', 'ben'], SMALL, { guildId: 'g1' }));
  await service.seasonPosts.setAnnouncements('g1', 'c1');
  clock.t = DEC;
  return { service, at: (t) => (clock.t = t) };
}

const refusal = (code: number, status: number) =>
  new DiscordAPIError({ code, message: 'no' }, code, status, 'POST', '/channels/c1/messages', { body: undefined });

describe('the season podium’s delivery', () => {
  it('posts once with its picture and nonce, then reads nothing until the next season', async () => {
    const { service } = await decidedPost();
    const w = world(() => null);
    const publisher = new SeasonPublisher(
      { service, log: w.log, rest: {} as REST, metrics: w.metrics },
      () => 'da',
      async () => Buffer.from('png'),
      w.routes,
    );
    expect(await publisher.pass()).toEqual({ decided: 1, posted: 1, retrying: 0, gaveUp: 0 });
    expect(w.posts).toHaveLength(1);
    const [post] = w.posts;
    expect(post!.channel).toBe('c1');
    expect(post!.nonce).toBe(podiumNonce({ guildId: 'g1', season: '2026-11' }));
    expect(post!.files.map((f) => f.name)).toEqual(['podium-2026-11.png']);
    expect(post!.body.embeds[0]!.image?.url).toBe('attachment://podium-2026-11.png');
    expect(post!.body.embeds[0]!.title).toBe('🏆 Sæson november 2026 — podiet');
    expect(w.counted).toEqual(['posted']);
    expect(await publisher.pass()).toEqual({ decided: 0, posted: 0, retrying: 0, gaveUp: 0 });
    expect(w.posts).toHaveLength(1);
  });

  it('posts in words when the picture cannot be drawn', async () => {
    const { service } = await decidedPost();
    const w = world(() => null);
    const broken = () => Promise.reject(new Error('no canvas here'));
    const publisher = new SeasonPublisher({ service, log: w.log, rest: {} as REST }, () => 'en', broken, w.routes);
    expect((await publisher.pass()).posted).toBe(1);
    expect(w.posts[0]!.files).toEqual([]);
    expect(w.posts[0]!.body.embeds[0]!.image).toBeUndefined();
    expect(w.lines).toContainEqual(['warn', 'the podium picture could not be drawn; posted in words only']);
  });

  it('tries the network again at each pass, logging it once, and gives up a channel that is gone', async () => {
    const { service } = await decidedPost();
    const w = world((attempt) => (attempt < 3 ? new Error('ECONNRESET') : refusal(10003, 404)));
    const publisher = new SeasonPublisher(
      { service, log: w.log, rest: {} as REST, metrics: w.metrics },
      () => 'en',
      async () => Buffer.from('png'),
      w.routes,
    );
    for (let i = 0; i < 3; i++) expect((await publisher.pass()).retrying).toBe(1);
    expect(w.lines.filter(([level]) => level === 'warn')).toHaveLength(1);
    expect((await publisher.pass()).gaveUp).toBe(1);
    expect(w.counted).toEqual(['retry', 'retry', 'retry', 'failed']);
    expect(await service.seasonPosts.pending()).toEqual({ due: [], stale: [] });
    expect(w.posts.every((p) => p.nonce === w.posts[0]!.nonce)).toBe(true);
  });

  it('gives up a post Discord keeps refusing after MAX_REFUSED', async () => {
    const { service } = await decidedPost();
    const w = world(() => refusal(50035, 400));
    const publisher = new SeasonPublisher(
      { service, log: w.log, rest: {} as REST, metrics: w.metrics },
      () => 'en',
      async () => Buffer.from('png'),
      w.routes,
    );
    for (let i = 1; i < MAX_REFUSED; i++) expect((await publisher.pass()).retrying).toBe(1);
    expect((await publisher.pass()).gaveUp).toBe(1);
    expect(w.posts).toHaveLength(MAX_REFUSED);
    expect(w.counted.at(-1)).toBe('failed');
  });
});
