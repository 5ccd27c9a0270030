// What each button and select does: parse the custom_id, check the clicker may use it, call the service,
// answer the click by updating its message (acknowledged at once), then bring the rest of the channel in line.
import type { ButtonInteraction, StringSelectMenuInteraction } from 'discord.js';
import { MessageFlags, PermissionFlagsBits } from 'discord.js';
import { applyHint, showHint } from './hint-replies';
import { updateClicked } from './click-update';
import { analysisEmbed } from './analysis';
import { openRematch } from './rematch';
import { openBoard } from './open-board';
import { trFor } from './i18n';
import { DIFFICULTIES, isServiceError } from '../service/game-service';
import type { GameView } from '../service/game-service';
import type { ComponentId } from './custom-id';
import { parseCellValue, parseCustomId, parseSmallNumber } from './custom-id';
import type { BotContext } from './context';
import { UserFacingError } from './context';
import { renderLobby } from './render/game-messages';
import { LOBBY_KEY, cardMessage, digestOf, lobbySummary } from './channel-view';
import { seatsToAct } from '../game';

type ComponentInteraction = ButtonInteraction | StringSelectMenuInteraction;

export async function handleComponent(
  interaction: ComponentInteraction,
  ctx: BotContext,
  id: ComponentId | null = parseCustomId(interaction.customId),
): Promise<void> {
  if (!id) {
    // At debug: the router sums refusals into one line per person a minute, so a flood of forged ids stays readable.
    ctx.log.debug('unknown custom_id', { customId: interaction.customId.slice(0, 100), user: interaction.user.id });
    throw UserFacingError.of('refusal.unknownControl');
  }
  const user = {
    id: interaction.user.id,
    name:
      interaction.member && 'displayName' in interaction.member
        ? interaction.member.displayName
        : interaction.user.displayName,
  };
  const { service } = ctx;
  switch (id.action) {
    case 'join':
      return updateLobby(interaction, await service.join(id.gameId, user), ctx);
    case 'leave':
      return updateLobby(interaction, await service.leave(id.gameId, user.id), ctx);
    case 'cancel':
      return updateLobby(interaction, await service.cancel(id.gameId, user.id), ctx);
    case 'start':
      return startGame(interaction, id.gameId, user.id, ctx);
    case 'hint':
      return showHint(interaction, requireGame(await service.game(id.gameId)), ctx);
    case 'apply':
    case 'confirm':
      return applyHint(interaction, id, ctx);
    case 'addbot': {
      const difficulty = DIFFICULTIES.find((d) => interaction.isStringSelectMenu() && d === interaction.values[0]);
      if (!difficulty) throw UserFacingError.of('refusal.pickDifficulty');
      return updateLobby(interaction, await service.addBot(id.gameId, user.id, difficulty), ctx);
    }
    case 'removebot': {
      const botId = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
      if (!botId) throw UserFacingError.of('refusal.pickBot');
      return updateLobby(interaction, await service.removeBot(id.gameId, user.id, botId), ctx);
    }
    case 'analysis':
      return void (await interaction.reply({
        embeds: [analysisEmbed(await service.analysis(id.gameId, user.id), trFor(interaction))],
        flags: MessageFlags.Ephemeral,
      }));
    case 'rematch':
      return openRematch(interaction, id.gameId, user.id, ctx);
    case 'refresh':
      // Its token, taken by the router, lets the Publisher draw the game again once this answer is sent.
      await interaction.reply({ content: trFor(interaction)('lobby.shownAgain'), flags: MessageFlags.Ephemeral });
      return void ctx.publisher.kick(id.gameId);
    case 'mycard':
      return showOwnCard(interaction, requireGame(await service.game(id.gameId)), ctx);
    case 'open-board':
      return openBoard(interaction, ctx);
    default:
      return turnAction(interaction, id, ctx);
  }
}

async function turnAction(
  interaction: ComponentInteraction,
  id: Extract<ComponentId, { seat: number }>,
  ctx: BotContext,
): Promise<void> {
  try {
    return await playOnCard(interaction, id, ctx);
  } catch (error) {
    // Only a card that shows this control really shows a moment the game never saved: a custom_id it does not
    // show (forged, random) says nothing of the card, and redrawing would edit it into what it already shows.
    if (
      isServiceError(error) &&
      error.code === 'card-ahead' &&
      interaction.message.resolveComponent(interaction.customId)
    )
      void ctx.publisher.redraw(id.gameId, interaction.message.id);
    throw error;
  }
}

/**
 * How long after it came a click may still wait for an edit of its card that is on its way, so as to answer
 * after it: well inside Discord's 3 s, with room for the answer's own trip.
 */
const ANSWER_BY_MS = 2000;

async function playOnCard(
  interaction: ComponentInteraction,
  id: Extract<ComponentId, { seat: number }>,
  ctx: BotContext,
): Promise<void> {
  const { service } = ctx;
  const began = performance.now();
  // The service checks that the clicker owns the card (id.seat) on its one read of the game.
  const userId = interaction.user.id;
  const card = id.seat;
  const value = interaction.isStringSelectMenu() ? (interaction.values[0] ?? '') : '';
  let result;
  switch (id.action) {
    case 'hold':
      result =
        id.held === undefined
          ? await service.toggleHold(id.gameId, userId, id.die, id.stamp, card)
          : await service.setHold(id.gameId, userId, id.die, id.held, id.stamp, card);
      break;
    case 'throw':
      result = await service.throwDice(id.gameId, userId, id.stamp, card);
      break;
    case 'declare': {
      const column = parseSmallNumber(value);
      if (column === null) throw UserFacingError.of('refusal.pickColumn');
      result = await service.declare(id.gameId, userId, column, id.stamp, card);
      break;
    }
    case 'predict': {
      const count = parseSmallNumber(value);
      if (count === null) throw UserFacingError.of('refusal.pickNumber');
      result = await service.predict(id.gameId, userId, count, card);
      break;
    }
    case 'write': {
      const cell = parseCellValue(value);
      if (!cell) throw UserFacingError.of('refusal.pickCell');
      result = await service.write(id.gameId, userId, cell.column, cell.category, id.stamp, card);
      break;
    }
    default:
      throw UserFacingError.of('refusal.unknownControl');
  }
  // The click's own update shows its message's new state; the Publisher does the rest of the channel.
  const clicked = await ctx.publisher.clicked(result, id.seat, ANSWER_BY_MS - (performance.now() - began));
  let updated = false;
  try {
    await updateClicked(interaction, clicked.body);
    updated = true;
  } finally {
    // The action is saved even if Discord refused the answer (a click acknowledged too late): the Publisher
    // then redraws the clicked message through the channel like any other.
    void ctx.publisher.afterClick(result, clicked, interaction.message.id, updated);
  }
}

/** Threads need these in the lobby's channel; without them the game plays in the channel itself. */
const THREAD_PERMISSIONS = PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.SendMessagesInThreads;

async function startGame(
  interaction: ComponentInteraction,
  gameId: number,
  userId: string,
  ctx: BotContext,
): Promise<void> {
  const { service } = ctx;
  const threadAllowed = interaction.appPermissions?.has(THREAD_PERMISSIONS) ?? true;
  const lobby = await service.game(gameId);
  // The lobby message is the one clicked: a thread starts from it even if its id was never stored.
  if (lobby && !lobby.messages[LOBBY_KEY]) await service.recordShown(gameId, LOBBY_KEY, interaction.message.id, null);
  const view = await service.start(gameId, userId, { threadAllowed });
  const body = lobbySummary(view);
  let updated = false;
  try {
    await interaction.update(body);
    updated = true;
  } finally {
    // The game has started whether or not Discord took the answer: its thread and first turns must be posted.
    if (updated) await service.recordShown(gameId, LOBBY_KEY, interaction.message.id, digestOf(body));
    void ctx.publisher.kick(gameId);
  }
  if (view.threadMode && !threadAllowed) {
    await interaction.followUp({
      content:
        "I can't start a thread in this channel (I need **Create Public Threads** and **Send Messages in Threads**), so this game is played right here.",
      flags: MessageFlags.Ephemeral,
    });
  }
}

/**
 * A lobby click answers with the lobby as it is now, and notes what it shows: a lobby the click closed is
 * then known to say so, and is not drawn again by the reconcile.
 */
async function updateLobby(interaction: ComponentInteraction, view: GameView, ctx: BotContext): Promise<void> {
  const body = renderLobby(view);
  await interaction.update(body);
  await ctx.service.recordShown(view.id, LOBBY_KEY, interaction.message.id, digestOf(body));
}

/** A Balut table's 🃏 button where cards are private: the clicker's own card, for them alone. */
async function showOwnCard(interaction: ComponentInteraction, game: GameView, ctx: BotContext): Promise<void> {
  // Only a Balut game where the bot is not a member keeps its cards private; anywhere else this id is forged.
  if (!game.repliesOnly || game.options.variant !== 'balut') throw UserFacingError.of('refusal.unknownControl');
  const seat = game.players.find((p) => !p.isBot && p.userId === interaction.user.id)?.seat;
  if (seat === undefined) throw UserFacingError.of('error.notAPlayer');
  if (game.status !== 'playing' || !game.state) throw UserFacingError.of('error.gameOver');
  const { body } = cardMessage(game, seat, seatsToAct(game.state).includes(seat));
  await interaction.reply({ ...body, flags: MessageFlags.Ephemeral });
  // The table may be behind (a turn timer, a restart): this click's token brings it in line.
  void ctx.publisher.kick(game.id);
}

function requireGame(game: GameView | null): GameView {
  if (!game) throw UserFacingError.of('refusal.gameGone');
  return game;
}
