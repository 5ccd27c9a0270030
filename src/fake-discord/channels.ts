// What the bot may do in a channel (its role, then the channel's overwrite; threads follow their parent),
// and what moderators do to channels and messages behind the bot's back: change its permissions there,
// delete a message, delete a channel or thread.
import { DiscordErrors } from './http';
import { MessageFlag } from './limits';
import { channelMessages, deleteMessage } from './message-store';
import { apiChannel } from './payloads';
import { Permission, applyOverwrite, effectivePermissions, parsePermissions } from './permissions';
import type { FakeState } from './store';
import type { FakeChannel, FakeMessage } from './types';

/** What the bot's own routes may do in its DM with a user (app_permissions there says less: install-contexts.ts). */
const BOT_DM_PERMISSIONS =
  Permission.ViewChannel |
  Permission.SendMessages |
  Permission.ReadMessageHistory |
  Permission.EmbedLinks |
  Permission.AttachFiles |
  Permission.AddReactions |
  Permission.UseExternalEmojis |
  Permission.MentionEveryone;

/** The text channel whose overwrites apply: the channel itself, or a thread's parent. */
function permissionHost(state: FakeState, channel: FakeChannel): FakeChannel | undefined {
  return channel.type === 11 ? state.channels.get(channel.parentId ?? '') : channel;
}

/**
 * The bot's permissions in a guild, before channel overwrites: @everyone's and its managed role's, which a
 * server admin may have given more (guilds.ts setBotRoleGrant). 0 in a server it is not in.
 */
export function botGuildPermissions(state: FakeState, guildId: string): bigint {
  const guild = state.guilds.get(guildId);
  if (!guild?.botMember) return 0n;
  const role = guild.roles.get(guild.botRoleId);
  return effectivePermissions(BigInt(state.botUser.permissions) | BigInt(role?.permissions ?? '0'));
}

/** The bot's permissions in a channel or thread, as Discord computes them (0 when it cannot see it). */
export function botPermissionsIn(state: FakeState, channelId: string): bigint {
  const channel = state.channels.get(channelId);
  if (channel?.type === 1) return BOT_DM_PERMISSIONS;
  // A group DM, or a server the bot is not in: it cannot see the channel at all.
  if (channel?.type === 3 || state.guilds.get(channel?.guildId ?? '')?.botMember === false) return 0n;
  const host = channel ? permissionHost(state, channel) : undefined;
  const base = channel?.guildId ? botGuildPermissions(state, channel.guildId) : BigInt(state.botUser.permissions);
  return applyOverwrite(base, host?.botOverwrite);
}

/**
 * Refuses as Discord does when the bot cannot see the channel (403 50001) or lacks one of `needed`
 * there (403 50013). Not a breach: a moderator may change permissions at any time, and the bot only
 * learns it from the answer (or from app_permissions).
 */
export function requireBotPermissions(state: FakeState, channel: FakeChannel, needed: bigint): void {
  const permissions = botPermissionsIn(state, channel.id);
  if ((permissions & Permission.ViewChannel) === 0n) throw DiscordErrors.missingAccess();
  if ((permissions & needed) !== needed) throw DiscordErrors.missingPermissions();
}

/** Sending a message needs Send Messages in a channel, but Send Messages in Threads in a thread. */
export function sendPermission(channel: FakeChannel): bigint {
  return channel.type === 11 ? Permission.SendMessagesInThreads : Permission.SendMessages;
}

/** Sets (or, with nothing allowed or denied, removes) the bot member's overwrite in a text channel. */
export function setBotOverwrite(
  state: FakeState,
  channelId: string,
  overwrite: { allow?: bigint | string; deny?: bigint | string },
): void {
  const channel = state.channels.get(channelId);
  if (!channel) throw new Error(`unknown channel ${channelId}`);
  if (channel.type === 11)
    throw new Error(
      `channel ${channelId} is a thread; threads take their permissions from their parent ${channel.parentId ?? ''}`,
    );
  const allow = parsePermissions(overwrite.allow ?? 0n);
  const deny = parsePermissions(overwrite.deny ?? 0n);
  if (allow === 0n && deny === 0n) delete channel.botOverwrite;
  else channel.botOverwrite = { id: state.botUser.id, allow: allow.toString(), deny: deny.toString() };
  // discord.js keeps overwrites in its cache (permissionsFor); CHANNEL_UPDATE keeps that cache true.
  state.guildDispatch(channel.guildId, 'CHANNEL_UPDATE', apiChannel(channel));
  state.notify();
}

/** A moderator deletes a message (anyone's); bots with GUILD_MESSAGES get MESSAGE_DELETE. */
export function moderatorDeletesMessage(state: FakeState, messageId: string): FakeMessage {
  const message = state.messages.get(messageId);
  if (!message) throw new Error(`unknown message ${messageId}`);
  if (message.ephemeralFor !== undefined)
    throw new Error(`message ${messageId} is ephemeral; only its own user sees it, no moderator can delete it`);
  if (!message.deleted) deleteMessage(state, message);
  return message;
}

/**
 * A moderator deletes a channel (with its threads) or a thread. Afterwards every route on it answers
 * 10003 Unknown Channel; its messages count as deleted (Discord sends no MESSAGE_DELETE for them).
 */
export function moderatorDeletesChannel(state: FakeState, channelId: string): void {
  const channel = state.channels.get(channelId);
  if (!channel)
    throw new Error(`unknown channel ${channelId}${state.deletedChannels.has(channelId) ? ' (already deleted)' : ''}`);
  if (channel.type !== 11) for (const thread of state.threads(channel.id)) removeChannel(state, thread);
  removeChannel(state, channel);
}

function removeChannel(state: FakeState, channel: FakeChannel): void {
  state.channels.delete(channel.id);
  state.deletedChannels.add(channel.id);
  for (const message of channelMessages(state, channel.id)) message.deleted = true;
  // Interactions from there can no longer be answered; their deadline is nobody's fault.
  for (const record of state.interactions.values()) {
    if (record.channelId === channel.id && !record.ack && record.timer) clearTimeout(record.timer);
  }
  if (channel.type === 11) {
    const starter = state.messages.get(channel.id);
    if (starter) starter.flags &= ~MessageFlag.HasThread;
    state.guildDispatch(channel.guildId, 'THREAD_DELETE', {
      id: channel.id,
      guild_id: channel.guildId,
      parent_id: channel.parentId ?? null,
      type: channel.type,
    });
  } else {
    state.guildDispatch(channel.guildId, 'CHANNEL_DELETE', apiChannel(channel));
  }
  state.notify();
}
