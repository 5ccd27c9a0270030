// Every custom_id the bot puts on a button or select, in one versioned codec. A custom_id is the only
// state a component carries, so it names the game, the seat whose card it is, and the moment of the turn
// it was drawn for (the stamp): the game itself is always loaded from the database on a click, and a
// click on an old message is recognised as stale. Old formats stay parseable when a new version is added.
//
// Format (version 1): `o1:<action>:<gameId>[:<seat>:<stamp>[:<arg>[:<held>]]]`, at most 100 characters.
// A hold button carries the state the click asks for (`1` hold, `0` release), so a double click holds once;
// hold buttons drawn before that part existed (no `<held>`) still work, as a toggle.
import { CATEGORIES } from '../game';
import type { Category } from '../game';

export const CUSTOM_ID_VERSION = 'o1';
export const MAX_CUSTOM_ID_LENGTH = 100;

export type LobbyAction = 'join' | 'leave' | 'start' | 'cancel' | 'addbot' | 'removebot';

export type ComponentId =
  | { action: LobbyAction; gameId: number }
  | { action: 'throw' | 'hint' | 'declare' | 'write' | 'predict'; gameId: number; seat: number; stamp: string }
  | { action: 'hold'; gameId: number; seat: number; stamp: string; die: number; held?: boolean }
  | { action: 'analysis'; gameId: number };

const LOBBY_ACTIONS: readonly string[] = ['join', 'leave', 'start', 'cancel', 'addbot', 'removebot'];
const TURN_ACTIONS: readonly string[] = ['throw', 'hint', 'declare', 'write', 'predict'];
const STAMP = /^\d{1,3}\.\d$/;

export function encodeCustomId(id: ComponentId): string {
  const parts: (string | number)[] = [CUSTOM_ID_VERSION, id.action, id.gameId];
  if ('seat' in id) parts.push(id.seat, id.stamp);
  if (id.action === 'hold') {
    parts.push(id.die);
    if (id.held !== undefined) parts.push(id.held ? 1 : 0);
  }
  const text = parts.join(':');
  if (text.length > MAX_CUSTOM_ID_LENGTH) throw new Error(`custom_id too long: ${text.length}`);
  return text;
}

/** The typed meaning of a custom_id, or null when it is not one of ours (forged, truncated, unknown). */
export function parseCustomId(text: string): ComponentId | null {
  if (text.length > MAX_CUSTOM_ID_LENGTH) return null;
  const parts = text.split(':');
  if (parts[0] !== CUSTOM_ID_VERSION) return null;
  const [, action = '', gameText = '', seatText, stamp, argText, heldText] = parts;
  const gameId = wholeNumber(gameText);
  if (gameId === null) return null;
  if (LOBBY_ACTIONS.includes(action) || action === 'analysis') {
    return parts.length === 3 ? { action: action as LobbyAction | 'analysis', gameId } : null;
  }
  const seat = wholeNumber(seatText ?? '');
  if (seat === null || seat > 7 || stamp === undefined || !STAMP.test(stamp)) return null;
  if (TURN_ACTIONS.includes(action)) {
    return parts.length === 5 ? { action: action as 'throw', gameId, seat, stamp } : null;
  }
  if (action === 'hold') {
    const die = wholeNumber(argText ?? '');
    if (die === null || die >= 5) return null;
    if (parts.length === 6) return { action, gameId, seat, stamp, die };
    return parts.length === 7 && (heldText === '0' || heldText === '1')
      ? { action, gameId, seat, stamp, die, held: heldText === '1' }
      : null;
  }
  return null;
}

function wholeNumber(text: string): number | null {
  return /^\d{1,9}$/.test(text) ? Number(text) : null;
}

// Select menu option values: a cell is `<column>.<category>`, a column or a prediction a plain number.

export function encodeCellValue(column: number, category: Category): string {
  return `${column}.${category}`;
}

export function parseCellValue(value: string): { column: number; category: Category } | null {
  const match = /^(\d)\.([a-z]+)$/.exec(value);
  if (!match) return null;
  const category = CATEGORIES.find((c) => c === match[2]);
  return category ? { column: Number(match[1]), category } : null;
}

export function parseSmallNumber(value: string): number | null {
  return /^\d{1,2}$/.test(value) ? Number(value) : null;
}
