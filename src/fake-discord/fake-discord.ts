// FakeDiscord: a loopback Discord (REST + gateway) that an unmodified discord.js bot connects to, and
// the handle tests and the playground use to act as people and to watch what the bot does. It is built in
// layers: the people and places (places.ts), what can be watched (watching.ts), and here starting it, acting
// as people, faults and closing.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { FakeActivities } from './activities';
import { moderatorDeletesChannel, moderatorDeletesMessage } from './channels';
import { FaultInjector } from './faults';
import { FakeGateway } from './gateway';
import { forwardStateToGateway } from './gateway-forwarding';
import { createFakeState } from './guilds';
import { dispatchInteraction } from './fake-interaction';
import type { FakeInteraction } from './fake-interaction';
import { buildComponentInteraction } from './component-interactions';
import { useEntryPoint } from './entry-point-use';
import { buildSlashInteraction } from './interactions';
import type { BuiltInteraction } from './interaction-common';
import { clone } from './json';
import { pingedUsers } from './mentions';
import { cloneMessage, createMessage } from './message-store';
import { requireParticipant } from './private-places';
import { moderatorDeletesEvent, personSchedulesEvent } from './scheduled-events';
import type { PersonEventInit } from './scheduled-events';
import type { UserRef } from './places';
import { allRoutes } from './rest-routes';
import { createFakeHttpServer } from './server';
import { checkShard } from './snowflake';
import { loadDiscordSpec } from './spec-check';
import type { FakeActivityInstance, FakeScheduledEvent } from './store';
import type {
  ComponentExtras,
  FakeDiscordOptions,
  FakeMessage,
  FaultHandle,
  FaultRule,
  SlashExtras,
  SlashOptionValue,
} from './types';

export type { AddGuildInit, AddUserInit } from './places';

const DEFAULT_ACK_DEADLINE_MS = 3000;
const HEARTBEAT_INTERVAL_MS = 41_250;

export class FakeDiscord extends FakeActivities {
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
    const state = createFakeState(now, {
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
      spec: await loadDiscordSpec(),
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

  /**
   * A person runs the app's Entry Point command from the App Launcher (Activities enabled). With handler 2 Discord
   * opens the Activity itself: the instance they are now in. With handler 1 the bot gets the interaction.
   */
  useEntryPoint(
    user: UserRef,
    extras: ComponentExtras & { channelId?: string } = {},
  ): { instance: FakeActivityInstance } | { interaction: FakeInteraction } {
    const channel = this.requireChannel(extras.channelId ?? this.channelId);
    const use = useEntryPoint(this.state, this.requireUser(user), channel, extras);
    return 'instance' in use ? { instance: clone(use.instance) } : { interaction: this.dispatch(use.built) };
  }

  /** A person writes a plain message in a channel (bots with GUILD_MESSAGES get MESSAGE_CREATE). */
  say(user: UserRef, content: string, channelId = this.channelId): FakeMessage {
    const author = this.requireUser(user);
    requireParticipant(this.state, author, this.requireChannel(channelId));
    const draft = { content, embeds: [], components: [], flags: 0, attachments: [] };
    const message = createMessage(this.state, {
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

  /** A person with Create Events schedules an EXTERNAL event in Discord's app (GUILD_SCHEDULED_EVENT_CREATE). */
  scheduleEvent(user: UserRef, init: PersonEventInit): FakeScheduledEvent {
    return clone(personSchedulesEvent(this.state, this.requireUser(user), init));
  }

  /** A moderator deletes a scheduled event; the bot's routes on it then answer 10070. */
  deleteScheduledEvent(eventId: string): FakeScheduledEvent {
    return clone(moderatorDeletesEvent(this.state, eventId));
  }

  private requireMessage(id: string): FakeMessage {
    const message = this.state.messages.get(id);
    if (!message) throw new Error(`unknown message ${id}`);
    return message;
  }

  private dispatch(built: BuiltInteraction): FakeInteraction {
    return dispatchInteraction(this.state, this.gateway, built, this.ackDeadlineMs, () => this.describe());
  }

  // ------------------------------------------------------------ faults and dropped connections

  /** Makes matching REST requests fail (see FaultRule; FaultRoute has the usual routes). */
  injectFault(rule: FaultRule): FaultHandle {
    return this.faults.add(rule);
  }

  /** Retires every fault rule and answers the requests stalls still hold. */
  clearFaults(): void {
    this.faults.clear();
  }

  /** Drops the bots' gateway connections; with `resume` (default) they RESUME, otherwise re-IDENTIFY. */
  disconnectBots(options: { resume?: boolean } = {}): void {
    this.gateway.disconnectAll(options.resume === false ? 1000 : 4000);
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
