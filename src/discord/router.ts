// The one place interactions arrive: slash commands go to their module (commands/, handed in by the entry
// point through the context, so src/ never imports commands/), components to the
// handler their custom_id names. It also owns the error replies, so no handler repeats them: a refusal the
// user caused becomes a short ephemeral sentence; anything else is logged with its context and the user is
// told their game is unchanged (every service action is one transaction, so it is). Each interaction is
// logged once, with its outcome and latency, and counted in the operator's metrics; a refused one is logged at
// debug and summed into one line per person and kind a minute (flood-guard.ts), so a flood stays readable.
import type { ChatInputCommandInteraction, Interaction, MessageComponentInteraction } from 'discord.js';
import { DiscordAPIError, HTTPError, MessageFlags, RateLimitError } from 'discord.js';
import { isGameError } from '../game';
import { isTournamentError } from '../tournament';
import { isServiceError } from '../service/game-service';
import type { BotContext } from './context';
import { UserFacingError } from './context';
import { handleComponent } from './components';
import type { ComponentId } from './custom-id';
import { parseCustomId, parseTournamentControl } from './custom-id';
import { handleTournamentControl, requireTournamentShownHere } from './tournament-buttons';
import { floodGuardOf, refusalReason } from './flood-guard';
import { requireShownHere } from './shown-here';
import { placeOf } from './place';
import { refusalFor } from './refusals';
import type { MessageKey } from './i18n';
import { trFor } from './i18n';
import type { InteractionKind, InteractionOutcome } from './metrics';

export function isUserError(error: unknown): error is Error {
  return error instanceof UserFacingError || isGameError(error) || isServiceError(error) || isTournamentError(error);
}

export async function routeInteraction(interaction: Interaction, ctx: BotContext): Promise<void> {
  if (interaction.isChatInputCommand()) {
    const command = ctx.commands.get(interaction.commandName);
    if (!command) return void ctx.log.warn('unknown command', { command: interaction.commandName });
    await guarded(interaction, ctx, () => command.execute(interaction, ctx), null);
  } else if (interaction.isButton() || interaction.isStringSelectMenu()) {
    // A tournament's sign-up buttons have a namespace of their own: they name a tournament, not a game.
    const tournament = parseTournamentControl(interaction.customId);
    if (tournament) {
      const handle = async () => {
        requireTournamentShownHere(interaction.message, tournament);
        await handleTournamentControl(interaction, tournament, ctx);
      };
      return void (await guarded(interaction, ctx, handle, null));
    }
    // Parsed once, for the handler and for the log line's game.
    const id = parseCustomId(interaction.customId);
    const handle = async () => {
      requireShownHere(interaction.message, id);
      await handleComponent(interaction, ctx, id);
    };
    await guarded(interaction, ctx, handle, id);
  }
}

/** The kinds the router answers; null for the rest (autocomplete, modals), which it ignores. */
export function interactionKind(interaction: Interaction): InteractionKind | null {
  const routed = interaction.isChatInputCommand() || interaction.isButton() || interaction.isStringSelectMenu();
  return routed ? kindOf(interaction) : null;
}

type Repliable = ChatInputCommandInteraction | MessageComponentInteraction;

function kindOf(interaction: Repliable): InteractionKind {
  if (interaction.isChatInputCommand()) return 'command';
  return interaction.isButton() ? 'button' : 'select';
}

const tenths = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Runs the handler, unless its person has used up their allowance of answers that cost work, and answers its
 * errors; then logs the interaction in one line: who, where, which game, what came of it and how long it took
 * (never its token or payload).
 */
async function guarded(
  interaction: Repliable,
  ctx: BotContext,
  work: () => Promise<void>,
  id: ComponentId | null,
): Promise<void> {
  const started = performance.now();
  const kind = kindOf(interaction);
  const game = id?.gameId;
  const guard = floodGuardOf(ctx);
  const where = {
    interactionId: interaction.id,
    user: interaction.user.id,
    guild: interaction.guildId,
    channel: interaction.channelId,
    kind,
    what: interaction.isChatInputCommand()
      ? `/${interaction.commandName} ${interaction.options.getSubcommand(false) ?? ''}`.trim()
      : interaction.customId.slice(0, 100),
    ...(game === undefined ? {} : { game }),
  };
  // Where the bot is not a member, only an interaction's token can show its channel's games: offered before the
  // handler runs, so the passes it starts can use it as soon as it is answered.
  const elsewhere = placeOf(interaction) === 'elsewhere';
  if (elsewhere) ctx.publisher.tokenArrived(interaction);
  let outcome: InteractionOutcome = 'ok';
  let why: Record<string, unknown> = {};
  let refused: unknown = null;
  try {
    guard.allow(interaction, id);
    await work();
  } catch (error) {
    refused = error;
    const userError = isUserError(error);
    // A legal move refused only because other processes kept winning its game's row: counted on its own.
    outcome = userError ? (isServiceError(error) && error.code === 'busy' ? 'busy' : 'refused') : 'failed';
    why = userError ? { reason: error.message } : { error };
    const text = userError ? await refusalFor(error, interaction, ctx) : trFor(interaction)(failureKey(error, ctx));
    await tellUser(interaction, text, ctx);
  }
  if (elsewhere) ctx.publisher.tokenAnswered(interaction);
  // From the gateway's delivery, as ackMs is: a wait before this handler ran (its game's queue, a busy process)
  // is part of what the user waited for, and ackMs never exceeds ms.
  const ms = ctx.acks?.sinceReceived(interaction.id) ?? performance.now() - started;
  const ackMs = ctx.acks?.take(interaction.id) ?? null;
  ctx.metrics?.interaction(kind, outcome, ackMs);
  const line = {
    ...where,
    outcome,
    ackMs: ackMs === null ? null : tenths(ackMs),
    ms: tenths(ms),
    ...why,
  };
  if (outcome === 'failed') ctx.log.error('interaction', line);
  else if (outcome === 'busy') ctx.log.warn('interaction', line);
  else if (outcome === 'ok') ctx.log.info('interaction', line);
  else {
    ctx.log.debug('interaction', line);
    const detail = { what: where.what, channel: interaction.channelId };
    guard.refusals.record(interaction.user.id, kind, refusalReason(refused), detail);
  }
}

/**
 * What a failure is told: the database out of reach changed nothing — unless it went while the move's commit was
 * on its way, when the move may stand: the player is not told it did not (the Publisher shows which once the
 * database is back).
 */
function failureKey(error: unknown, ctx: BotContext): MessageKey {
  // Discord refused or dropped the bot's own answer: the action before it may well be saved.
  if (isDiscordFailure(error)) return 'refusal.discordFailed';
  const { storage } = ctx.service;
  if (storage.mayHaveCommitted(error)) return 'refusal.databaseLostMidSave';
  return storage.isUnavailable(error) ? 'refusal.databaseUnavailable' : 'refusal.unexpected';
}

function isDiscordFailure(error: unknown): boolean {
  return error instanceof DiscordAPIError || error instanceof HTTPError || error instanceof RateLimitError;
}

/** The wording of refusals (what to do next, whose turn it is) lives in refusals.ts. */
export { refusalText } from './refusals';

/** An ephemeral sentence for the user, whether or not the interaction was already acknowledged. */
export async function tellUser(interaction: Repliable, text: string, ctx: BotContext): Promise<void> {
  try {
    // A refusal may name people (whose turn it is): it never pings them.
    const answer = { content: text, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;
    if (interaction.replied || interaction.deferred) await interaction.followUp(answer);
    else await interaction.reply(answer);
  } catch (error) {
    ctx.log.warn('could not tell the user', { interactionId: interaction.id, error });
  }
}
