// The people and places of a FakeDiscord: its addresses, its clock, users, guilds, channels, threads, the
// bot's permissions and the application's emojis. FakeWatching (watching.ts) builds on it with the watching
// and records, FakeDiscord (fake-discord.ts) with the acting.
import type { Server } from 'node:http';
import { addAppEmoji } from './app-emojis';
import { setBotOverwrite } from './channels';
import type { FaultInjector } from './faults';
import type { FakeGateway } from './gateway';
import { addChannel, addUser, createGuild, joinGuild, requireGuild, setBotRoleGrant } from './guilds';
import { appPermissionsIn } from './install-contexts';
import { parsePermissions } from './permissions';
import { clone } from './json';
import { addGroupDm, dmWith } from './private-places';
import { checkShard, shardOfGuild } from './snowflake';
import type { FakeState } from './store';
import { startThreadAsUser } from './threads';
import type { ThreadInit } from './threads';
import type { FakeAppEmoji, FakeChannel, FakeUser } from './types';

export interface AddUserInit {
  id?: string;
  username: string;
  globalName?: string | null;
  /** Decimal bitfield (see PERMISSIONS presets); default: a normal member. The same in every guild. */
  permissions?: string | bigint;
  /** Guilds the user is a member of; default: the default guild only. `[]` makes a user of no guild. */
  guildIds?: string[];
  /** The language of their Discord client (an interaction's `locale`), e.g. 'da'; default en-US. */
  locale?: string;
}

export interface AddGuildInit {
  /** Default: "Test Server N". */
  name?: string;
  /** Its text channel; default "dice". */
  channelName?: string;
  /** The shard `[id, count]` the guild's id is to land on (Discord's formula); default: any. */
  shard?: [number, number];
  /** An explicit guild id (a snowflake); default: a new one. */
  id?: string;
  /** The server's language (`preferred_locale`, an interaction's `guild_locale`), e.g. 'da'; default en-US. */
  preferredLocale?: string;
  /**
   * false: a server the bot is not in, where people reach the app through their user install only: no
   * gateway events, 403 Missing Access on its routes (private-places.ts). Default true.
   */
  botMember?: boolean;
  /** false: @everyone may not Use External Apps, so user-installed apps answer ephemerally there. Default true. */
  externalApps?: boolean;
}

export type UserRef = string | FakeUser;

export interface FakePlacesInit {
  host: string;
  port: number;
  botToken: string;
  ackDeadlineMs: number;
}

export abstract class FakePlaces {
  /** What goes into DISCORD_API_URL / `rest.api`: http://127.0.0.1:PORT/api. */
  readonly apiUrl: string;
  /** What goes into `rest.cdn`: http://127.0.0.1:PORT, where /emojis/{id}.png and /attachments/… are served. */
  readonly cdnUrl: string;
  readonly gatewayUrl: string;
  readonly port: number;
  readonly host: string;
  readonly applicationId: string;
  /** A token the fake accepts (the only one when `botToken` was given). */
  readonly botToken: string;
  /** The default guild: where users, channels and commands go when no guild is named. */
  readonly guildId: string;
  /** The default text channel, #dice, of the default guild. */
  readonly channelId: string;
  readonly ackDeadlineMs: number;

  protected constructor(
    protected readonly state: FakeState,
    protected readonly gateway: FakeGateway,
    protected readonly server: Server,
    protected readonly faults: FaultInjector,
    /** Shared with the state's clock: advanceTime() adds to it. */
    protected readonly clock: { offset: number },
    init: FakePlacesInit,
  ) {
    this.host = init.host;
    this.port = init.port;
    this.apiUrl = `http://${init.host}:${init.port}/api`;
    this.cdnUrl = `http://${init.host}:${init.port}`;
    this.gatewayUrl = `ws://${init.host}:${init.port}/gateway`;
    this.applicationId = state.applicationId;
    this.botToken = init.botToken;
    this.guildId = state.guild.id;
    this.channelId = state.guildChannels(state.guild.id)[0]?.id ?? '';
    this.ackDeadlineMs = init.ackDeadlineMs;
  }

  /** The application's emojis with their images, oldest first (what List Application Emojis lists). */
  get applicationEmojis(): FakeAppEmoji[] {
    return clone([...this.state.appEmojis.values()]);
  }

  /** Adds an emoji as the developer portal would (`image` a data URI); throws what the API would refuse. */
  addApplicationEmoji(name: string, image: string): FakeAppEmoji {
    return clone(addAppEmoji(this.state, name, image));
  }

  /** Moves the fake's clock forward (e.g. 16 minutes to expire interaction tokens). */
  advanceTime(ms: number): void {
    this.clock.offset += ms;
    this.state.notify();
  }

  /** The fake's current time (ms since 1970), including advanceTime(). */
  now(): number {
    return this.state.now();
  }

  // ------------------------------------------------------------ people

  get botUser(): FakeUser {
    return clone(this.state.botUser);
  }

  addUser(init: AddUserInit): FakeUser {
    return clone(addUser(this.state, init));
  }

  user(id: string): FakeUser | undefined {
    const user = this.state.users.get(id);
    return user ? clone(user) : undefined;
  }

  /** Makes a user a member of a guild too (nothing happens if they are one). */
  addMember(user: UserRef, guildId: string): void {
    joinGuild(this.state, requireGuild(this.state, guildId), this.requireUser(user));
  }

  /** A guild's members, the bot and the owner included. */
  members(guildId = this.guildId): FakeUser[] {
    return [...requireGuild(this.state, guildId).members.keys()].flatMap((id) => {
      const user = this.state.users.get(id);
      return user ? [clone(user)] : [];
    });
  }

  protected requireUser(ref: UserRef): FakeUser {
    const id = typeof ref === 'string' ? ref : ref.id;
    const user = this.state.users.get(id);
    if (!user) throw new Error(`unknown user ${id}; create it with addUser()`);
    return user;
  }

  // ------------------------------------------------------------ guilds

  /**
   * Another guild the bot is in, owned by the default guild's owner, with a text channel. Connected bots
   * get its GUILD_CREATE on the session of its shard, as when the bot is added to a server. With
   * `botMember: false` a server the bot is not in (for user installs): the bot learns nothing of it.
   */
  addGuild(init: AddGuildInit = {}): { guildId: string; channelId: string } {
    const { state } = this;
    if (init.shard) checkShard(...init.shard);
    const id = init.id ?? (init.shard ? state.ids.nextOnShard(...init.shard) : state.ids.next());
    if (!/^\d+$/.test(id)) throw new Error(`guild id ${id} is not a snowflake`);
    if (init.shard && shardOfGuild(id, init.shard[1]) !== init.shard[0])
      throw new Error(
        `guild id ${id} is on shard ${shardOfGuild(id, init.shard[1])} of ${init.shard[1]}, not ${init.shard[0]}`,
      );
    const { guild, channel } = createGuild(state, {
      id,
      name: init.name ?? `Test Server ${state.guilds.size + 1}`,
      ownerId: state.guild.ownerId,
      channelName: init.channelName ?? 'dice',
      ...(init.preferredLocale ? { preferredLocale: init.preferredLocale } : {}),
      ...(init.botMember === false ? { botMember: false } : {}),
      ...(init.externalApps === false ? { externalApps: false } : {}),
    });
    return { guildId: guild.id, channelId: channel.id };
  }

  /** A server admin changes the guild's language (default: the default guild's); later interactions carry it. */
  setPreferredLocale(locale: string, guildId = this.guildId): void {
    requireGuild(this.state, guildId).preferredLocale = locale;
  }

  /** Every guild's id, the default guild's first. */
  get guildIds(): string[] {
    return [...this.state.guilds.keys()];
  }

  // ------------------------------------------------------------ channels

  /** A text channel in a guild (default: the default guild). */
  addChannel(name: string, guildId = this.guildId): FakeChannel {
    requireGuild(this.state, guildId);
    return clone(addChannel(this.state, name, guildId));
  }

  /** A channel or thread; undefined once deleted. */
  channel(id: string): FakeChannel | undefined {
    const channel = this.state.channels.get(id);
    return channel ? clone(channel) : undefined;
  }

  /** The default guild's text channels (threads are listed by threads()). */
  get channels(): FakeChannel[] {
    return this.guildChannels(this.guildId);
  }

  /** A guild's text channels. */
  guildChannels(guildId: string): FakeChannel[] {
    requireGuild(this.state, guildId);
    return this.state.guildChannels(guildId).map((c) => clone(c));
  }

  /** Threads (type 11), of one parent channel or of all. */
  threads(parentId?: string): FakeChannel[] {
    return this.state.threads(parentId).map((c) => clone(c));
  }

  /** A person starts a public thread from a message, as the bot would with POST …/threads. */
  startThread(user: UserRef, messageId: string, name: string, options: Omit<ThreadInit, 'name'> = {}): FakeChannel {
    return clone(startThreadAsUser(this.state, this.requireUser(user), messageId, { ...options, name }));
  }

  /**
   * A moderator sets the bot member's permission overwrite in a text channel (its threads follow):
   * denied bits are refused there (50013; 50001 without View Channel) and missing from app_permissions.
   * `{}` removes the overwrite.
   */
  setBotChannelPermissions(channelId: string, overwrite: { allow?: bigint | string; deny?: bigint | string }): void {
    setBotOverwrite(this.state, channelId, overwrite);
  }

  /**
   * A server admin gives the bot's role more than it was invited with, such as Permission.CreateEvents (replacing
   * an earlier grant; 0n takes it back). The bot hears GUILD_ROLE_UPDATE; app_permissions follow.
   */
  grantBotPermissions(permissions: bigint | string, guildId = this.guildId): void {
    setBotRoleGrant(this.state, requireGuild(this.state, guildId), parsePermissions(permissions));
  }

  /** The bot's permissions in a channel, thread, DM or group DM, as app_permissions carries them. */
  botPermissions(channelId = this.channelId): string {
    return appPermissionsIn(this.state, this.requireChannel(channelId)).toString();
  }

  // ------------------------------------------------------------ outside servers (private-places.ts)

  /** The user installs the app to their account (user install): its user-installable commands follow them. */
  installApp(user: UserRef): void {
    this.state.userInstalls.add(this.requireUser(user).id);
    this.state.notify();
  }

  /** The bot's DM with a user (type 1; one per user): interactions there are context 1. */
  addDm(user: UserRef): FakeChannel {
    return clone(dmWith(this.state, this.requireUser(user)));
  }

  /** A group DM (type 3) of 2–10 users, the first its owner; the bot is not in it: context 2. */
  addGroupDm(users: UserRef[], name?: string): FakeChannel {
    return clone(
      addGroupDm(
        this.state,
        users.map((u) => this.requireUser(u)),
        name,
      ),
    );
  }

  protected requireChannel(id: string): FakeChannel {
    const channel = this.state.channels.get(id);
    if (!channel) throw new Error(`unknown channel ${id}${this.state.deletedChannels.has(id) ? ' (deleted)' : ''}`);
    return channel;
  }
}
