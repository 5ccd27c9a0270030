// `/olathe card`, `/olathe leaderboard`, `/olathe help`: reading, never changing, a game.
import type { ChatInputCommandInteraction } from 'discord.js';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import { isCardFull } from '../../game';
import type { BotContext } from '../context';
import type { Args, OptionSpecs } from '../options';
import { subcommand } from '../options';
import { languageOf, trFor } from '../i18n';
import { UserFacingError } from '../context';
import { gameGuildId, requireServer } from '../place';
import { layoutText, variantName } from '../render/game-messages';
import { leaderboardEmbed } from '../render/leaderboard';
import { rulesText } from '../render/rules';
import { cardTable, diceText, scoreLine } from '../render/text';
import { showHint as answerWithHint } from '../hint-replies';
import { cardSheetInput } from '../../picture/score-sheet';
import { cardPictureName, defaultRenderer, drawPicture } from '../sheet-picture';
import { publicOnce } from '../repeats';

export { LEADERBOARD_SIZE } from '../render/leaderboard';

const CARD_OPTIONS = {
  user: { type: 'user', description: 'Whose card (default: yours)' },
} as const satisfies OptionSpecs;

async function showCard(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof CARD_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  const user = args.user ?? interaction.user;
  const t = trFor(interaction);
  const game = await ctx.service.lastGameOf(gameGuildId(interaction), interaction.channelId, user.id);
  const seat = game?.players.find((p) => p.userId === user.id)?.seat;
  if (!game || !game.state || seat === undefined) {
    throw user.id === interaction.user.id
      ? UserFacingError.of('reply.noCardYou')
      : UserFacingError.of('reply.noCardOther', { userId: user.id });
  }
  const player = game.state.players[seat]!;
  const final = game.status !== 'playing' || player.left || isCardFull(player.card);
  const lines = ['```', cardTable(player.card, game.options.variant, t), '```', scoreLine(player.card, t, final)];
  if (player.turn.dice) lines.push(t('reply.diceOnTable', { dice: diceText(player.turn.dice) }));
  const words = {
    title: t('reply.cardTitle', {
      name: game.players[seat]!.name,
      variant: variantName(game),
      id: game.id,
      status: game.status,
    }),
    description: lines.join('\n'),
  };
  // The same score sheet as the results' picture, for this one card; the embed still says it all in words.
  const state = game.state;
  const picture = {
    name: cardPictureName(game.id, seat),
    sheet: () => cardSheetInput({ ...game, state }, seat, game.finishedAt ?? Date.now()),
  };
  const file = await drawPicture(defaultRenderer, picture, ctx.log, game.id);
  await interaction.reply({
    embeds: [file ? { ...words, image: { url: `attachment://${file.name}` } } : words],
    files: file ? [{ attachment: file.data, name: file.name }] : [],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

const LEADERBOARD_OPTIONS = {
  period: {
    type: 'string',
    description: 'All time (default), the last 7 days or the last 30 days',
    choices: [
      { name: 'All time', value: 'all' },
      { name: 'Last 7 days', value: 'week' },
      { name: 'Last 30 days', value: 'month' },
    ],
  },
  variant: {
    type: 'string',
    description: 'Olathe, Balut, or both (default)',
    choices: [
      { name: 'Olathe', value: 'olathe' },
      { name: 'Balut', value: 'balut' },
      { name: 'Both', value: 'both' },
    ],
  },
} as const satisfies OptionSpecs;

async function showLeaderboard(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof LEADERBOARD_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  // Week and month are the last 7 and 30 days up to now (the service's PERIOD_MS), not calendar ones.
  const guildId = requireServer(interaction);
  const period = args.period ?? 'all';
  const variant = args.variant === 'both' ? undefined : args.variant;
  // Public once a minute per person and channel; asked again, privately (repeats.ts).
  const once = publicOnce(interaction, ctx, 'leaderboard', { period, variant });
  const rows = await ctx.service.leaderboard(guildId, { period, variant, includeBots: true });
  const embed = leaderboardEmbed(rows, period, variant ?? null, trFor(interaction), languageOf(interaction.locale));
  await once.reply({ embeds: [embed], allowedMentions: { parse: [] } });
}

async function showHelp(
  interaction: ChatInputCommandInteraction,
  _args: Args<NoOptions>,
  ctx: BotContext,
): Promise<void> {
  const game = await ctx.service.openGameInChannel(interaction.channelId);
  const t = trFor(interaction);
  const here = game
    ? t('reply.helpHere', {
        variant: variantName(game),
        id: game.id,
        status: t(`lobby.status.${game.status}`),
        layout: layoutText(game),
      })
    : t('reply.helpNoGame');
  await interaction.reply({
    embeds: [{ title: t('reply.helpTitle'), description: `${rulesText(t)}\n\n${here}` }],
    flags: MessageFlags.Ephemeral,
  });
}

async function showHint(
  interaction: ChatInputCommandInteraction,
  _args: Args<NoOptions>,
  ctx: BotContext,
): Promise<void> {
  const game = await ctx.service.openGameInChannel(interaction.channelId);
  if (!game) throw UserFacingError.of('reply.noGameForHint');
  await answerWithHint(interaction, game, ctx);
}

/** `/olathe settings [threads]`: shows the server's settings; changing them needs Manage Server. */
const SETTINGS_OPTIONS = {
  threads: { type: 'boolean', description: 'Play each game in a thread of its own (default on)' },
} as const satisfies OptionSpecs;

async function changeSettings(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof SETTINGS_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  const guildId = requireServer(interaction);
  const threads = args.threads;
  if (threads !== undefined) {
    if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
      throw UserFacingError.of('reply.notManager');
    }
    await ctx.service.setThreadsIn(guildId, threads);
  }
  const t = trFor(interaction);
  const text = t((await ctx.service.threadsIn(guildId)) ? 'reply.threadsOn' : 'reply.threadsOff');
  await interaction.reply({
    content: `${threads !== undefined ? t('reply.saved') : ''}${text}`,
    flags: MessageFlags.Ephemeral,
  });
}

type NoOptions = Record<never, never>;

export const hint = subcommand({
  description: 'The best dice to hold now, or the best cell to write (only you see it).',
  options: {},
  run: showHint,
});
export const card = subcommand({
  description: "Show a player's card in this channel's game (or their last finished one).",
  options: CARD_OPTIONS,
  run: showCard,
});
export const leaderboard = subcommand({
  description: "This server's best players: all time, or the last 7 or 30 days.",
  options: LEADERBOARD_OPTIONS,
  run: showLeaderboard,
});
export const help = subcommand({
  description: "The rules in short, and this channel's game.",
  options: {},
  run: showHelp,
});
export const settings = subcommand({
  description: "This server's game settings (Manage Server to change them).",
  options: SETTINGS_OPTIONS,
  run: changeSettings,
});
