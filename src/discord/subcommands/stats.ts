// `/olathe stats [user] [vs]`: a player's record in this server (the asker's by default), or with `vs` two
// players' games together. Public, like the leaderboard: it is information, once a minute per person and channel
// (repeats.ts). Names never become mentions. In the bot's DM: the asker's own record of the games played in DMs,
// nobody else's.
import type { ChatInputCommandInteraction, User } from 'discord.js';
import { MessageFlags } from 'discord.js';
import type { BotContext } from '../context';
import { UserFacingError } from '../context';
import { NO_SERVER } from '../../service/game-service';
import { gameGuildId } from '../place';
import type { Args, OptionSpecs } from '../options';
import { subcommand } from '../options';
import { languageOf, trFor } from '../i18n';
import { statsEmbed, versusEmbed } from '../render/stats';
import { publicOnce } from '../repeats';

const STATS_OPTIONS = {
  user: { type: 'user', description: 'Whose record (default: yours)' },
  vs: { type: 'user', description: 'Compare with this player: the games you (or user) played together' },
} as const satisfies OptionSpecs;

const displayName = (user: User) => user.globalName ?? user.username;

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

  const stats = await ctx.service.playerStats(guildId, user.id);
  if (!stats) {
    const mine = user.id === interaction.user.id;
    await plain(
      mine
        ? t(inDm ? 'stats.noGamesYouHere' : 'stats.noGamesYou')
        : t('stats.noGamesOther', { name: displayName(user) }),
    );
    return;
  }
  await once.reply({ embeds: [statsEmbed(stats, t, language, !inDm)], allowedMentions: { parse: [] } });
}

export const stats = subcommand({
  description: "A player's record in this server, or two players' games together.",
  options: STATS_OPTIONS,
  run: showStats,
});
