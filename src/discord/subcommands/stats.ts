// `/olathe stats [user] [vs]`: a player's record in this server (the asker's by default) with their ratings and
// a chart of them, or with `vs` two players' games together. Public, like the leaderboard: it is information, once
// a minute per person and channel (repeats.ts). Names never become mentions. In the bot's DM: the asker's own
// record of the games played in DMs, nobody else's. Ratings are a person's everywhere: shown in DMs too, and for
// someone with rated games but none finished here.
import type { APIEmbed, ChatInputCommandInteraction, User } from 'discord.js';
import { MessageFlags } from 'discord.js';
import { VARIANTS } from '../../game';
import type { BotContext } from '../context';
import { UserFacingError } from '../context';
import { NO_SERVER } from '../../service/game-service';
import type { RatingSeries } from '../../picture/rating-chart';
import { CHART_GAMES, renderRatingChart } from '../../picture/rating-chart';
import { describeFailure } from '../discord-errors';
import { gameGuildId } from '../place';
import type { Args, OptionSpecs } from '../options';
import { subcommand } from '../options';
import { languageOf, trFor } from '../i18n';
import type { VariantRating } from '../render/stats';
import { ratingsOnlyEmbed, statsEmbed, versusEmbed } from '../render/stats';
import { publicOnce } from '../repeats';

const STATS_OPTIONS = {
  user: { type: 'user', description: 'Whose record (default: yours)' },
  vs: { type: 'user', description: 'Compare with this player: the games you (or user) played together' },
} as const satisfies OptionSpecs;

const displayName = (user: User) => user.globalName ?? user.username;

/** The chart's file name: ASCII, as attachment:// references require. */
export const ratingChartName = (userId: string) => `rating-${userId}.png`;

/** A person's rating in each variant they have rated games in, and each one's line of the chart. */
async function ratingsOf(
  ctx: BotContext,
  userId: string,
): Promise<{ ratings: VariantRating[]; series: RatingSeries[] }> {
  const read = await Promise.all(
    VARIANTS.map(async (variant) => {
      const rating = await ctx.service.ratings.of(userId, variant);
      return rating
        ? { rating: { ...rating, variant }, history: await ctx.service.ratings.history(userId, variant, CHART_GAMES) }
        : null;
    }),
  );
  const rated = read.filter((r) => r !== null);
  return {
    ratings: rated.map((r) => r.rating),
    series: rated.map(({ rating, history }) => {
      const games = [...history].reverse();
      return {
        variant: rating.variant,
        ratings: games.length ? [games[0]!.ratingBefore, ...games.map((g) => g.ratingAfter)] : [rating.rating],
        games: games.length,
        provisional: rating.provisional,
      };
    }),
  };
}

/** The chart as a file, or null (and one log line why) when it cannot be drawn: the embed says it all in words. */
async function chartFile(ctx: BotContext, name: string, userId: string, locale: string, series: RatingSeries[]) {
  const file = ratingChartName(userId);
  try {
    return { name: file, data: await renderRatingChart({ name, locale, series }) };
  } catch (error) {
    ctx.log.warn('the rating chart could not be drawn; shown in words only', {
      picture: file,
      ...describeFailure(error),
    });
    return null;
  }
}

async function showStats(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof STATS_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  const t = trFor(interaction);
  const language = languageOf(interaction.locale);
  const guildId = gameGuildId(interaction);
  const user = args.user ?? interaction.user;
  const other = args.vs;
  // Discord bots (this one included) never play: computer players are seats, not Discord users.
  if (user.bot || other?.bot) throw UserFacingError.of('stats.notAPerson');
  // In the bot's DM the record is of the games played in DMs: the asker's own, nobody else's to look up.
  const inDm = guildId === NO_SERVER;
  if (inDm && (user.id !== interaction.user.id || other)) throw UserFacingError.of('stats.ownOnly');
  const plain = (content: string) =>
    interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  const once = publicOnce(interaction, ctx, 'stats', { user: user.id, vs: other?.id });

  if (other) {
    if (other.id === user.id) throw UserFacingError.of('stats.samePlayer');
    const names = { a: displayName(user), b: displayName(other) };
    const together = await ctx.service.headToHead(guildId, user.id, other.id);
    if (together.games === 0) {
      await plain(t('stats.versusNone', names));
      return;
    }
    await once.reply({ embeds: [versusEmbed(together, names, t)], allowedMentions: { parse: [] } });
    return;
  }

  const [stats, { ratings, series }] = await Promise.all([
    ctx.service.playerStats(guildId, user.id),
    ratingsOf(ctx, user.id),
  ]);
  const none = () =>
    user.id === interaction.user.id
      ? t(inDm ? 'stats.noGamesYouHere' : 'stats.noGamesYou')
      : t('stats.noGamesOther', { name: displayName(user) });
  if (!stats && ratings.length === 0) {
    await plain(none());
    return;
  }
  const embed: APIEmbed = stats
    ? statsEmbed(stats, t, language, !inDm, ratings)
    : ratingsOnlyEmbed(displayName(user), none(), ratings, t, language, !inDm);
  const chart = ratings.length ? await chartFile(ctx, displayName(user), user.id, language, series) : null;
  await once.reply({
    embeds: [chart ? { ...embed, image: { url: `attachment://${chart.name}` } } : embed],
    files: chart ? [{ attachment: chart.data, name: chart.name }] : [],
    allowedMentions: { parse: [] },
  });
}

export const stats = subcommand({
  description: "A player's record in this server, or two players' games together.",
  options: STATS_OPTIONS,
  run: showStats,
});
