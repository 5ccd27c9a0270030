// The one place interactions arrive: slash commands go to their module (commands/, handed in by the entry
// point through the context, so src/ never imports commands/), components to the
// handler their custom_id names. It also owns the error replies, so no handler repeats them: a refusal the
// user caused becomes a short ephemeral sentence; anything else is logged with its context and the user is
// told their game is unchanged (every service action is one transaction, so it is).
import type { ChatInputCommandInteraction, Interaction, MessageComponentInteraction } from 'discord.js';
import { MessageFlags } from 'discord.js';
import { isGameError } from '../game';
import { isServiceError } from '../service/game-service';
import type { BotContext } from './context';
import { UserFacingError } from './context';
import { handleComponent } from './components';

export const UNEXPECTED_ERROR_TEXT = 'Something went wrong — your game is unchanged.';

export function isUserError(error: unknown): error is Error {
  return error instanceof UserFacingError || isGameError(error) || isServiceError(error);
}

export async function routeInteraction(interaction: Interaction, ctx: BotContext): Promise<void> {
  if (interaction.isChatInputCommand()) {
    const command = ctx.commands.get(interaction.commandName);
    if (!command) return void ctx.log.warn('unknown command', { command: interaction.commandName });
    await guarded(interaction, ctx, () => command.execute(interaction, ctx));
  } else if (interaction.isButton() || interaction.isStringSelectMenu()) {
    await guarded(interaction, ctx, () => handleComponent(interaction, ctx));
  }
}

type Repliable = ChatInputCommandInteraction | MessageComponentInteraction;

async function guarded(interaction: Repliable, ctx: BotContext, work: () => Promise<void>): Promise<void> {
  const where = {
    interactionId: interaction.id,
    user: interaction.user.id,
    guild: interaction.guildId,
    channel: interaction.channelId,
    what: interaction.isChatInputCommand()
      ? `/${interaction.commandName} ${interaction.options.getSubcommand(false) ?? ''}`.trim()
      : interaction.customId,
  };
  try {
    await work();
    ctx.log.debug('interaction handled', where);
  } catch (error) {
    const userError = isUserError(error);
    if (userError) ctx.log.info('refused', { ...where, reason: error.message });
    else ctx.log.error('interaction failed', { ...where, error });
    await tellUser(interaction, userError ? refusalText(error) : UNEXPECTED_ERROR_TEXT, ctx);
  }
}

/**
 * What to do next, by refusal: the service and the engine say what is wrong in words of the game; the slash
 * commands that help are named here, in the Discord layer.
 */
const NEXT_STEP: Readonly<Record<string, string>> = {
  'no-game': 'Start a new one with /olathe start.',
  'game-over': 'Start a new one with /olathe start.',
  'channel-busy': 'The host can end it with /olathe end.',
};

export function refusalText(error: Error): string {
  const code = (error as { code?: unknown }).code;
  const next = typeof code === 'string' && !(error instanceof UserFacingError) ? NEXT_STEP[code] : undefined;
  return next ? `${error.message} ${next}` : error.message;
}

/** An ephemeral sentence for the user, whether or not the interaction was already acknowledged. */
export async function tellUser(interaction: Repliable, text: string, ctx: BotContext): Promise<void> {
  try {
    if (interaction.replied || interaction.deferred)
      await interaction.followUp({ content: text, flags: MessageFlags.Ephemeral });
    else await interaction.reply({ content: text, flags: MessageFlags.Ephemeral });
  } catch (error) {
    ctx.log.warn('could not tell the user', { interactionId: interaction.id, error });
  }
}
