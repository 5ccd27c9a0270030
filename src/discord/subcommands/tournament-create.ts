// `/olathe tournament create`: a club night in this channel, for a host with Manage Events or Manage Server. The
// card options are /olathe start's own (the same specs and refusals); the start is one typed form
// (tournament-time.ts). Every refusal is private and changes nothing; once the service has it, the sign-up
// message and the server's event come from the tournament's sync, and the host is told where it is (and, when
// the bot may not make the event, why there is none).
import type { ChatInputCommandInteraction } from 'discord.js';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import { MAX_ROUNDS, MAX_TABLE_SIZE, MIN_ROUNDS, MIN_TABLE_SIZE } from '../../tournament';
import type { BotContext } from '../context';
import { UserFacingError } from '../context';
import { languageOf, trFor } from '../i18n';
import type { Args, OptionSpecs } from '../options';
import { subcommand } from '../options';
import { messageLink } from '../channel-view';
import { placeOf } from '../place';
import { SIGNUP_KEY } from '../render/tournament';
import { stamp } from '../render/tournament-words';
import { plainName } from '../render/daily';
import { START_OPTIONS, displayName, gameOptionsFrom, missingPermissions } from './start';
import { parseStart } from './tournament-time';

const { variant, free, down, up, throws, predictions, hints, difficulty } = START_OPTIONS;

export const CREATE_OPTIONS = {
  name: {
    type: 'string',
    description: 'What the night is called, such as Friday club night',
    required: true,
  },
  starts: {
    type: 'string',
    description: 'Start time, YYYY-MM-DD HH:MM (24-hour), such as 2026-12-05 19:30',
    required: true,
  },
  rounds: { type: 'integer', description: 'Rounds to play (1–7)', min: MIN_ROUNDS, max: MAX_ROUNDS, required: true },
  timezone: {
    type: 'string',
    description: 'Time zone of the start: a name such as Europe/Copenhagen, or +01:00 (default UTC)',
  },
  'table-size': {
    type: 'integer',
    description: 'Players a table, computer players included (2–8, default 4)',
    min: MIN_TABLE_SIZE,
    max: MAX_TABLE_SIZE,
  },
  leftovers: {
    type: 'string',
    description: 'Seats nobody takes: computer players (default), or the players left over sit out',
    choices: [
      { name: 'Computer players', value: 'computer' },
      { name: 'Sit out (a bye)', value: 'bye' },
    ],
  },
  variant,
  free,
  down,
  up,
  throws,
  'turn-timeout': START_OPTIONS['turn-timeout'],
  predictions,
  hints,
  difficulty,
} as const satisfies OptionSpecs;

/** Hosting, starting early, filling and cancelling need one of these (or being the host, for the last three). */
export function canManage(interaction: ChatInputCommandInteraction | { memberPermissions: unknown }): boolean {
  const have = interaction.memberPermissions as { has(bit: bigint): boolean } | null;
  return have?.has(PermissionFlagsBits.ManageEvents) === true || have?.has(PermissionFlagsBits.ManageGuild) === true;
}

export const create = subcommand({
  description: 'Open a tournament in this channel (Manage Events or Manage Server).',
  options: CREATE_OPTIONS,
  run: createTournament,
});

async function createTournament(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof CREATE_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  if (placeOf(interaction) !== 'server' || !interaction.guildId)
    throw UserFacingError.of('tournament.refusal.notInServer');
  if (!canManage(interaction)) throw UserFacingError.of('tournament.refusal.needManage');
  const missing = missingPermissions(interaction);
  if (missing.length) throw UserFacingError.of('reply.missingPermissions', { permissions: missing.join(', ') });
  if (!args.name?.trim()) throw UserFacingError.of('tournament.refusal.nameNeeded');
  if (!args.starts) throw UserFacingError.of('tournament.refusal.startsNeeded');
  if (args.rounds === undefined) throw UserFacingError.of('tournament.refusal.roundsNeeded');
  const game = gameOptionsFrom(args);
  const startsAt = parseStart(args.starts, args.timezone);
  const minutes = args['turn-timeout'];
  const view = await ctx.service.tournaments.create({
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    host: { id: interaction.user.id, name: displayName(interaction) },
    options: {
      name: args.name,
      game,
      startsAt,
      rounds: args.rounds,
      ...(args['table-size'] !== undefined && { tableSize: args['table-size'] }),
      ...(minutes !== undefined && { turnTimeoutMs: minutes * 60_000 }),
      ...(args.leftovers !== undefined && { oddPolicy: args.leftovers }),
      ...(args.difficulty !== undefined && { difficulty: args.difficulty }),
    },
    // Channel messages are for everyone there: the server's language, kept with the tournament.
    locale: languageOf(interaction.guildLocale),
  });
  // Saved: from here on nothing is refused. The sign-up message is the sync's to post, like every other.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await ctx.publisher.kickTournament(view.id);
  const shown = (await ctx.service.tournaments.tournament(view.id)) ?? view;
  const signup = shown.messages[SIGNUP_KEY];
  const t = trFor(interaction);
  const created = t('tournament.created', {
    name: plainName(shown.state.options.name),
    link: signup ? messageLink(shown.guildId, shown.channelId, signup) : `<#${shown.channelId}>`,
    full: stamp(startsAt, 'F'),
    relative: stamp(startsAt, 'R'),
  });
  // The pass just awaited asked Discord for the event once: the host hears here, once, why there is none.
  const noEvent = shown.event.problem === 'no-permission' ? `\n\n${t('tournament.noEvent')}` : '';
  await interaction.editReply({ content: created + noEvent, allowedMentions: { parse: [] } });
}
