// `/olathe start`: check the channel permissions and the options, open a lobby, post it.
import { languageOf, trFor } from '../i18n';
import type { ChatInputCommandInteraction } from 'discord.js';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import type { GameOptions } from '../../game';
import {
  DEFAULT_LAYOUT,
  DEFAULT_THROWS,
  MAX_THROWS,
  MIN_THROWS,
  layoutColumns,
  LAYOUT_PROBLEM_VARS,
  layoutProblemKey,
  throwsProblemKey,
} from '../../game';
import type { BotContext } from '../context';
import type { GameView } from '../../service/game-service';
import { DIFFICULTIES, NO_SERVER, isServiceError } from '../../service/game-service';
import { UserFacingError } from '../context';
import type { Args, OptionSpecs } from '../options';
import { subcommand } from '../options';
import { renderLobby } from '../render/game-messages';
import { LOBBY_KEY, messageLink } from '../channel-view';
import { gameGuildId, placeOf, repliesOnly } from '../place';

export const REQUIRED_PERMISSIONS = [
  ['View Channel', PermissionFlagsBits.ViewChannel],
  ['Send Messages', PermissionFlagsBits.SendMessages],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
  ['Read Message History', PermissionFlagsBits.ReadMessageHistory],
] as const;

export const DEFAULT_TURN_MINUTES = 10;

/**
 * The permissions the bot lacks in this channel, by name (from the interaction's app_permissions). None outside
 * a server with the bot: it may always write in its DM, and elsewhere it answers through the interaction, though
 * app_permissions holds no View Channel or Send Messages there.
 */
export function missingPermissions(interaction: ChatInputCommandInteraction): string[] {
  if (placeOf(interaction) !== 'server') return [];
  const have = interaction.appPermissions;
  return REQUIRED_PERMISSIONS.filter(([, bit]) => !have.has(bit)).map(([name]) => name);
}

export const START_OPTIONS = {
  variant: {
    type: 'string',
    description: 'Olathe (turns in seat order, Free/Down/Up columns) or Balut (simultaneous, 4 Free columns)',
    choices: [
      { name: 'Olathe', value: 'olathe' },
      { name: 'Balut', value: 'balut' },
    ],
  },
  free: { type: 'integer', description: 'Free columns (Olathe: 2–4)', min: 0, max: 6 },
  down: { type: 'integer', description: 'Down columns (Olathe: 0–1)', min: 0, max: 6 },
  up: { type: 'integer', description: 'Up columns (Olathe: 0–1)', min: 0, max: 6 },
  throws: {
    type: 'integer',
    description: `Throws a turn (Olathe: ${MIN_THROWS}–${MAX_THROWS}; Balut: 3)`,
    min: 1,
    max: 9,
  },
  'turn-timeout': {
    type: 'integer',
    description: 'Minutes before an idle turn is played for you (default 10)',
    min: 1,
    max: 1440,
  },
  predictions: { type: 'boolean', description: 'Guess how many Olathes will be scored (default off)' },
  hints: { type: 'boolean', description: 'Allow 💡 hints from the solver (default on)' },
  bots: { type: 'integer', description: 'Computer players to seat at once (0–7)', min: 0, max: 7 },
  difficulty: {
    type: 'string',
    description: 'How well the computer players play (default normal)',
    choices: DIFFICULTIES.map((d) => ({ name: d, value: d })),
  },
  thread: { type: 'boolean', description: "Play in a thread of its own (default: the server's setting, on)" },
} as const satisfies OptionSpecs;

/** The game options a /olathe start asks for, or a UserFacingError saying why they are not allowed. */
export function gameOptionsFrom(args: Args<typeof START_OPTIONS>): GameOptions {
  const variant = args.variant ?? 'olathe';
  const defaults = DEFAULT_LAYOUT[variant];
  const counts = { free: args.free ?? defaults.free, down: args.down ?? defaults.down, up: args.up ?? defaults.up };
  const throwsPerTurn = args.throws ?? DEFAULT_THROWS;
  const problem = layoutProblemKey(variant, counts) ?? throwsProblemKey(variant, throwsPerTurn);
  if (problem) throw UserFacingError.of('reply.seeHelp', LAYOUT_PROBLEM_VARS, { problem: `layout.${problem}` });
  return {
    variant,
    columns: layoutColumns(counts),
    throwsPerTurn,
    predictions: args.predictions ?? false,
    ...(args.hints === false ? { hints: false } : {}),
  };
}

export const start = subcommand({
  description: 'Open a game in this channel; others join from the lobby.',
  options: START_OPTIONS,
  run: startLobby,
});

async function startLobby(
  interaction: ChatInputCommandInteraction,
  args: Args<typeof START_OPTIONS>,
  ctx: BotContext,
): Promise<void> {
  const guildId = gameGuildId(interaction);
  const missing = missingPermissions(interaction);
  if (missing.length) {
    throw UserFacingError.of('reply.missingPermissions', { permissions: missing.join(', ') });
  }
  const replies = repliesOnly(interaction);
  const inDm = guildId === NO_SERVER || replies;
  const options = gameOptionsFrom(args);
  const minutes = args['turn-timeout'] ?? DEFAULT_TURN_MINUTES;
  let view = await openLobbyOrSayWhere(ctx, {
    guildId,
    channelId: interaction.channelId,
    host: { id: interaction.user.id, name: displayName(interaction) },
    options,
    turnTimeoutMs: minutes * 60_000,
    // Not given: the server's setting (/olathe settings), threads unless it turned them off. A DM has no
    // threads (Discord refuses them there), nor may the bot start one where it is not a member: the game
    // plays where it was opened.
    ...(inDm ? { threads: false } : args.thread !== undefined ? { threads: args.thread } : {}),
    // Channel messages are for everyone there: the server's language, kept with the game; a DM's, the user's.
    locale: languageOf(guildId === NO_SERVER ? interaction.locale : interaction.guildLocale),
    ...(replies && { repliesOnly: true }),
  });
  const difficulty = args.difficulty ?? 'normal';
  for (let n = args.bots ?? 0; n > 0; n--) view = await ctx.service.addBot(view.id, interaction.user.id, difficulty);
  const response = await interaction.reply({ ...renderLobby(view), withResponse: true });
  const message = response.resource?.message;
  if (replies && message?.flags.has(MessageFlags.Ephemeral)) {
    // A server that keeps its members' apps private made the lobby ephemeral: nobody else could join or watch.
    await ctx.service.cancel(view.id, interaction.user.id);
    await interaction.editReply({ ...noGameHere(interaction), embeds: [], components: [] });
    return;
  }
  if (message) await ctx.service.recordShown(view.id, LOBBY_KEY, message.id, null);
}

/**
 * The lobby, or — the channel has a game already — a refusal with a link to that game's lobby, so a second
 * `/olathe start` says where to go. Read only on the refusal: the start itself reads no more than before.
 */
async function openLobbyOrSayWhere(
  ctx: BotContext,
  input: Parameters<BotContext['service']['openLobby']>[0],
): Promise<GameView> {
  try {
    return await ctx.service.openLobby(input);
  } catch (error) {
    if (!isServiceError(error) || error.code !== 'channel-busy') throw error;
    const open = await ctx.service.openGameInChannel(input.channelId).catch(() => null);
    const lobby = open?.messages[LOBBY_KEY];
    if (!open || lobby === undefined) throw error;
    throw UserFacingError.of('reply.channelHasGame', { link: messageLink(open.guildId, open.channelId, lobby) });
  }
}

function noGameHere(interaction: ChatInputCommandInteraction): { content: string } {
  return { content: trFor(interaction)('place.privateOnly') };
}

export function displayName(interaction: { user: { displayName: string }; member: unknown }): string {
  const member = interaction.member as { displayName?: string; nick?: string | null } | null;
  return member?.displayName ?? member?.nick ?? interaction.user.displayName;
}
