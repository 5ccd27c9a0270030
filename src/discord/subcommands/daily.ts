// `/olathe daily`: today's challenge, a solo game on the day's dice, one attempt a day. Several people may play
// it at once and a channel holds one open game, so each daily game plays in a thread of its own, started from
// the command's public answer; where no thread can be started (no permission, threads turned off for the
// server, or the command used inside a thread) it plays in the channel if that is free, and is refused
// otherwise. In the bot's DM it plays in the DM itself (Discord has no threads there). `/olathe daily board:`
// shows today's board instead.
import type { ChatInputCommandInteraction } from 'discord.js';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import { isServiceError } from '../../service/game-service';
import type { BotContext } from '../context';
import { UserFacingError } from '../context';
import { ChannelRest } from '../channel-rest';
import { describeFailure } from '../discord-errors';
import { languageOf, tr, trFor } from '../i18n';
import type { Args, OptionSpecs } from '../options';
import { subcommand } from '../options';
import { dailyBoardEmbed, dailyThreadName, plainName } from '../render/daily';
import { displayName, missingPermissions } from './start';
import { NO_SERVER } from '../../service/game-service';
import { gameGuildId, repliesOnly, requireServer } from '../place';

const DAILY_OPTIONS = {
  board: {
    type: 'string',
    description: "Show today's board instead: this server's or the world's",
    choices: [
      { name: 'This server', value: 'server' },
      { name: 'The world', value: 'world' },
    ],
  },
} as const satisfies OptionSpecs;

/** A thread may be started here: not already in one, threads on for the server, and the bot allowed to. */
async function threadPossible(
  interaction: ChatInputCommandInteraction,
  guildId: string,
  ctx: BotContext,
): Promise<boolean> {
  if (guildId === NO_SERVER || repliesOnly(interaction) || interaction.channel?.isThread()) return false;
  if (!(await ctx.service.threadsIn(guildId))) return false;
  return interaction.appPermissions.has(
    PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.SendMessagesInThreads,
  );
}

async function playDaily(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const guildId = gameGuildId(interaction);
  const missing = missingPermissions(interaction);
  if (missing.length) throw UserFacingError.of('reply.missingPermissions', { permissions: missing.join(', ') });
  const user = { id: interaction.user.id, name: displayName(interaction) };
  // Refused before anything is posted; the start's own transaction refuses a racing second attempt too.
  await ctx.service.checkDailyOpen(user.id);
  // The public answer and the thread are for everyone in the channel: the server's language, kept with the
  // game; in the bot's DM, the user's.
  const locale = languageOf(guildId === NO_SERVER ? interaction.locale : interaction.guildLocale);
  const t = tr(locale);
  const day = ctx.service.dailyDay();
  const said = { name: plainName(user.name), day };
  const start = async (channelId: string) => {
    try {
      return await ctx.service.startDaily({
        guildId,
        channelId,
        user,
        locale,
        ...(repliesOnly(interaction) && { repliesOnly: true }),
      });
    } catch (error) {
      // Only where there is no thread can the channel be taken: say why a daily game cannot be played here.
      if (isServiceError(error) && error.code === 'channel-busy') throw UserFacingError.of('daily.noPlace');
      throw error;
    }
  };

  if (!(await threadPossible(interaction, guildId, ctx))) {
    const view = await start(interaction.channelId);
    try {
      await interaction.reply({ content: t('daily.starterHere', said), allowedMentions: { parse: [] } });
    } finally {
      void ctx.publisher.kick(view.id);
    }
    return;
  }
  const response = await interaction.reply({
    content: t('daily.starter', said),
    allowedMentions: { parse: [] },
    withResponse: true,
  });
  const messageId = response.resource?.message?.id;
  let thread: string | null = null;
  if (messageId) {
    try {
      thread = await new ChannelRest(ctx.rest).startThread(
        interaction.channelId,
        messageId,
        dailyThreadName(t, day, user.name),
      );
    } catch (error) {
      ctx.log.warn('could not start a thread for a daily game; trying the channel', describeFailure(error));
    }
  }
  let view;
  try {
    view = await start(thread ?? interaction.channelId);
  } catch (error) {
    // Nothing started: the announcement goes, and the refusal is told to the user alone.
    await interaction.deleteReply().catch(() => undefined);
    throw error;
  }
  try {
    if (thread === null)
      await interaction.editReply({ content: t('daily.starterHere', said), allowedMentions: { parse: [] } });
  } finally {
    void ctx.publisher.kick(view.id);
  }
}

async function runDaily(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof DAILY_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  if (args.board === undefined) return playDaily(interaction, ctx);
  const board = await ctx.service.dailyBoard(
    args.board === 'server' ? requireServer(interaction) : null,
    interaction.user.id,
  );
  await interaction.reply({
    embeds: [dailyBoardEmbed(board, args.board, trFor(interaction))],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

export const daily = subcommand({
  description: "Today's daily challenge: the same dice for everyone, one attempt a day (UTC).",
  options: DAILY_OPTIONS,
  run: runDaily,
});
