// Posts the season podiums (docs/RATINGS.md). A pass decides the posts that are due (src/service/season-posts.ts:
// once per server and season, in a transaction) and delivers those still pending, as the Publisher delivers a
// game's outbox: each post carries a nonce of its server and season with enforce_nonce, so a retry after a crash
// gets back the message Discord already made, and it is done once Discord answers with it. Only this process's
// shard's servers are read, so only the host holding a server's shard posts there.
// Failures: the network, 5xx and 429 leave the post for the next pass; a channel gone or closed to the bot gives it
// up; any other refusal gives it up after MAX_REFUSED. Each is counted (Metrics.seasonPost); the log says so once
// per post, never a line per attempt.
import type { REST } from 'discord.js';
import type { Logger } from '../app/logger';
import type { GameService, SeasonPost } from '../service/game-service';
import type { PodiumPictureInput } from '../picture/podium';
import { renderPodium } from '../picture/podium';
import { ChannelRest } from './channel-rest';
import type { MessageRoutes } from './channel-rest';
import { nonceOf } from './channel-view';
import { classify, describeFailure } from './discord-errors';
import type { Metrics } from './metrics';
import { podiumBody, podiumPicture, podiumPictureName } from './render/season-podium';
import type { AttachedFile } from './sheet-picture';
import { showingPicture } from './sheet-picture';

/** Refusals of one post (a 4xx that is not about the channel) before it is given up. */
export const MAX_REFUSED = 5;

export type PodiumRenderer = (input: PodiumPictureInput) => Promise<Buffer>;

export interface SeasonPublisherContext {
  service: GameService;
  log: Logger;
  rest: REST;
  metrics?: Metrics;
}

/** What one pass did, for its log line and for tests. */
export interface SeasonPass {
  decided: number;
  posted: number;
  retrying: number;
  gaveUp: number;
}

/** The nonce of a server's podium of a season: the same on every host and after every restart. */
export const podiumNonce = (post: Pick<SeasonPost, 'guildId' | 'season'>) =>
  nonceOf('season', post.guildId, post.season);

export class SeasonPublisher {
  private readonly routes: Pick<MessageRoutes, 'post'>;
  /** Posts whose failure this process has logged: later attempts are counted, not logged again. */
  private readonly warned = new Set<string>();
  private running: Promise<SeasonPass> | null = null;
  /** The season in which this process decided and delivered everything: until the next one a pass reads nothing. */
  private settled: string | null = null;

  constructor(
    private readonly ctx: SeasonPublisherContext,
    /** The server's language (its preferred locale's catalogue). */
    private readonly languageOf: (guildId: string) => string,
    private readonly render: PodiumRenderer = renderPodium,
    routes?: Pick<MessageRoutes, 'post'>,
  ) {
    this.routes = routes ?? new ChannelRest(ctx.rest);
  }

  /** Decides what is due and delivers what is pending; never rejects. A pass under way is joined, not doubled. */
  pass(): Promise<SeasonPass> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<SeasonPass> {
    const { service, log } = this.ctx;
    const done: SeasonPass = { decided: 0, posted: 0, retrying: 0, gaveUp: 0 };
    // A server becomes due only when a season begins (its channel set before, its games in the one that ended).
    const season = service.boards.currentSeason();
    if (this.settled === season) return done;
    try {
      done.decided = await service.seasonPosts.decide();
      const { due, stale } = await service.seasonPosts.pending();
      for (const post of stale) if (await service.seasonPosts.givenUp(post)) done.gaveUp++;
      for (const post of due) done[await this.deliver(post)]++;
      if (done.retrying === 0) this.settled = season;
    } catch (error) {
      // The database out of reach, say: the next pass tries again.
      log.error('season podiums could not be decided or read', { error });
    }
    if (done.decided + done.posted + done.gaveUp > 0) log.info('season podiums', { ...done });
    else log.debug('season podiums looked at', { season, ...done });
    return done;
  }

  private async deliver(post: SeasonPost): Promise<'posted' | 'retrying' | 'gaveUp'> {
    const { service, metrics } = this.ctx;
    const language = this.languageOf(post.guildId);
    const body = podiumBody(post.podium, language);
    const file = await this.draw(post, language);
    try {
      const shown = file ? showingPicture(body, file.name) : body;
      const id = await this.routes.post(post.channelId, shown, [], podiumNonce(post), file ? [file] : []);
      await service.seasonPosts.delivered(post, id);
      metrics?.seasonPost?.('posted');
      return 'posted';
    } catch (error) {
      if (service.storage.isUnavailable(error)) return this.retry(post, error);
      const failure = classify(error);
      const refusals = failure === 'refused' ? await service.seasonPosts.refused(post) : 0;
      if (failure === 'channel-gone' || refusals >= MAX_REFUSED) {
        await service.seasonPosts.givenUp(post);
        metrics?.seasonPost?.('failed');
        this.ctx.log.warn('season podium given up: it cannot be posted in its channel', {
          ...this.where(post),
          refusals,
          ...describeFailure(error),
        });
        return 'gaveUp';
      }
      return this.retry(post, error);
    }
  }

  private retry(post: SeasonPost, error: unknown): 'retrying' {
    this.ctx.metrics?.seasonPost?.('retry');
    const key = `${post.guildId}:${post.season}`;
    const at = { ...this.where(post), ...describeFailure(error) };
    if (this.warned.has(key)) this.ctx.log.debug('season podium not posted yet; tried again later', at);
    else {
      this.warned.add(key);
      this.ctx.log.warn('season podium not posted yet; tried again at each pass', at);
    }
    return 'retrying';
  }

  private where(post: SeasonPost) {
    return { guildId: post.guildId, season: post.season, channelId: post.channelId };
  }

  /** The picture, or null (the words say it all) with a line saying why. */
  private async draw(post: SeasonPost, language: string): Promise<AttachedFile | null> {
    try {
      return { name: podiumPictureName(post.season), data: await this.render(podiumPicture(post.podium, language)) };
    } catch (error) {
      this.ctx.log.warn('the podium picture could not be drawn; posted in words only', {
        ...this.where(post),
        ...describeFailure(error),
      });
      return null;
    }
  }
}
