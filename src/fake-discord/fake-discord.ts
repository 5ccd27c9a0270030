// FakeDiscord: a loopback Discord (REST + gateway) that an unmodified discord.js bot connects to, and
// the handle tests and the playground use to act as people and to watch what the bot does.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { moderatorDeletesChannel, moderatorDeletesMessage } from './channels';
import { describeState } from './dump';
import { FaultInjector } from './faults';
import { FakeGateway, forwardStateToGateway } from './gateway';
import { dispatchInteraction } from './fake-interaction';
import type { FakeInteraction } from './fake-interaction';
import { buildComponentInteraction } from './component-interactions';
import { buildSlashInteraction } from './interactions';
import type { BuiltInteraction } from './interaction-common';
import { clone } from './json';
import { pingedUsers } from './mentions';
import { requireParticipant } from './private-places';
import { FakePlaces } from './places';
import type { UserRef } from './places';
import { allRoutes } from './rest-routes';
import { createFakeHttpServer } from './server';
import { checkShard } from './snowflake';
import { FakeState, cloneMessage } from './store';
import type {
  ChangeEvent,
  ComponentExtras,
  DeduplicatedCreate,
  FakeDiscordOptions,
  FakeMessage,
  FaultHandle,
  FaultRule,
  LoggedRequest,
  RegisteredCommands,
  SlashExtras,
  SlashOptionValue,
} from './types';

export type { AddGuildInit, AddUserInit } from './places';

const DEFAULT_ACK_DEADLINE_MS = 3000;
const HEARTBEAT_INTERVAL_MS = 41_250;

export class FakeDiscord extends FakePlaces {
  private closed = false;

  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const host = options.host ?? '127.0.0.1';
    const baseClock = options.now ?? Date.now;
    const clock = { offset: 0 };
    const now = (): number => baseClock() + clock.offset;
    const recommendedShards = options.recommendedShards ?? 1;
    const maxConcurrency = options.maxConcurrency ?? 1;
    if (!Number.isInteger(recommendedShards) || recommendedShards < 1)
      throw new Error(`recommendedShards must be a whole number ≥ 1, got ${recommendedShards}`);
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1)
      throw new Error(`maxConcurrency must be a whole number ≥ 1, got ${maxConcurrency}`);
    if (options.guildShard) checkShard(...options.guildShard);
    const state = new FakeState(now, {
      ...(options.applicationId ? { applicationId: options.applicationId } : {}),
      ...(options.botUserId ? { botUserId: options.botUserId } : {}),
      botUsername: options.botUsername ?? 'Olathe',
      guildName: options.guildName ?? 'Olathe Test Server',
      channelName: options.channelName ?? 'dice',
      ...(options.guildShard ? { guildShard: options.guildShard } : {}),
    });
    const botToken = options.botToken ?? `fake.${randomBytes(18).toString('base64url')}`;
    const acceptsToken = (token: string): boolean => options.botToken === undefined || token === options.botToken;
    const ackDeadlineMs = options.ackDeadlineMs ?? DEFAULT_ACK_DEADLINE_MS;
    let gatewayUrl = '';
    const gateway = new FakeGateway(state, {
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS,
      acceptsToken,
      url: () => gatewayUrl,
    });
    const faults = new FaultInjector(() => state.notify());
    const server = createFakeHttpServer({
      state,
      routes: allRoutes(),
      gateway,
      acceptsToken,
      ackDeadlineMs,
      gatewayUrl: () => gatewayUrl,
      recommendedShards,
      maxConcurrency,
      faults,
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    gatewayUrl = `ws://${host}:${port}/gateway`;
    state.httpBase = `http://${host}:${port}`;
    forwardStateToGateway(state, gateway);
    return new FakeDiscord(state, gateway, server, faults, clock, { host, port, botToken, ackDeadlineMs });
  }

  // ------------------------------------------------------------ acting as a person

  /** A person uses a slash command; options are shaped by the registered command tree. */
  slash(
    user: UserRef,
    commandName: string,
    options: Record<string, SlashOptionValue> = {},
    extras: SlashExtras = {},
  ): FakeInteraction {
    const channel = this.requireChannel(extras.channelId ?? this.channelId);
    return this.dispatch(
      buildSlashInteraction(this.state, this.requireUser(user), channel, commandName, options, extras),
    );
  }

  /** A person clicks a button (component_type 2) on a stored message. */
  click(user: UserRef, messageId: string, customId: string, extras: ComponentExtras = {}): FakeInteraction {
    return this.dispatch(
      buildComponentInteraction(
        this.state,
        this.requireUser(user),
        this.requireMessage(messageId),
        customId,
        undefined,
        extras,
      ),
    );
  }

  /** A person picks `values` in a string select (component_type 3) or user select (5). */
  select(
    user: UserRef,
    messageId: string,
    customId: string,
    values: string[],
    extras: ComponentExtras = {},
  ): FakeInteraction {
    return this.dispatch(
      buildComponentInteraction(
        this.state,
        this.requireUser(user),
        this.requireMessage(messageId),
        customId,
        values,
        extras,
      ),
    );
  }

  /** A person writes a plain message in a channel (bots with GUILD_MESSAGES get MESSAGE_CREATE). */
  say(user: UserRef, content: string, channelId = this.channelId): FakeMessage {
    const author = this.requireUser(user);
    requireParticipant(this.state, author, this.requireChannel(channelId));
    const draft = { content, embeds: [], components: [], flags: 0, attachments: [] };
    const message = this.state.createMessage({
      channelId,
      author,
      draft,
      type: 0,
      pinged: pingedUsers(this.state, draft, undefined, author.id),
    });
    return cloneMessage(message);
  }

  /** A moderator deletes a message, anyone's (MESSAGE_DELETE to bots with GUILD_MESSAGES). */
  deleteMessage(messageId: string): FakeMessage {
    return clone(moderatorDeletesMessage(this.state, messageId));
  }

  /**
   * A moderator deletes a channel (and its threads) or a thread: CHANNEL_DELETE / THREAD_DELETE, then
   * 404 10003 Unknown Channel from every route on it, its messages' and interactions' included.
   */
  deleteChannel(channelId: string): void {
    moderatorDeletesChannel(this.state, channelId);
  }

  private requireMessage(id: string): FakeMessage {
    const message = this.state.messages.get(id);
    if (!message) throw new Error(`unknown message ${id}`);
    return message;
  }

  private dispatch(built: BuiltInteraction): FakeInteraction {
    return dispatchInteraction(this.state, this.gateway, built, this.ackDeadlineMs, () => this.describe());
  }

  // ------------------------------------------------------------ watching

  /** A channel's messages in order (default channel by default); deleted ones only on request. */
  messages(channelId = this.channelId, options: { includeDeleted?: boolean } = {}): FakeMessage[] {
    return this.state
      .channelMessages(channelId)
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

  /** Drops the bots' gateway connections; with `resume` (default) they RESUME, otherwise re-IDENTIFY. */
  disconnectBots(options: { resume?: boolean } = {}): void {
    this.gateway.disconnectAll(options.resume === false ? 1000 : 4000);
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

  // ------------------------------------------------------------ faults

  /** Makes matching REST requests fail (see FaultRule; FaultRoute has the usual routes). */
  injectFault(rule: FaultRule): FaultHandle {
    return this.faults.add(rule);
  }

  /** Retires every fault rule and answers the requests stalls still hold. */
  clearFaults(): void {
    this.faults.clear();
  }

  on(event: 'change', listener: (event: ChangeEvent) => void): this;
  on(event: 'breach', listener: (description: string) => void): this;
  on(event: 'change' | 'breach', listener: ((event: ChangeEvent) => void) | ((description: string) => void)): this {
    this.state.events.on(event, listener);
    return this;
  }

  off(event: 'change' | 'breach', listener: ((event: ChangeEvent) => void) | ((description: string) => void)): this {
    this.state.events.off(event, listener);
    return this;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const record of this.state.interactions.values()) if (record.timer) clearTimeout(record.timer);
    this.faults.close();
    await this.gateway.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

export function startFakeDiscord(options?: FakeDiscordOptions): Promise<FakeDiscord> {
  return FakeDiscord.start(options);
}
