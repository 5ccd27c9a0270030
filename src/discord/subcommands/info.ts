// `/olathe card`, `/olathe leaderboard`, `/olathe help`: reading, never changing, a game.
import type { ChatInputCommandInteraction } from 'discord.js';
import { ChannelType, MessageFlags, PermissionFlagsBits } from 'discord.js';
import { isCardFull } from '../../game';
import type { BotContext } from '../context';
import type { Args, OptionSpecs } from '../options';
import { subcommand } from '../options';
import { languageOf, trFor } from '../i18n';
import { UserFacingError } from '../context';
import { gameGuildId, requireServer } from '../place';
import { layoutText, variantName } from '../render/game-messages';
import { leaderboardEmbed, ratingBoardEmbed } from '../render/leaderboard';
import type { Variant } from '../../game';
import { parseSeason } from '../../service/game-service';
import { announcementsCannotPost } from '../announcements';
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
  by: {
    type: 'string',
    description: 'Rating (the default once this server has rated games) or wins',
    choices: [
      { name: 'Rating', value: 'rating' },
      { name: 'Wins', value: 'wins' },
    ],
  },
  season: { type: 'string', description: "A month such as 2026-11: that season's final standings by rating" },
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
  const guildId = requireServer(interaction);
  const { boards } = ctx.service;
  // A period is a window of days (wins); a season is a month of ratings: asking for both means nothing.
  if (args.period && (args.by === 'rating' || args.season !== undefined))
    throw UserFacingError.of('leaderboard.periodWithRating');
  if (args.by === 'wins' && args.season !== undefined) throw UserFacingError.of('leaderboard.seasonWithWins');
  const current = boards.currentSeason();
  const season = args.season === undefined ? null : parseSeason(args.season);
  if (args.season !== undefined && !season) throw UserFacingError.of('leaderboard.badSeason', { example: current });
  if (season && season > current) throw UserFacingError.of('leaderboard.futureSeason', { season, current });
  const variant = args.variant === 'both' ? undefined : args.variant;
  // Public once a minute per person and channel; asked again, privately (repeats.ts). Refusals below show nothing.
  const once = publicOnce(interaction, ctx, 'leaderboard', { ...args, variant });
  const t = trFor(interaction);
  const language = languageOf(interaction.locale);
  // Week and month are the last 7 and 30 days up to now (the service's PERIOD_MS), not calendar ones.
  const first = args.by === 'wins' || args.period ? null : await boards.firstSeason(guildId);
  if (args.by === 'wins' || args.period || (args.by === undefined && first === null && !season)) {
    const period = args.period ?? 'all';
    const rows = await ctx.service.leaderboard(guildId, { period, variant, includeBots: true });
    const embed = leaderboardEmbed(rows, period, variant ?? null, t, language);
    return once.reply({ embeds: [embed], allowedMentions: { parse: [] } });
  }
  if (season && first === null) throw UserFacingError.of('leaderboard.noSeasons');
  if (season && first !== null && season < first) throw UserFacingError.of('leaderboard.seasonTooEarly', { first });
  const variants: Variant[] = variant ? [variant] : ['olathe', 'balut'];
  const shown = await Promise.all(
    variants.map((v) => (season ? boards.season(guildId, v, season) : boards.board(guildId, v, interaction.user.id))),
  );
  const embed = ratingBoardEmbed(
    {
      boards: shown.filter((b) => b !== null),
      variant: variant ?? null,
      season: season ? { season, current: season === current } : null,
    },
    t,
    language,
  );
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

/** `/olathe settings [threads] [announcements] [announcements-off]`: shows them; changing needs Manage Server. */
const SETTINGS_OPTIONS = {
  threads: { type: 'boolean', description: 'Play each game in a thread of its own (default on)' },
  announcements: {
    type: 'channel',
    description: 'Post the podium of each season (a month) in this channel',
    channelTypes: [ChannelType.GuildText, ChannelType.GuildAnnouncement],
  },
  'announcements-off': { type: 'boolean', description: 'Stop posting the season podium' },
} as const satisfies OptionSpecs;

async function changeSettings(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof SETTINGS_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  const guildId = requireServer(interaction);
  const { threads, announcements } = args;
  const off = args['announcements-off'] === true;
  const changing = threads !== undefined || announcements !== undefined || off;
  if (changing && !interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
    throw UserFacingError.of('reply.notManager');
  }
  if (announcements && off) throw UserFacingError.of('reply.announcementsBoth');
  if (announcements) {
    // Refused before anything is saved: the podium could not be posted there.
    const refusal = announcementsCannotPost(interaction, announcements);
    if (refusal) throw refusal;
  }
  if (threads !== undefined) await ctx.service.setThreadsIn(guildId, threads);
  if (announcements) await ctx.service.seasonPosts.setAnnouncements(guildId, announcements.id);
  if (off) await ctx.service.seasonPosts.setAnnouncements(guildId, null);
  const t = trFor(interaction);
  const channelId = await ctx.service.seasonPosts.announcements(guildId);
  const lines = [
    t((await ctx.service.threadsIn(guildId)) ? 'reply.threadsOn' : 'reply.threadsOff'),
    channelId ? t('reply.announcementsOn', { channelId }) : t('reply.announcementsOff'),
  ];
  await interaction.reply({
    content: `${changing ? t('reply.saved') : ''}${lines.join('\n')}`,
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
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
  description: "This server's best players: by rating, now or for a season, or by wins.",
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
