// The results' Rematch button: the service opens the rematch lobby (or finds the one already open), the
// Publisher posts it in the channel from the saved game like any other message it keeps, and the clicker is
// told, in their own language, where it is.
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import type { BotContext } from './context';
import { LOBBY_KEY, messageLink } from './channel-view';
import { trFor } from './i18n';

export async function openRematch(
  interaction: ButtonInteraction | StringSelectMenuInteraction,
  gameId: number,
  userId: string,
  ctx: BotContext,
): Promise<void> {
  // Refusals (a spectator, a busy channel, a game that offers none) are thrown before anything is answered.
  const { view, opened } = await ctx.service.rematch(gameId, userId);
  // Posting the lobby may take Discord longer than the three seconds a click has to be answered.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!view.messages[LOBBY_KEY]) await ctx.publisher.kick(view.id);
  const lobby = (await ctx.service.game(view.id)) ?? view;
  const messageId = lobby.messages[LOBBY_KEY];
  const t = trFor(interaction);
  const link = messageId ? t('rematch.link', { url: messageLink(lobby.guildId, lobby.channelId, messageId) }) : '';
  let content: string;
  if (lobby.status !== 'lobby') content = t('rematch.lobbyGone');
  else if (!messageId) content = t('rematch.notPostedYet');
  else content = t(opened ? 'rematch.opened' : 'rematch.alreadyOpen', { link });
  await interaction.editReply({ content, allowedMentions: { parse: [] } });
}
