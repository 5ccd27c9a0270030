// Reactions (Message resource, "Create Reaction"): the bot adds its own with
// PUT /channels/{channel}/messages/{message}/reactions/{emoji}/@me. Refused as Discord refuses it: Read Message
// History always, Add Reactions when the emoji is not on the message yet, an emoji Discord does not know, the
// 21st different emoji. Discord keeps one reaction per user and emoji, so a repeat changes nothing; either way
// the answer is 204. Bots with the GUILD_MESSAGE_REACTIONS intent are told (MESSAGE_REACTION_ADD).
import { requireChannel } from './channel-routes';
import { requireBotPermissions } from './channels';
import { GatewayIntent } from './gateway-protocol';
import { DiscordErrors } from './http';
import { apiEmoji } from './message-payloads';
import { Permission } from './permissions';
import { noContent, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import type { FakeMessage } from './types';

/** Different emoji one message may carry. */
export const MAX_REACTION_EMOJI = 20;

export function reactionRoutes(): Route[] {
  return [route('PUT', '/channels/:channel/messages/:message/reactions/:emoji/@me', true, createOwnReaction)];
}

function createOwnReaction(c: RouteContext): ReturnType<typeof noContent> {
  const { state } = c;
  const channel = requireChannel(c);
  requireBotPermissions(state, channel, Permission.ReadMessageHistory);
  const message = state.messages.get(param(c, 'message'));
  // An ephemeral message cannot be reacted to: for the bot's routes it does not exist.
  if (!message || message.deleted || message.channelId !== channel.id || message.ephemeralFor !== undefined)
    throw DiscordErrors.unknownMessage();
  // The path arrives decoded, so whether the bot URL-encoded it cannot be told here (discord.js does).
  const emoji = param(c, 'emoji');
  if (!isKnownEmoji(emoji)) throw DiscordErrors.unknownEmoji();
  const reactions = (message.reactions ??= []);
  const existing = reactions.find((r) => r.emoji === emoji);
  if (!existing) {
    requireBotPermissions(state, channel, Permission.AddReactions);
    if (reactions.length >= MAX_REACTION_EMOJI) throw DiscordErrors.maxReactions();
  }
  const botId = state.botUser.id;
  if (existing?.userIds.includes(botId)) return noContent();
  if (existing) existing.userIds.push(botId);
  else reactions.push({ emoji, userIds: [botId] });
  dispatchReactionAdd(c, message, emoji);
  state.notify();
  return noContent();
}

function dispatchReactionAdd(c: RouteContext, message: FakeMessage, emoji: string): void {
  c.state.guildDispatch(
    message.guildId,
    'MESSAGE_REACTION_ADD',
    {
      user_id: c.state.botUser.id,
      channel_id: message.channelId,
      message_id: message.id,
      guild_id: message.guildId,
      message_author_id: message.author.id,
      emoji: apiEmoji(emoji),
      burst: false,
      burst_colors: [],
      type: 0,
    },
    GatewayIntent.GuildMessageReactions,
  );
}

/**
 * A Unicode emoji (pictographs, flags, keycaps, with their joiners and variation selectors). The fake's guilds
 * have no custom emoji, so `name:id` is unknown too.
 */
export function isKnownEmoji(text: string): boolean {
  // Emoji_Component covers the joiner, variation selector, keycap, skin tones and regional indicators.
  if (!/^[\p{Extended_Pictographic}\p{Emoji_Component}]+$/u.test(text)) return false;
  return /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u.test(text);
}
