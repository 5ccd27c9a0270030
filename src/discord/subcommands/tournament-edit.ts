// `/olathe tournament edit`: the host (or Manage Events, Manage Server) changes this channel's tournament during
// sign-up: its name, start time (create's one form, tournament-time.ts), rounds, table size, turn timer or
// left-over policy, whichever is given. The service checks them as create does and refuses after the start; once
// saved, the sign-up message is drawn again and the server's event edited by the tournament's sync.
import type { TournamentEdit } from '../../tournament';
import { UserFacingError } from '../context';
import type { OptionSpecs } from '../options';
import { subcommand } from '../options';
import { plainName } from '../render/daily';
import { stamp } from '../render/tournament-words';
import { START_OPTIONS } from './start';
import { CREATE_OPTIONS, canManage } from './tournament-create';
import { answer, openHere } from './tournament-here';
import { parseStart } from './tournament-time';

const { rounds, timezone, leftovers } = CREATE_OPTIONS;

export const EDIT_OPTIONS = {
  name: { type: 'string', description: 'A new name for the night' },
  starts: { type: 'string', description: 'A new start time, YYYY-MM-DD HH:MM (24-hour), such as 2026-12-05 19:30' },
  timezone,
  rounds: { type: 'integer', description: 'Rounds to play (1–7)', min: rounds.min, max: rounds.max },
  'table-size': CREATE_OPTIONS['table-size'],
  leftovers,
  'turn-timeout': START_OPTIONS['turn-timeout'],
} as const satisfies OptionSpecs;

export const edit = subcommand({
  description: "Change this channel's tournament during sign-up (host).",
  options: EDIT_OPTIONS,
  async run(interaction, args, ctx) {
    const open = await openHere(interaction, ctx);
    // A time zone alone would move nothing: it is how the start typed with it is read.
    if (args.timezone !== undefined && args.starts === undefined)
      throw UserFacingError.of('tournament.refusal.timezoneAlone');
    const minutes = args['turn-timeout'];
    const changes: TournamentEdit = {
      ...(args.name !== undefined && { name: args.name }),
      ...(args.starts !== undefined && { startsAt: parseStart(args.starts, args.timezone) }),
      ...(args.rounds !== undefined && { rounds: args.rounds }),
      ...(args['table-size'] !== undefined && { tableSize: args['table-size'] }),
      ...(minutes !== undefined && { turnTimeoutMs: minutes * 60_000 }),
      ...(args.leftovers !== undefined && { oddPolicy: args.leftovers }),
    };
    const who = { canManage: canManage(interaction) };
    const view = await ctx.service.tournaments.edit(open.id, interaction.user.id, who, changes);
    const { name, startsAt } = view.state.options;
    await answer(interaction, ctx, view, 'tournament.edited', {
      name: plainName(name),
      full: stamp(startsAt, 'F'),
      relative: stamp(startsAt, 'R'),
    });
  },
});
