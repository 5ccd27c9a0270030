// The fake's whole world: its guilds (a default one and any a test adds; see guilds.ts), their channels,
// users, roles, messages (changed through message-store.ts), commands and interactions, plus the records
// tests read (breaches, unknown routes, requests). Every change calls `notify()` so `waitFor` predicates
// are re-checked exactly when something happened, never by polling. The modules that change it build on
// it, and it imports none of them: guilds.ts makes a state with its default guild (createFakeState).
import { EventEmitter } from 'node:events';
import type { APIApplicationCommand } from 'discord.js';
import type { InteractionRecord } from './interaction-record';
import { OAuth2Grants } from './oauth2-grants';
import { BOT_ROLE_PERMISSIONS, EVERYONE_PERMISSIONS } from './permissions';
import { SnowflakeFactory } from './snowflake';
import type {
  DeduplicatedCreate,
  FakeAppEmoji,
  FakeChannel,
  FakeMessage,
  FakeRole,
  FakeUser,
  LoggedRequest,
} from './types';

/** A guild (guilds.ts makes them and their members). */
export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  /** When the bot "joined", for GUILD_CREATE's joined_at (and every member's, for simplicity). */
  joinedAt: number;
  /** The bot's managed role here, as Discord makes one per guild for a bot invited with permissions ('' without the bot). */
  botRoleId: string;
  /**
   * The bot is a member (the app is installed to the server). False for a server where people use the app
   * only through their own user install: no GUILD_CREATE or other events, 403 50001 on its routes.
   */
  botMember: boolean;
  /** @everyone's Use External Apps (1 << 50): off forces a user-installed app's replies ephemeral here. */
  externalApps: boolean;
  /** The guild's roles; @everyone has the guild's id. */
  roles: Map<string, FakeRole>;
  /** Members by user id, with their roles here besides @everyone. */
  members: Map<string, string[]>;
  /** The server's language (its community setting), sent as `preferred_locale` and `guild_locale`; default en-US. */
  preferredLocale?: string;
}

/** One change of a scheduled event, with the audit-log reason its request gave (X-Audit-Log-Reason). */
export interface ScheduledEventChange {
  action: 'create' | 'update' | 'delete';
  at: number;
  /** The bot's id for its own requests, a person's for what they did in Discord's app. */
  by: string;
  /** The status after the change. */
  status: number;
  reason?: string;
}

/** A guild scheduled event (scheduled-events.ts); only EXTERNAL ones (entity type 3) are modelled. */
export interface FakeScheduledEvent {
  id: string;
  guildId: string;
  creatorId: string;
  name: string;
  description: string | null;
  /** entity_metadata.location */
  location: string;
  /** scheduled_start_time and scheduled_end_time, ms since 1970. */
  startAt: number;
  endAt: number;
  /** 1 SCHEDULED, 2 ACTIVE, 3 COMPLETED, 4 CANCELED. */
  status: number;
  /** Deleted: routes answer Unknown Guild Scheduled Event (10070); kept so tests can read what happened. */
  deleted: boolean;
  history: ScheduledEventChange[];
}

/** A running Activity (activity-instances.ts launches, joins and ends them). */
export interface FakeActivityInstance {
  /** "i-{launch_id}-gc-{guild_id}-{channel_id}", or "i-{launch_id}-pc-{channel_id}" in a DM or group DM. */
  instanceId: string;
  /** A snowflake, one per launch. */
  launchId: string;
  channelId: string;
  /** '' in a DM or group DM. */
  guildId: string;
  /** The people connected now, in the order they joined (the first launched it). */
  userIds: string[];
}

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

export interface FakeStateInit {
  applicationId?: string;
  botUserId?: string;
  botUsername: string;
  /** The shard the default guild's id lands on. */
  guildShard?: [number, number];
}

export class FakeState {
  readonly events = new EventEmitter();
  readonly ids: SnowflakeFactory;
  readonly applicationId: string;
  readonly botUser: FakeUser;
  /** The default guild's id: the guild every API uses when it is given no guild or channel. */
  readonly defaultGuildId: string;
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
  /** Every guild's scheduled events by id, in creation order, deleted ones too (scheduled-events.ts). */
  readonly scheduledEvents = new Map<string, FakeScheduledEvent>();
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
    init: FakeStateInit,
  ) {
    this.ids = new SnowflakeFactory(now);
    this.oauth2 = new OAuth2Grants(now);
    this.applicationId = init.applicationId ?? this.ids.next();
    this.defaultGuildId = init.guildShard ? this.ids.nextOnShard(...init.guildShard) : this.ids.next();
    this.botUser = {
      id: init.botUserId ?? this.applicationId,
      username: init.botUsername,
      globalName: null,
      bot: true,
      permissions: (EVERYONE_PERMISSIONS | BOT_ROLE_PERMISSIONS).toString(),
      roleIds: [],
    };
    this.users.set(this.botUser.id, this.botUser);
  }

  /** The default guild, which createFakeState (guilds.ts) makes as soon as the state exists. */
  get guild(): FakeGuild {
    const guild = this.guilds.get(this.defaultGuildId);
    if (!guild) throw new Error('the default guild is not made yet (make the state with createFakeState)');
    return guild;
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
