// A click on 🎲 Open the board (render/open-board.ts): answered with interaction callback type 12, LAUNCH_ACTIVITY,
// which opens the app's Activity in the clicked message's channel for the clicker (or lets them join the one
// running there). Discord refuses it where the app may not launch its Activity — Activities not enabled for the
// app in the Developer Portal, or a place or person it does not allow them for — and the player is told so,
// privately, by the router like any other refusal (so the click is counted as refused, not failed).
import type { MessageComponentInteraction } from 'discord.js';
import { DiscordAPIError } from 'discord.js';
import type { BotContext } from './context';
import { UserFacingError } from './context';
import { describeFailure } from './discord-errors';
import { showsOpenBoardButton } from './render/open-board';

/** Too late (10062) or answered already (40060): no answer reaches the player, so these stay failures. */
const UNANSWERABLE = new Set<number | string>([10062, 40060]);

export async function openBoard(interaction: MessageComponentInteraction, ctx: BotContext): Promise<void> {
  // A button drawn while the bot served the Activity, clicked after it stopped: the board would not load.
  if (!showsOpenBoardButton()) throw UserFacingError.of('board.off');
  try {
    // discord.js posts the bare callback ({ type: 12 }), with no message body to convert.
    await interaction.launchActivity();
  } catch (error) {
    if (!isLaunchRefused(error)) throw error;
    ctx.log.info('activity launch refused', { channel: interaction.channelId, ...describeFailure(error) });
    throw UserFacingError.of('board.unavailable');
  }
}

/** Discord's 4xx answer to the launch itself, as opposed to a dead interaction, a 5xx or the network. */
export function isLaunchRefused(error: unknown): boolean {
  return (
    error instanceof DiscordAPIError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    !UNANSWERABLE.has(error.code)
  );
}
