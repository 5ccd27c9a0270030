// Installation and interaction contexts, as Discord documents them (discord-api-docs
// interactions/receiving-and-responding: "Interaction Context Types", "Authorizing Integration Owners Object",
// the app_permissions footnote, "Create Followup Message"; interactions/application-commands: "Contexts";
// change log "Calculated Permissions in Interaction Payloads"; topics/permissions: USE_EXTERNAL_APPS).
import type { APIApplicationCommand } from 'discord.js';
import { botPermissionsIn } from './channels';
import { DiscordErrors } from './http';
import type { InteractionRecord } from './interaction-record';
import { Permission } from './permissions';
import { ChannelType, sharesGuildWithBot } from './private-places';
import type { FakeGuild, FakeState } from './store';
import type { FakeChannel, FakeMessage, FakeUser } from './types';

/** Where an interaction happens: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL (group DMs, DMs between users). */
export type InteractionContext = 0 | 1 | 2;
/** Installation contexts: 0 GUILD_INSTALL (the bot in a server), 1 USER_INSTALL (to a user's account). */
const GUILD_INSTALL = 0;
const USER_INSTALL = 1;
const ALL_CONTEXTS: readonly InteractionContext[] = [0, 1, 2];

/** An app only a user installed may create this many follow-ups per interaction (Create Followup Message). */
export const USER_INSTALL_FOLLOW_UP_LIMIT = 5;

export interface Place {
  context: InteractionContext;
  /** The server, in context 0. */
  guild: FakeGuild | undefined;
  /** The bot is a member here: the bot's DM, or a server it was added to. */
  botPresent: boolean;
}

export function placeOf(state: FakeState, channel: FakeChannel): Place {
  if (channel.type === ChannelType.DM) return { context: 1, guild: undefined, botPresent: true };
  if (channel.type === ChannelType.GroupDM) return { context: 2, guild: undefined, botPresent: false };
  const guild = state.guilds.get(channel.guildId);
  return { context: 0, guild, botPresent: guild?.botMember ?? false };
}

/**
 * authorizing_integration_owners for a user acting here with a command of these integration types: "0" when
 * the server install reaches the place (the guild's id; "0" in the bot's DM, which global commands reach when
 * the user shares a server with the bot), "1" (the user's id) when the user installed the app.
 */
export function ownersFor(
  state: FakeState,
  place: Place,
  user: FakeUser,
  integrationTypes: readonly number[],
): Record<string, string> {
  const owners: Record<string, string> = {};
  if (integrationTypes.includes(GUILD_INSTALL)) {
    if (place.context === 0 && place.botPresent && place.guild) owners['0'] = place.guild.id;
    if (place.context === 1 && sharesGuildWithBot(state, user)) owners['0'] = '0';
  }
  if (integrationTypes.includes(USER_INSTALL) && state.userInstalls.has(user.id)) owners['1'] = user.id;
  return owners;
}

/**
 * Whether Discord's client offers the command to this user here, and with which owners. Guild commands only
 * in their guild ("Guild commands are not available in DMs"); global ones where their `contexts` (default all)
 * include the place and an install of one of their `integration_types` (default [0]) reaches the user there.
 */
export function offerCommand(
  state: FakeState,
  user: FakeUser,
  channel: FakeChannel,
  command: APIApplicationCommand,
): { owners: Record<string, string> } | { refused: string } {
  const place = placeOf(state, channel);
  if (command.guild_id !== undefined) {
    if (place.context !== 0 || place.guild?.id !== command.guild_id)
      return { refused: `it is a command of guild ${command.guild_id}, offered only there (never in DMs)` };
    return { owners: { '0': command.guild_id } };
  }
  const contexts = (command.contexts as InteractionContext[] | null | undefined) ?? ALL_CONTEXTS;
  if (!contexts.includes(place.context))
    return { refused: `its contexts are [${contexts.join(', ')}], and this place is context ${place.context}` };
  const types = command.integration_types ?? [GUILD_INSTALL];
  const owners = ownersFor(state, place, user, types);
  if (Object.keys(owners).length > 0) return { owners };
  const why =
    place.context === 0 && !place.botPresent
      ? 'the bot is not in this server'
      : place.context === 1
        ? `${user.username} shares no server with the bot`
        : 'a group DM is reached by a user install only';
  const installed = state.userInstalls.has(user.id) ? 'installed' : 'not installed';
  return {
    refused: `its integration_types are [${types.join(', ')}]; ${why}, and ${user.username} has ${installed} the app`,
  };
}

/** The owners of a click: those of the interaction that made the message (any clicker keeps the installer's). */
export function ownersOfClick(
  state: FakeState,
  message: FakeMessage,
  user: FakeUser,
  place: Place,
): Record<string, string> {
  const record = message.interactionId ? state.interactions.get(message.interactionId) : undefined;
  if (record) return { ...record.owners };
  return ownersFor(state, place, user, [GUILD_INSTALL, USER_INSTALL]);
}

const RESPONSE_PERMISSIONS = Permission.AttachFiles | Permission.EmbedLinks | Permission.MentionEveryone;

/**
 * app_permissions: in the bot's DM Attach Files, Embed Links, Mention Everyone and Use External Emojis; in a
 * group DM the same without Use External Emojis; in a server without the bot @everyone's, limited to those
 * interaction responses use, with Attach Files and Embed Links always
 * (github.com/discord/discord-api-docs/issues/5316); elsewhere the bot's own permissions in the channel.
 */
export function appPermissionsIn(state: FakeState, channel: FakeChannel): bigint {
  const place = placeOf(state, channel);
  if (place.context === 1) return RESPONSE_PERMISSIONS | Permission.UseExternalEmojis;
  if (place.context === 2) return RESPONSE_PERMISSIONS;
  if (place.botPresent) return botPermissionsIn(state, channel.id);
  const everyone = BigInt(place.guild?.roles.get(place.guild.id)?.permissions ?? '0');
  return (
    (everyone & (Permission.MentionEveryone | Permission.UseExternalEmojis)) |
    Permission.AttachFiles |
    Permission.EmbedLinks
  );
}

/** A server that switched off Use External Apps makes a user-install-only interaction's messages ephemeral. */
export function forcesEphemeral(place: Place, owners: Record<string, string>): boolean {
  return place.context === 0 && !('0' in owners) && place.guild?.externalApps === false;
}

/**
 * The 6th follow-up of an interaction authorized only by a user install: 400 40094. A breach as well, since
 * the bot can count its follow-ups; the issue asks it to stay within the limit.
 */
export function checkFollowUpLimit(state: FakeState, record: InteractionRecord, label: string): void {
  if ('0' in record.owners || record.followUpIds.length < USER_INSTALL_FOLLOW_UP_LIMIT) return;
  state.breach(
    `${label}: ${record.label} already has ${USER_INSTALL_FOLLOW_UP_LIMIT} follow-ups, the most an interaction authorized only by a user install may create`,
  );
  throw DiscordErrors.maxFollowUps();
}
