// Answering the hint: `/olathe hint` and 💡 reply with a fresh hint that replaces the player's previous one,
// and the hint's own buttons (Apply, its confirmation, Back) redraw the hint message in place. Apply goes
// through the service's ordinary actions with the stamp the hint was drawn at, so an old hint is refused
// (refusals.ts words it); the turn message is then redrawn by the Publisher like after any other change.
// Those buttons answer by redrawing the message they are on, so they are acted on only on the hint that shows
// them: anywhere else (a forged custom_id sent against a public card) the card would become a hint's prompt.
import type { ButtonInteraction, ChatInputCommandInteraction, StringSelectMenuInteraction } from 'discord.js';
import { MessageFlags, Routes } from 'discord.js';
import { applyEvent, scoreCell } from '../game';
import type { ActionResult, GameView } from '../service/game-service';
import { turnStamp } from '../service/stamp';
import type { BotContext } from './context';
import { UserFacingError } from './context';
import type { ComponentId } from './custom-id';
import { confirmMessage, heldMessage, hintMessage, wroteMessage } from './hint';
import type { Translate } from './i18n';
import { trFor } from './i18n';
import type { MessageBody } from './render/turn';
import { columnName, diceText } from './render/text';

type Clicked = ButtonInteraction | StringSelectMenuInteraction;

/** Discord lets an interaction's token edit or delete its messages for 15 minutes; a little less, to be safe. */
const TOKEN_USABLE_MS = 14 * 60_000;

interface ShownHint {
  applicationId: string;
  token: string;
  at: number;
}

/**
 * The newest hint message of each player in each game, by the token of the interaction that posted it. Only
 * tokens young enough to use are kept (oldest first, so expiry is a look at the front), and only in memory:
 * after a restart an older hint may stay up, and its Apply is then refused as out of date if the turn moved on.
 */
export class ShownHints {
  private readonly byPlayer = new Map<string, ShownHint>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records `next` as the player's newest hint; returns the one it replaces, if its token still works. */
  swap(gameId: number, userId: string, next: Omit<ShownHint, 'at'>): ShownHint | undefined {
    const at = this.now();
    for (const [key, shown] of this.byPlayer) {
      if (at - shown.at < TOKEN_USABLE_MS) break;
      this.byPlayer.delete(key);
    }
    const key = `${gameId}:${userId}`;
    const previous = this.byPlayer.get(key);
    this.byPlayer.delete(key);
    this.byPlayer.set(key, { ...next, at });
    return previous;
  }

  get size(): number {
    return this.byPlayer.size;
  }
}

const shownHints = new WeakMap<BotContext, ShownHints>();

function shownIn(ctx: BotContext): ShownHints {
  let hints = shownHints.get(ctx);
  if (!hints) shownHints.set(ctx, (hints = new ShownHints()));
  return hints;
}

/**
 * A fresh hint for the player. On the hint message itself (Back from a confirmation) it is redrawn in place.
 * Otherwise it is a new ephemeral reply, and the previous one is deleted: a new message, rather than an edit
 * of the old, because a player may have dismissed the old one and would then see nothing.
 */
export async function showHint(
  interaction: ChatInputCommandInteraction | Clicked,
  game: GameView,
  ctx: BotContext,
): Promise<void> {
  const body = hintMessage(ctx.service, game, interaction.user.id, undefined, trFor(interaction));
  if (!interaction.isChatInputCommand() && interaction.message.flags.has(MessageFlags.Ephemeral))
    return void (await interaction.update(body));
  await interaction.reply({ ...body, flags: MessageFlags.Ephemeral });
  const previous = shownIn(ctx).swap(game.id, interaction.user.id, {
    applicationId: interaction.applicationId,
    token: interaction.token,
  });
  if (!previous) return;
  try {
    await ctx.rest.delete(Routes.webhookMessage(previous.applicationId, previous.token), { auth: false });
  } catch (error) {
    // Already dismissed or deleted: either way it is no longer shown.
    ctx.log.debug('could not delete the previous hint', { gameId: game.id, error });
  }
}

/** Apply (and its confirmation) on a hint message: the move, then the hint message says what came of it. */
export async function applyHint(
  interaction: Clicked,
  id: Extract<ComponentId, { action: 'apply' | 'confirm' }>,
  ctx: BotContext,
): Promise<void> {
  requireOwnHint(interaction, ctx);
  const { service } = ctx;
  const { gameId, seat, stamp, move } = id;
  const userId = interaction.user.id;
  if (id.action === 'apply' && (move.kind === 'write' || move.kind === 'declare')) {
    const game = await service.game(gameId);
    const state = game?.state;
    const player = state?.players[seat];
    if (!game || !state || !player || game.players[seat]?.userId !== userId || turnStamp(player) !== stamp)
      throw UserFacingError.of('refusal.staleHint');
    // The question promises the move, so a move the rules refuse is refused now, in the rules' own words
    // (the engine's GameError), rather than after "Write it".
    applyEvent(
      state,
      move.kind === 'write'
        ? { type: 'write', seat, column: move.column, category: move.category }
        : { type: 'declare', seat, column: move.column },
    );
    return void (await interaction.update(confirmMessage(game, seat, move, trFor(interaction))));
  }
  let result: ActionResult;
  if (move.kind === 'hold') result = await service.setHolds(gameId, userId, move.held, stamp, seat);
  else if (move.kind === 'throw') result = await service.throwDice(gameId, userId, stamp, seat);
  else if (move.kind === 'declare') result = await service.declare(gameId, userId, move.column, stamp, seat);
  else result = await service.write(gameId, userId, move.column, move.category, stamp, seat);
  try {
    await interaction.update(afterApply(ctx, result, id, trFor(interaction)));
  } finally {
    // Saved whether or not Discord took the answer: the card in the channel shows the move either way.
    void ctx.publisher.kick(gameId);
  }
}

/**
 * The clicked message must be a hint (ephemeral) that shows this very control. A custom_id it does not show is
 * forged, or one the hint has already moved past (a second click on Apply).
 */
function requireOwnHint(interaction: Clicked, ctx: BotContext): void {
  const { message } = interaction;
  const ephemeral = message.flags.has(MessageFlags.Ephemeral);
  if (ephemeral && message.resolveComponent(interaction.customId)) return;
  // At debug, as every refusal: the router sums them into one line per person a minute.
  ctx.log.debug('hint control not on its hint', {
    customId: interaction.customId.slice(0, 100),
    user: interaction.user.id,
    messageId: message.id,
    ephemeral,
  });
  throw UserFacingError.of('refusal.notOnHint');
}

/** What the hint message shows once its move is made: the next step, or the write that ended the turn. */
function afterApply(
  ctx: BotContext,
  result: ActionResult,
  { seat, move }: Extract<ComponentId, { action: 'apply' | 'confirm' }>,
  t: Translate,
): MessageBody {
  const game = result.view;
  const before = result.before!;
  switch (move.kind) {
    case 'hold':
      return heldMessage(game, seat, t);
    case 'write':
      return wroteMessage(game, move, scoreCell(move.category, before.players[seat]!.turn.dice!), t);
    case 'throw': {
      const dice = diceText(game.state?.players[seat]?.turn.dice ?? []);
      return nextHint(ctx, game, seat, t('hint.threw', { dice }), t);
    }
    case 'declare': {
      const column = columnName(t, before.options.columns, move.column);
      return nextHint(ctx, game, seat, t('hint.declared', { column }), t);
    }
  }
}

/** The hint for the step after a move, headed by what the move did (just that, if there is nothing to advise). */
function nextHint(ctx: BotContext, game: GameView, seat: number, note: string, t: Translate): MessageBody {
  try {
    return hintMessage(ctx.service, game, game.players[seat]!.userId, note, t);
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return { embeds: [{ title: t('hint.title'), description: note }], components: [] };
  }
}
