// `/olathe quit` and `/olathe end`: leaving a game, and stopping one.
import type { ChatInputCommandInteraction } from 'discord.js';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { BotContext } from '../context';
import { UserFacingError } from '../context';

function channelGame(interaction: ChatInputCommandInteraction, ctx: BotContext) {
  const game = ctx.service.openGameInChannel(interaction.channelId);
  if (!game) throw new UserFacingError('There is no game in this channel.');
  return game;
}

export async function quit(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const game = channelGame(interaction, ctx);
  ctx.service.quit(game.id, interaction.user.id);
  try {
    await interaction.reply({ content: 'You left the game; your card still scores.', flags: MessageFlags.Ephemeral });
  } finally {
    void ctx.publisher.kick(game.id);
  }
}

export async function end(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const game = channelGame(interaction, ctx);
  const canManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  ctx.service.end(game.id, interaction.user.id, { canManage });
  try {
    await interaction.reply({ content: `<@${interaction.user.id}> ended the game.`, allowedMentions: { parse: [] } });
  } finally {
    void ctx.publisher.kick(game.id);
  }
}
