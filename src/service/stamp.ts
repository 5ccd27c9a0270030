// A button's "moment": which turn of its player, and how many throws into it, the card was drawn at.
// A click whose stamp is not the player's current one is stale (a double click, an old message).
import type { Player } from '../game';

export function turnStamp(player: Pick<Player, 'turnsTaken' | 'turn'>): string {
  return `${player.turnsTaken}.${player.turn.throwsUsed}`;
}
