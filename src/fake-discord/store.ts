// The fake's whole world: its guilds (a default one and any a test adds; see guilds.ts), their channels,
// users, roles, messages (changed through message-store.ts), commands and interactions, plus the records
// tests read (breaches, unknown routes, requests). Every change calls `notify()` so `waitFor` predicates
// are re-checked exactly when something happened, never by polling.
import { EventEmitter } from 'node:events';
import type { APIApplicationCommand } from 'discord.js';
import type { FakeActivityInstance } from './activity-instances';
import { createGuild, joinGuild, requireGuild } from './guilds';
import type { FakeGuild } from './guilds';
import type { InteractionRecord } from './interaction-record';
import { cloneMessage } from './message-store';
import { OAuth2Grants } from './oauth2-grants';
import { apiChannel } from './payloads';
import {
  BOT_ROLE_PERMISSIONS,
  EVERYONE_PERMISSIONS,
  Permission,
  effectivePermissions,
  parsePermissions,
} from './permissions';
import { SnowflakeFactory } from './snowflake';
import type {
  ChangeEvent,
  DeduplicatedCreate,
  FakeAppEmoji,
  FakeChannel,
  FakeMessage,
  FakeRole,
  FakeUser,
  LoggedRequest,
} from './types';

export interface StoredUpload {
  bytes: Uint8Array;
  contentType: string | null;
  filename: string;
}

/** A gateway event of a guild, which the gateway forwards to the bots' sessions of the guild's shard. */
export interface GuildDispatch {
  t: string;
  d: unknown;
  guildId: string;
  /** Intent bit a session needs to receive it. */
  intent: number;
}

export class FakeState {
  readonly events = new EventEmitter();
  readonly ids: SnowflakeFactory;
  readonly applicationId: string;
  readonly botUser: FakeUser;
  /** The default guild: the one every API uses when it is given no guild or channel. */
  readonly guild: FakeGuild;
  readonly guilds = new Map<string, FakeGuild>();
  /** Guild channels and threads, of every guild. */
  readonly channels = new Map<string, FakeChannel>();
  /** Ids of deleted channels and threads: routes answer Unknown Channel for them, without a breach. */
  readonly deletedChannels = new Set<string>();
  readonly users = new Map<string, FakeUser>();
  /** What each user was granted (addUser's permissions): each guild they join gives it through a role. */
  readonly grantedPermissions = new Map<string, bigint>();
  /** Every guild's roles (see FakeGuild.roles for one guild's). */
  readonly roles = new Map<string, FakeRole>();
  /** The bot's managed role in the default guild. */
  readonly botRoleId: string;
  readonly messages = new Map<string, FakeMessage>();
  /** Message ids per channel, in creation order (message-store.ts keeps it). */
  readonly channelOrder = new Map<string, string[]>();
  readonly globalCommands: APIApplicationCommand[] = [];
  readonly guildCommands = new Map<string, APIApplicationCommand[]>();
  readonly interactions = new Map<string, InteractionRecord>();
  readonly interactionsByToken = new Map<string, InteractionRecord>();
  readonly uploads = new Map<string, StoredUpload>();
  /** The application's own emojis, by id, in creation order. */
  readonly appEmojis = new Map<string, FakeAppEmoji>();
  /** Users who installed the app to their account (user install, `integration_types` 1). */
  readonly userInstalls = new Set<string>();
  /** Activities enabled in the Developer Portal (entry-point.ts); the app may then launch its Activity. */
  activitiesEnabled = false;
  /** Running Activity instances by instance id (activity-instances.ts). */
  readonly activityInstances = new Map<string, FakeActivityInstance>();
  readonly oauth2: OAuth2Grants;
  readonly breaches: string[] = [];
  readonly unknownRoutes: string[] = [];
  readonly requests: LoggedRequest[] = [];
  readonly deduplicated: DeduplicatedCreate[] = [];
  /** http://host:port, known once the server listens; attachment URLs start with it. */
  httpBase = '';
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly now: () => number,
    init: {
      applicationId?: string;
      botUserId?: string;
      botUsername: string;
      guildName: string;
      channelName: string;
      /** The shard the default guild's id lands on. */
      guildShard?: [number, number];
    },
  ) {
    this.ids = new SnowflakeFactory(now);
    this.oauth2 = new OAuth2Grants(now);
    this.applicationId = init.applicationId ?? this.ids.next();
    const guildId = init.guildShard ? this.ids.nextOnShard(...init.guildShard) : this.ids.next();
    this.botUser = {
      id: init.botUserId ?? this.applicationId,
      username: init.botUsername,
      globalName: null,
      bot: true,
      permissions: (EVERYONE_PERMISSIONS | BOT_ROLE_PERMISSIONS).toString(),
      roleIds: [],
    };
    this.users.set(this.botUser.id, this.botUser);
    // The owner is a user of its own so no test user silently gets owner powers.
    const owner: FakeUser = {
      id: this.ids.next(),
      username: 'server-owner',
      globalName: 'Server Owner',
      bot: false,
      permissions: effectivePermissions(Permission.Administrator).toString(),
      roleIds: [],
    };
    this.users.set(owner.id, owner);
    this.guild = createGuild(this, {
      id: guildId,
      name: init.guildName,
      ownerId: owner.id,
      channelName: init.channelName,
    }).guild;
    this.botRoleId = this.guild.botRoleId;
    this.botUser.roleIds = [this.botRoleId];
  }

  // ------------------------------------------------------------ change notification

  /** Re-checks every pending waitFor; call after any change. */
  notify(): void {
    for (const check of [...this.waiters]) check();
  }

  /**
   * Resolves with the predicate's first truthy result, re-checked after each change. A predicate
   * that throws rejects at once (how `acked()` reports an expired interaction).
   */
  waitFor<T>(predicate: () => T, timeoutMs: number, describeTimeout: () => string): Promise<NonNullable<T>> {
    return new Promise<NonNullable<T>>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined = undefined;
      const finish = (): void => {
        this.waiters.delete(check);
        if (timer) clearTimeout(timer);
      };
      const check = (): void => {
        try {
          const value = predicate();
          if (value) {
            finish();
            resolve(value as NonNullable<T>);
          }
        } catch (error) {
          finish();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      this.waiters.add(check);
      check();
      if (!this.waiters.has(check)) return;
      timer = setTimeout(() => {
        finish();
        reject(new Error(describeTimeout()));
      }, timeoutMs);
    });
  }

  breach(description: string): void {
    this.breaches.push(description);
    this.events.emit('breach', description);
    this.notify();
  }

  emitChange(type: ChangeEvent['type'], message: FakeMessage): void {
    const event: ChangeEvent = { type, channelId: message.channelId, message: cloneMessage(message) };
    this.events.emit('change', event);
    this.notify();
  }

  /**
   * A gateway event of a guild; intent 1 is GUILDS (channels, threads, roles). Nothing is sent for a guild
   * still being made (its GUILD_CREATE, once it is complete, carries everything) or one without the bot.
   */
  guildDispatch(guildId: string, t: string, d: unknown, intent = 1): void {
    // A server without the bot tells it nothing, as a server it was never added to.
    if (this.guilds.get(guildId)?.botMember !== true) return;
    const dispatch: GuildDispatch = { t, d, guildId, intent };
    this.events.emit('dispatch', dispatch);
  }

  // ------------------------------------------------------------ guild entities

  addChannel(name: string, guildId = this.guild.id): FakeChannel {
    const channel: FakeChannel = {
      id: this.ids.next(),
      guildId,
      name,
      type: 0,
      position: this.guildChannels(guildId).length,
    };
    this.channels.set(channel.id, channel);
    this.channelOrder.set(channel.id, []);
    this.guildDispatch(guildId, 'CHANNEL_CREATE', apiChannel(channel));
    this.notify();
    return channel;
  }

  /** Stores a thread, DM or group DM (threads.ts and private-places.ts build them and tell whom they must). */
  addThread(thread: FakeChannel): void {
    this.channels.set(thread.id, thread);
    this.channelOrder.set(thread.id, []);
  }

  /** A guild's own channels, without threads (what GET /guilds/{id}/channels lists). */
  guildChannels(guildId = this.guild.id): FakeChannel[] {
    return [...this.channels.values()].filter((c) => c.type !== 11 && c.guildId === guildId);
  }

  threads(parentId?: string): FakeChannel[] {
    return [...this.channels.values()].filter(
      (c) => c.type === 11 && (parentId === undefined || c.parentId === parentId),
    );
  }

  /** A user, a member of `guildIds` (default: the default guild only). */
  addUser(init: {
    id?: string;
    username: string;
    globalName?: string | null;
    permissions?: string | bigint;
    bot?: boolean;
    guildIds?: string[];
    locale?: string;
  }): FakeUser {
    const id = init.id ?? this.ids.next();
    if (this.users.has(id)) throw new Error(`a user with id ${id} already exists`);
    const guilds = (init.guildIds ?? [this.guild.id]).map((guildId) => requireGuild(this, guildId));
    const granted = parsePermissions(init.permissions ?? EVERYONE_PERMISSIONS);
    const user: FakeUser = {
      id,
      username: init.username,
      globalName: init.globalName ?? null,
      bot: init.bot ?? false,
      permissions: effectivePermissions(granted | EVERYONE_PERMISSIONS).toString(),
      roleIds: [],
      ...(init.locale ? { locale: init.locale } : {}),
    };
    this.users.set(id, user);
    this.grantedPermissions.set(id, granted);
    for (const guild of guilds) joinGuild(this, guild, user);
    this.notify();
    return user;
  }

  // ------------------------------------------------------------ interactions

  addInteraction(record: InteractionRecord): void {
    this.interactions.set(record.id, record);
    this.interactionsByToken.set(record.token, record);
  }

  /** Messages that belong to an interaction's chain: @original and its follow-ups. */
  interactionMessageIds(record: InteractionRecord): string[] {
    return [...(record.originalMessageId ? [record.originalMessageId] : []), ...record.followUpIds];
  }
}
