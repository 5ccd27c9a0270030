// A lobby's buttons answer by drawing the lobby over the message clicked, so they act only on a message that shows a
// control of their game: a forged Join sent against a leaderboard, a results message or another game's card would
// otherwise turn that public message into this game's lobby. Turn controls are checked by the service (the seat,
// the stamp) and hint controls by hint-replies.ts.
import { UserFacingError } from './context';
import type { ComponentId, LobbyAction } from './custom-id';
import { parseCustomId } from './custom-id';

const LOBBY_ACTIONS: ReadonlySet<string> = new Set<LobbyAction>([
  'join',
  'leave',
  'start',
  'cancel',
  'addbot',
  'removebot',
]);

/** Throws "unknown control" for a lobby action clicked on a message that shows nothing of its game. */
export function requireLobbyHere(message: { components?: unknown } | null | undefined, id: ComponentId | null): void {
  if (!id || !LOBBY_ACTIONS.has(id.action)) return;
  if (!showsGame(message?.components, id.gameId)) throw UserFacingError.of('refusal.unknownControl');
}

/** Whether any control among `components` (discord.js's or raw API ones, nested at any depth) names the game. */
export function showsGame(components: unknown, gameId: number): boolean {
  if (!Array.isArray(components)) return false;
  return components.some((item: unknown) => {
    if (typeof item !== 'object' || item === null) return false;
    const c = item as { customId?: unknown; custom_id?: unknown; data?: { custom_id?: unknown } };
    const customId = c.customId ?? c.custom_id ?? c.data?.custom_id;
    if (typeof customId === 'string' && parseCustomId(customId)?.gameId === gameId) return true;
    const inner = item as { components?: unknown; accessory?: unknown };
    return (
      showsGame(inner.components, gameId) || (inner.accessory !== undefined && showsGame([inner.accessory], gameId))
    );
  });
}
