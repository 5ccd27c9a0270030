// `/olathe tournament create|edit|start|fill|cancel|leave|show`: club nights (docs/TOURNAMENTS.md). Each acts on this
// channel's open tournament; every answer is private, and what the channel shows comes from the tournament's
// sync (tournament-sync.ts), drawn from what the service saved. Host actions pass for the host, or for someone
// Discord says has Manage Events or Manage Server.
import { MessageFlags } from 'discord.js';
import { MAX_PLAYERS, nextMultipleFill } from '../../tournament';
import { UserFacingError } from '../context';
import type { OptionSpecs } from '../options';
import { subcommand, subcommandGroup } from '../options';
import { placeOf } from '../place';
import { signupBody, standingsBody } from '../render/tournament';
import { canManage, create } from './tournament-create';
import { edit } from './tournament-edit';
import { answer, openHere } from './tournament-here';

const startNow = subcommand({
  description: "Start this channel's tournament now, before its start time (host).",
  options: {},
  async run(interaction, _args, ctx) {
    const open = await openHere(interaction, ctx);
    const view = await ctx.service.tournaments.startNow(open.id, interaction.user.id, {
      canManage: canManage(interaction),
    });
    await answer(interaction, ctx, view, 'tournament.startedNow');
  },
});

const FILL_OPTIONS = {
  players: {
    type: 'integer',
    description: 'Fill the field up to this many players (default: the next full table; 0: none)',
    min: 0,
    max: MAX_PLAYERS,
  },
} as const satisfies OptionSpecs;

const fill = subcommand({
  description: 'Seat computer players in the empty places (host).',
  options: FILL_OPTIONS,
  async run(interaction, args, ctx) {
    const open = await openHere(interaction, ctx);
    const upTo = args.players ?? nextMultipleFill(open.state);
    const who = { canManage: canManage(interaction) };
    const view = await ctx.service.tournaments.fill(open.id, interaction.user.id, upTo, who);
    const count = view.state.fillTo;
    await answer(interaction, ctx, view, count > 0 ? 'tournament.filled' : 'tournament.unfilled', { count });
  },
});

const cancel = subcommand({
  description: "Cancel this channel's tournament (host).",
  options: {},
  async run(interaction, _args, ctx) {
    const open = await openHere(interaction, ctx);
    const view = await ctx.service.tournaments.cancel(open.id, interaction.user.id, {
      canManage: canManage(interaction),
    });
    await answer(interaction, ctx, view, 'tournament.cancelledReply');
  },
});

const leave = subcommand({
  description: "Leave this channel's tournament (you keep the points you have).",
  options: {},
  async run(interaction, _args, ctx) {
    const open = await openHere(interaction, ctx);
    const { tournaments } = ctx.service;
    const signup = open.state.status === 'signup';
    const view = signup
      ? await tournaments.leave(open.id, interaction.user.id)
      : await tournaments.drop(open.id, interaction.user.id);
    await answer(interaction, ctx, view, signup ? 'tournament.left' : 'tournament.dropped');
  },
});

const SHOW_OPTIONS = {
  number: { type: 'integer', description: 'The tournament by its number, as its messages show it', min: 1 },
} as const satisfies OptionSpecs;

const show = subcommand({
  description: "A tournament's standings: this channel's, or this server's latest (only you see it).",
  options: SHOW_OPTIONS,
  async run(interaction, args, ctx) {
    if (placeOf(interaction) !== 'server' || !interaction.guildId)
      throw UserFacingError.of('tournament.refusal.notInServer');
    const { tournaments } = ctx.service;
    const view =
      args.number !== undefined
        ? await tournaments.tournament(args.number)
        : ((await tournaments.openInChannel(interaction.channelId)) ??
          (await tournaments.recent(interaction.guildId, 1))[0] ??
          null);
    // Another server's tournament is not this one's to show.
    if (!view || view.guildId !== interaction.guildId) throw UserFacingError.of('tournament.refusal.noneFound');
    const body = view.state.rounds.length > 0 ? standingsBody(view, {}) : { ...signupBody(view), components: [] };
    await interaction.reply({ ...body, flags: MessageFlags.Ephemeral });
  },
});

export const tournament = subcommandGroup('Club nights: several rounds of tables, with standings and a podium.', {
  create,
  edit,
  start: startNow,
  fill,
  cancel,
  leave,
  show,
});
