// Whether the season podium can be posted in the channel `/olathe settings announcements:` picks: a text or
// announcement channel of this server where the bot may view, send, embed and attach. The bot's permissions come
// from what discord.js knows of the server (its roles and the channel's overwrites, sent with GUILD_CREATE); when
// it knows too little to tell, the channel is taken, and a failed delivery is counted then (season-publisher.ts).
import type { ChatInputCommandInteraction } from 'discord.js';
import { ChannelType, PermissionFlagsBits } from 'discord.js';
import type { ChannelArg } from './options';
import { UserFacingError } from './context';

export const PODIUM_PERMISSIONS = [
  ['View Channel', PermissionFlagsBits.ViewChannel],
  ['Send Messages', PermissionFlagsBits.SendMessages],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
  ['Attach Files', PermissionFlagsBits.AttachFiles],
] as const;

const POSTABLE = new Set<ChannelType>([ChannelType.GuildText, ChannelType.GuildAnnouncement]);

/** The permissions the bot lacks there, by name; null when it cannot tell. */
export function missingIn(interaction: ChatInputCommandInteraction, channelId: string): string[] | null {
  try {
    const permissions = interaction.guild?.members.me?.permissionsIn(channelId);
    if (!permissions) return null;
    return PODIUM_PERMISSIONS.filter(([, bit]) => !permissions.has(bit)).map(([name]) => name);
  } catch {
    // A channel discord.js has not cached: Discord decides at the first post.
    return null;
  }
}

/** Why the podium cannot go to `channel` (a refusal to answer with), or null when it can, as far as the bot knows. */
export function announcementsCannotPost(
  interaction: ChatInputCommandInteraction,
  channel: ChannelArg,
): UserFacingError | null {
  const sameServer = !('guildId' in channel) || channel.guildId === interaction.guildId;
  if (!POSTABLE.has(channel.type) || !sameServer) return UserFacingError.of('reply.announcementsNotHere');
  const missing = missingIn(interaction, channel.id);
  if (missing && missing.length > 0)
    return UserFacingError.of('reply.announcementsCannotPost', {
      channelId: channel.id,
      permissions: missing.join(', '),
    });
  return null;
}
