// What tests and the playground watch of a FakeDiscord: the messages (and whom they notified), waits for
// a change, the bots' gateway sessions, and the records of what the bot did (breaches, requests, commands).
// FakeDiscord (fake-discord.ts) adds acting as people, faults and the server's lifetime.
import { describeState } from './dump';
import { clone } from './json';
import { channelMessages, cloneMessage } from './message-store';
import { FakePlaces } from './places';
import { guildEvents } from './scheduled-events';
import type { ScheduledEventNotice } from './scheduled-events';
import type { FakeScheduledEvent } from './store';
import type { UserRef } from './places';
import { checkShard } from './snowflake';
import type { ChangeEvent, DeduplicatedCreate, FakeMessage, LoggedRequest, RegisteredCommands } from './types';

type WatchedEvent = 'change' | 'breach' | 'scheduledEvent';
type WatchListener =
  ((event: ChangeEvent) => void) | ((description: string) => void) | ((notice: ScheduledEventNotice) => void);

export abstract class FakeWatching extends FakePlaces {
  // ------------------------------------------------------------ watching

  /** A channel's messages in order (default channel by default); deleted ones only on request. */
  messages(channelId = this.channelId, options: { includeDeleted?: boolean } = {}): FakeMessage[] {
    return channelMessages(this.state, channelId)
      .filter((m) => options.includeDeleted || !m.deleted)
      .map((m) => cloneMessage(m));
  }

  /** What one person sees in a channel: public messages and their own ephemerals. */
  messagesVisibleTo(user: UserRef, channelId = this.channelId): FakeMessage[] {
    const id = typeof user === 'string' ? user : user.id;
    return this.messages(channelId).filter((m) => m.ephemeralFor === undefined || m.ephemeralFor === id);
  }

  message(id: string): FakeMessage | undefined {
    const message = this.state.messages.get(id);
    return message ? cloneMessage(message) : undefined;
  }

  /** Messages (any channel, or one; deleted ones too: the notification happened) that notified a user. */
  pingsOf(user: UserRef, channelId?: string): FakeMessage[] {
    const id = typeof user === 'string' ? user : user.id;
    return [...this.state.messages.values()]
      .filter((m) => m.pinged.includes(id) && (channelId === undefined || m.channelId === channelId))
      .map((m) => cloneMessage(m));
  }

  /** A guild's scheduled events (default: the default guild's), oldest first; deleted ones only on request. */
  scheduledEvents(guildId = this.guildId, options: { includeDeleted?: boolean } = {}): FakeScheduledEvent[] {
    return clone(guildEvents(this.state, guildId, options.includeDeleted));
  }

  /** One scheduled event, deleted or not, with its history of changes. */
  scheduledEvent(id: string): FakeScheduledEvent | undefined {
    const event = this.state.scheduledEvents.get(id);
    return event ? clone(event) : undefined;
  }

  /** Resolves with the predicate's first truthy value, re-checked on every change of the fake. */
  waitFor<T>(predicate: () => T, timeoutMs = 5000): Promise<NonNullable<T>> {
    return this.state.waitFor(
      predicate,
      timeoutMs,
      () => `waitFor timed out after ${timeoutMs} ms\n${this.describe()}`,
    );
  }

  /** The newest non-deleted message (any channel) matching the predicate. */
  waitForMessage(predicate: (message: FakeMessage) => boolean, timeoutMs = 5000): Promise<FakeMessage> {
    return this.state.waitFor(
      () => {
        const all = [...this.state.messages.values()].reverse();
        const found = all.find((m) => !m.deleted && predicate(cloneMessage(m)));
        return found ? cloneMessage(found) : undefined;
      },
      timeoutMs,
      () => `waitForMessage timed out after ${timeoutMs} ms\n${this.describe()}`,
    );
  }

  /** Resolves once a bot is connected, identified and has had READY and GUILD_CREATE. */
  ready(timeoutMs = 15_000): Promise<void> {
    return this.state
      .waitFor(
        () => this.gateway.connectedBots > 0,
        timeoutMs,
        () => `no bot became ready within ${timeoutMs} ms\n${this.describe()}`,
      )
      .then(() => undefined);
  }

  /** Same as ready(). */
  identified(timeoutMs = 15_000): Promise<void> {
    return this.ready(timeoutMs);
  }

  /** Resolves when a bot becomes ready after this call (e.g. a restarted bot process). */
  nextReady(timeoutMs = 15_000): Promise<void> {
    const seen = this.gateway.readyCount;
    return this.state
      .waitFor(
        () => this.gateway.readyCount > seen && this.gateway.connectedBots > 0,
        timeoutMs,
        () => `no new bot session within ${timeoutMs} ms`,
      )
      .then(() => undefined);
  }

  /** Bots connected to the gateway and ready now; a bot running several shards counts once per shard. */
  get connectedBots(): number {
    return this.gateway.connectedBots;
  }

  /** The shard ids of the sessions connected and ready now, ascending, each once (of any shard count). */
  liveShards(): number[] {
    return [...new Set(this.gateway.liveShards().map(([id]) => id))].sort((a, b) => a - b);
  }

  /** Sessions of one shard connected and ready now; two would be two bots answering the same guilds. */
  liveSessions(shardId: number, shardCount = 1): number {
    return this.gateway.liveSessions(shardId, shardCount);
  }

  /** The most sessions of one shard ever live at the same moment (1 for a bot that never doubled a shard). */
  peakLiveSessions(shardId: number, shardCount = 1): number {
    return this.gateway.peakLiveSessions(shardId, shardCount);
  }

  /** How many times one shard was IDENTIFIED (each a new session; RESUME is not counted). */
  identifyCount(shardId: number, shardCount = 1): number {
    return this.gateway.identifyCount(shardId, shardCount);
  }

  /** Resolves once every shard `[0, shardCount)` … `[shardCount - 1, shardCount]` has a ready session. */
  waitForShards(shardCount: number, timeoutMs = 15_000): Promise<void> {
    checkShard(0, shardCount);
    const complete = (): boolean =>
      this.gateway.liveShards().filter(([, count]) => count === shardCount).length === shardCount;
    return this.state
      .waitFor(
        complete,
        timeoutMs,
        () =>
          `not all ${shardCount} shards became ready within ${timeoutMs} ms (live: ${JSON.stringify(this.gateway.liveShards())})\n${this.describe()}`,
      )
      .then(() => undefined);
  }

  /** A few lines per channel: what the bot has shown so far, and the latest breaches. */
  describe(): string {
    return describeState(this.state);
  }

  // ------------------------------------------------------------ records

  /** Every Discord rule the bot broke, in words. */
  get breaches(): string[] {
    return [...this.state.breaches];
  }

  /** "METHOD /api/v10/path" of each request to a route the fake does not implement. */
  get unknownRoutes(): string[] {
    return [...this.state.unknownRoutes];
  }

  /** Every REST request (method, path, query, parsed body, status); headers are never kept. */
  get requests(): LoggedRequest[] {
    return clone(this.state.requests);
  }

  get registeredCommands(): RegisteredCommands {
    const guilds: RegisteredCommands['guilds'] = {};
    for (const [guildId, list] of this.state.guildCommands) guilds[guildId] = clone(list);
    return { global: clone(this.state.globalCommands), guilds };
  }

  /** Creates that `enforce_nonce` answered with an earlier message instead of making a new one. */
  get deduplicatedCreates(): DeduplicatedCreate[] {
    return clone(this.state.deduplicated);
  }

  /** Forgets breaches, unknown routes, the request log and deduplicated creates (e.g. between test cases). */
  clearRecords(): void {
    this.state.breaches.length = 0;
    this.state.unknownRoutes.length = 0;
    this.state.requests.length = 0;
    this.state.deduplicated.length = 0;
  }

  on(event: 'change', listener: (event: ChangeEvent) => void): this;
  on(event: 'breach', listener: (description: string) => void): this;
  on(event: 'scheduledEvent', listener: (notice: ScheduledEventNotice) => void): this;
  on(event: WatchedEvent, listener: WatchListener): this {
    this.state.events.on(event, listener);
    return this;
  }

  off(event: WatchedEvent, listener: WatchListener): this {
    this.state.events.off(event, listener);
    return this;
  }
}
