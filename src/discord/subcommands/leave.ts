// `/olathe quit` and `/olathe end`: leaving a game, and stopping one.
import type { ChatInputCommandInteraction } from 'discord.js';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { BotContext } from '../context';
import { UserFacingError } from '../context';
import { subcommand } from '../options';
import { endText, quitText } from '../render/lobby';
import { trFor } from '../i18n';

async function channelGame(interaction: ChatInputCommandInteraction, ctx: BotContext) {
  const game = await ctx.service.openGameInChannel(interaction.channelId);
  if (!game) throw UserFacingError.of('refusal.noGameHere');
  return game;
}

async function quitGame(interaction: ChatInputCommandInteraction, _args: unknown, ctx: BotContext): Promise<void> {
  const game = await channelGame(interaction, ctx);
  const { view } = await ctx.service.quit(game.id, interaction.user.id);
  try {
    // In a lobby, the Publisher redraws the lobby message: who is in, and who hosts now.
    await interaction.reply({
      content: quitText(view, game.hostId === interaction.user.id, trFor(interaction)),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  } finally {
    void ctx.publisher.kick(game.id);
  }
}

async function endGame(interaction: ChatInputCommandInteraction, _args: unknown, ctx: BotContext): Promise<void> {
  const game = await channelGame(interaction, ctx);
  const canManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) ?? false;
  const { view } = await ctx.service.end(game.id, interaction.user.id, { canManage });
  try {
    await interaction.reply({ content: endText(view, interaction.user.id), allowedMentions: { parse: [] } });
  } finally {
    void ctx.publisher.kick(game.id);
  }
}

export const quit = subcommand({
  description: "Leave this channel's game (your card still scores).",
  options: {},
  run: quitGame,
});
export const end = subcommand({
  description: "End this channel's game now (host or Manage Messages).",
  options: {},
  run: endGame,
});
