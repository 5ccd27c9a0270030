// What the host's tournament subcommands share: this channel's open tournament, and a private answer after which
// the tournament's sync brings the channel and the server's event in line with what was saved.
import type { ChatInputCommandInteraction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import type { TournamentView } from '../../service/tournament-view';
import type { BotContext } from '../context';
import { UserFacingError } from '../context';
import type { MessageKey } from '../i18n';
import { trFor } from '../i18n';
import { placeOf } from '../place';

/** This channel's open tournament (sign-up or under way), or a private "there is none". */
export async function openHere(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<TournamentView> {
  if (placeOf(interaction) !== 'server') throw UserFacingError.of('tournament.refusal.notInServer');
  const view = await ctx.service.tournaments.openInChannel(interaction.channelId);
  if (!view) throw UserFacingError.of('tournament.refusal.noneHere');
  return view;
}

export async function answer(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  view: TournamentView,
  key: MessageKey,
  vars?: Record<string, number | string>,
): Promise<void> {
  await interaction.reply({
    content: trFor(interaction)(key, vars),
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  void ctx.publisher.kickTournament(view.id);
}
