// A control acts only on a message that shows a control of its game (and, for a seat's control, of that seat): a
// person can click only what a message shows, and the clicked message is what the answer draws over. A forged or
// copied id sent against a leaderboard, a results message, another game's card or another seat's card would
// otherwise turn that public message into this game's lobby or this seat's card. A click that reaches Discord
// after its message was edited still finds its game's other controls there; one after the turn collapsed to its
// log line finds none and is told so.
import { UserFacingError } from './context';
import type { ComponentId } from './custom-id';
import { parseCustomId } from './custom-id';

/** Throws "not on this message" for a control clicked on a message that shows nothing of its game or seat. */
export function requireShownHere(message: { components?: unknown } | null | undefined, id: ComponentId | null): void {
  if (!id) return;
  if (!showsControlOf(message?.components, id)) throw UserFacingError.of('refusal.notOnThisMessage');
}

/** Whether any control among `components` (discord.js's or raw API ones, nested at any depth) is of id's game and seat. */
export function showsControlOf(components: unknown, id: ComponentId): boolean {
  return showsCustomId(components, (customId) => sameGameAndSeat(parseCustomId(customId), id));
}

/** Whether any control among `components`, nested at any depth, has a custom_id that `matches`. */
export function showsCustomId(components: unknown, matches: (customId: string) => boolean): boolean {
  if (!Array.isArray(components)) return false;
  return components.some((item: unknown) => {
    if (typeof item !== 'object' || item === null) return false;
    const c = item as { customId?: unknown; custom_id?: unknown; data?: { custom_id?: unknown } };
    const customId = c.customId ?? c.custom_id ?? c.data?.custom_id;
    if (typeof customId === 'string' && matches(customId)) return true;
    const inner = item as { components?: unknown; accessory?: unknown };
    return (
      showsCustomId(inner.components, matches) ||
      (inner.accessory !== undefined && showsCustomId([inner.accessory], matches))
    );
  });
}

function sameGameAndSeat(shown: ComponentId | null, clicked: ComponentId): boolean {
  if (!shown || shown.gameId !== clicked.gameId) return false;
  return !('seat' in clicked) || ('seat' in shown && shown.seat === clicked.seat);
}
