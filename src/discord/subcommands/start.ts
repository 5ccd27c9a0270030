// `/olathe start`: check the channel permissions and the options, open a lobby, post it.
import type { ChatInputCommandInteraction } from 'discord.js';
import { PermissionFlagsBits } from 'discord.js';
import type { GameOptions, Variant } from '../../game';
import { DEFAULT_LAYOUT, DEFAULT_THROWS, layoutColumns, layoutProblem, throwsProblem } from '../../game';
import type { BotContext } from '../context';
import type { Difficulty } from '../../service/game-service';
import { UserFacingError } from '../context';
import { renderLobby } from '../render/game-messages';

export const REQUIRED_PERMISSIONS = [
  ['View Channel', PermissionFlagsBits.ViewChannel],
  ['Send Messages', PermissionFlagsBits.SendMessages],
  ['Embed Links', PermissionFlagsBits.EmbedLinks],
  ['Read Message History', PermissionFlagsBits.ReadMessageHistory],
] as const;

export const DEFAULT_TURN_MINUTES = 10;

/** The permissions the bot lacks in this channel, by name (from the interaction's app_permissions). */
export function missingPermissions(interaction: ChatInputCommandInteraction): string[] {
  const have = interaction.appPermissions;
  return REQUIRED_PERMISSIONS.filter(([, bit]) => !have.has(bit)).map(([name]) => name);
}

/** The game options a /olathe start asks for, or a UserFacingError saying why they are not allowed. */
export function gameOptionsFrom(interaction: ChatInputCommandInteraction): GameOptions {
  const o = interaction.options;
  const variant = (o.getString('variant') ?? 'olathe') as Variant;
  const defaults = DEFAULT_LAYOUT[variant];
  const counts = {
    free: o.getInteger('free') ?? defaults.free,
    down: o.getInteger('down') ?? defaults.down,
    up: o.getInteger('up') ?? defaults.up,
  };
  const throwsPerTurn = o.getInteger('throws') ?? DEFAULT_THROWS;
  const problem = layoutProblem(variant, counts) ?? throwsProblem(variant, throwsPerTurn);
  if (problem) throw new UserFacingError(`${problem} (See /olathe help.)`);
  const hints = o.getBoolean('hints') ?? true;
  return {
    variant,
    columns: layoutColumns(counts),
    throwsPerTurn,
    predictions: o.getBoolean('predictions') ?? false,
    ...(hints ? {} : { hints: false }),
  };
}

export async function start(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const missing = missingPermissions(interaction);
  if (missing.length) {
    throw new UserFacingError(
      `I can't run a game here: I'm missing ${missing.join(', ')} in this channel. Ask a server admin to grant them.`,
    );
  }
  const options = gameOptionsFrom(interaction);
  const minutes = interaction.options.getInteger('turn-timeout') ?? DEFAULT_TURN_MINUTES;
  // Not given: the server's setting (/olathe settings), threads unless it turned them off.
  const threads = interaction.options.getBoolean('thread');
  let view = ctx.service.openLobby({
    guildId: interaction.guildId!,
    channelId: interaction.channelId,
    host: { id: interaction.user.id, name: displayName(interaction) },
    options,
    turnTimeoutMs: minutes * 60_000,
    ...(threads !== null ? { threads } : {}),
  });
  const difficulty = (interaction.options.getString('difficulty') ?? 'normal') as Difficulty;
  for (let n = interaction.options.getInteger('bots') ?? 0; n > 0; n--)
    view = ctx.service.addBot(view.id, interaction.user.id, difficulty);
  const response = await interaction.reply({ ...renderLobby(view), withResponse: true });
  const messageId = response.resource?.message?.id;
  if (messageId) ctx.service.setMessageId(view.id, 'lobby', messageId);
}

export function displayName(interaction: { user: { displayName: string }; member: unknown }): string {
  const member = interaction.member as { displayName?: string; nick?: string | null } | null;
  return member?.displayName ?? member?.nick ?? interaction.user.displayName;
}
