// A button's "moment": which turn of its player, and how many throws into it, the card was drawn at.
// A click whose stamp is not the player's current one is stale (a double click, an old message).
import type { Player } from '../game';

type Moment = Pick<Player, 'turnsTaken' | 'turn'>;

export function turnStamp(player: Moment): string {
  return `${player.turnsTaken}.${player.turn.throwsUsed}`;
}

/**
 * Whether a card stamped `stamp` shows a moment after the player's saved one: a card the saved game never
 * reached (a move shown but not kept), not an old card. False for any stamp from before.
 */
export function stampIsAhead(stamp: string, player: Moment): boolean {
  const [turns, throws] = stamp.split('.').map(Number) as [number, number];
  return turns > player.turnsTaken || (turns === player.turnsTaken && throws > player.turn.throwsUsed);
}
