// Every custom_id the bot puts on a button or select, in one versioned codec. A custom_id is the only
// state a component carries, so it names the game, the seat whose card it is, and the moment of the turn
// it was drawn for (the stamp): the game itself is always loaded from the database on a click, and a
// click on an old message is recognised as stale. Old formats stay parseable when a new version is added.
//
// Format (version 1): `o1:<action>:<gameId>[:<seat>:<stamp>[:<arg>[:<held>]]]`, at most 100 characters.
// A hold button carries the state the click asks for (`1` hold, `0` release), so a double click holds once;
// hold buttons drawn before that part existed (no `<held>`) still work, as a toggle. A second cell menu on
// one card (Balut's other columns) carries its number as `<arg>`, since custom_ids must differ within a
// message; the first menu has none, as before. A hint's Apply and its confirmation carry the move as `<arg>`:
// `h01100` (hold these dice), `w2.sixes` (write), `d1` (declare), `t` (throw).
// A tournament's sign-up buttons are a namespace of their own, `o1:t:<action>:<tournamentId>`: they name a
// tournament, never a game, so parseCustomId leaves them to parseTournamentControl.
import { CATEGORIES } from '../game';
import type { Category } from '../game';

export const CUSTOM_ID_VERSION = 'o1';
export const MAX_CUSTOM_ID_LENGTH = 100;

export type LobbyAction = 'join' | 'leave' | 'start' | 'cancel' | 'addbot' | 'removebot';

/** A move a hint suggests, as its Apply button carries it. */
export type HintMove =
  | { kind: 'hold'; held: boolean[] }
  | { kind: 'write'; column: number; category: Category }
  | { kind: 'declare'; column: number }
  | { kind: 'throw' };

export type ComponentId =
  | { action: LobbyAction; gameId: number }
  | { action: 'throw' | 'hint' | 'declare' | 'predict'; gameId: number; seat: number; stamp: string }
  | { action: 'write'; gameId: number; seat: number; stamp: string; menu?: number }
  | { action: 'hold'; gameId: number; seat: number; stamp: string; die: number; held?: boolean }
  | { action: 'apply' | 'confirm'; gameId: number; seat: number; stamp: string; move: HintMove }
  | { action: 'analysis'; gameId: number }
  // Where the bot is not a member, a Balut table's button that shows the clicker their own card, privately.
  | { action: 'mycard'; gameId: number }
  // Where the bot is not a member, the lobby's button of a game in play: its messages drawn again.
  | { action: 'refresh'; gameId: number }
  // The results' Rematch button: opens (or points to) the game's rematch lobby.
  | { action: 'rematch'; gameId: number }
  // 🎲 Open the board, on the lobby and the cards when the bot serves the Activity: opens it in the channel.
  | { action: 'open-board'; gameId: number };

const LOBBY_ACTIONS: readonly string[] = ['join', 'leave', 'start', 'cancel', 'addbot', 'removebot'];
type GameAction = LobbyAction | 'analysis' | 'rematch' | 'mycard' | 'refresh' | 'open-board';
/** Actions that name only the game. */
const GAME_ACTIONS: readonly string[] = [...LOBBY_ACTIONS, 'analysis', 'rematch', 'mycard', 'refresh', 'open-board'];
const TURN_ACTIONS: readonly string[] = ['throw', 'hint', 'declare', 'write', 'predict'];
const STAMP = /^\d{1,3}\.\d$/;

export function encodeCustomId(id: ComponentId): string {
  const parts: (string | number)[] = [CUSTOM_ID_VERSION, id.action, id.gameId];
  if ('seat' in id) parts.push(id.seat, id.stamp);
  if (id.action === 'hold') {
    parts.push(id.die);
    if (id.held !== undefined) parts.push(id.held ? 1 : 0);
  }
  if (id.action === 'write' && id.menu !== undefined) parts.push(id.menu);
  if (id.action === 'apply' || id.action === 'confirm') parts.push(encodeMove(id.move));
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
  if (GAME_ACTIONS.includes(action)) {
    return parts.length === 3 ? { action: action as GameAction, gameId } : null;
  }
  const seat = wholeNumber(seatText ?? '');
  if (seat === null || seat > 7 || stamp === undefined || !STAMP.test(stamp)) return null;
  if (action === 'write' && parts.length === 6) {
    return /^[2-9]$/.test(argText ?? '') ? { action, gameId, seat, stamp, menu: Number(argText) } : null;
  }
  if (TURN_ACTIONS.includes(action)) {
    return parts.length === 5 ? { action: action as 'throw', gameId, seat, stamp } : null;
  }
  if (action === 'apply' || action === 'confirm') {
    const move = parts.length === 6 ? parseMove(argText ?? '') : null;
    return move ? { action, gameId, seat, stamp, move } : null;
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

function encodeMove(move: HintMove): string {
  switch (move.kind) {
    case 'hold':
      return `h${move.held.map((h) => (h ? 1 : 0)).join('')}`;
    case 'write':
      return `w${encodeCellValue(move.column, move.category)}`;
    case 'declare':
      return `d${move.column}`;
    case 'throw':
      return 't';
  }
}

function parseMove(text: string): HintMove | null {
  if (text === 't') return { kind: 'throw' };
  if (/^h[01]{5}$/.test(text)) return { kind: 'hold', held: [...text.slice(1)].map((c) => c === '1') };
  if (/^d\d$/.test(text)) return { kind: 'declare', column: Number(text[1]) };
  const cell = text.startsWith('w') ? parseCellValue(text.slice(1)) : null;
  return cell ? { kind: 'write', ...cell } : null;
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

/** The sign-up message's buttons: Join, Leave, and the host's Start now. */
export const TOURNAMENT_ACTIONS = ['join', 'leave', 'start'] as const;
export type TournamentAction = (typeof TOURNAMENT_ACTIONS)[number];
export interface TournamentControl {
  action: TournamentAction;
  tournamentId: number;
}
const TOURNAMENT_NAMESPACE = 't';

export function encodeTournamentControl(id: TournamentControl): string {
  return [CUSTOM_ID_VERSION, TOURNAMENT_NAMESPACE, id.action, id.tournamentId].join(':');
}

/** The typed meaning of a tournament's custom_id, or null when it is not one (a game's, forged, unknown). */
export function parseTournamentControl(text: string): TournamentControl | null {
  if (text.length > MAX_CUSTOM_ID_LENGTH) return null;
  const parts = text.split(':');
  if (parts.length !== 4 || parts[0] !== CUSTOM_ID_VERSION || parts[1] !== TOURNAMENT_NAMESPACE) return null;
  const action = TOURNAMENT_ACTIONS.find((a) => a === parts[2]);
  const tournamentId = wholeNumber(parts[3] ?? '');
  return action && tournamentId !== null ? { action, tournamentId } : null;
}

export function parseSmallNumber(value: string): number | null {
  return /^\d{1,2}$/.test(value) ? Number(value) : null;
}
