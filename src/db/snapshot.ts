// The game snapshot stored on the game row: the engine's GameState as JSON, except that each card is one
// short string and the options (stored in their own column) are left out. Cards are most of a state; as
// text they make the row about a third of the size, which is less to read, parse, write and checkpoint on
// every click. Everything else passes through as it is, so a new engine field is kept without a change here;
// the round-trip test (decode(encode(s)) equals s) guards the card format.
import type { Card, Cells, Column, Dice, GameOptions, GameState } from '../game';
import { CATEGORIES } from '../game';

/** An empty cell: the same width as five dice, so a row keeps its size as the card fills. */
const EMPTY = '.....';
const COLUMN_SEPARATOR = '|';
const DOT = '.'.charCodeAt(0);
const ZERO = '0'.charCodeAt(0);
const CELLS = CATEGORIES.length;

/** A card as text: per column its seven cells top to bottom, five digits each or "....." — "44123.....66666…|…". */
export function cardText(card: Card): string {
  let text = '';
  for (let i = 0; i < card.columns.length; i++) {
    if (i > 0) text += COLUMN_SEPARATOR;
    const cells = card.columns[i]!.cells;
    for (const category of CATEGORIES) {
      const d = cells[category];
      text += d ? `${d[0]}${d[1]}${d[2]}${d[3]}${d[4]}` : EMPTY;
    }
  }
  return text;
}

export function cardFromText(text: string, options: GameOptions): Card {
  const step = CELLS * 5 + 1;
  const count = options.columns.length;
  if (text.length !== count * step - 1) throw new Error(`bad card text: ${text}`);
  const columns: Column[] = [];
  for (let i = 0; i < count; i++) {
    const at = i * step;
    // A literal, not a loop over CATEGORIES: every cells object gets the same shape, which V8 reads fastest.
    const cells: Cells = {
      fours: cellAt(text, at),
      fives: cellAt(text, at + 5),
      sixes: cellAt(text, at + 10),
      straight: cellAt(text, at + 15),
      house: cellAt(text, at + 20),
      choice: cellAt(text, at + 25),
      olathe: cellAt(text, at + 30),
    };
    columns.push({ kind: options.columns[i]!, cells });
  }
  return { columns };
}

function cellAt(text: string, at: number): Dice | null {
  if (text.charCodeAt(at) === DOT) return null;
  return [
    text.charCodeAt(at) - ZERO,
    text.charCodeAt(at + 1) - ZERO,
    text.charCodeAt(at + 2) - ZERO,
    text.charCodeAt(at + 3) - ZERO,
    text.charCodeAt(at + 4) - ZERO,
  ] as unknown as Dice;
}

export function encodeState(state: GameState): string {
  const { options: _stored, ...rest } = state;
  return JSON.stringify({ ...rest, players: state.players.map((p) => ({ ...p, card: cardText(p.card) })) });
}

export function decodeState(text: string, options: GameOptions): GameState {
  const raw = JSON.parse(text) as Omit<GameState, 'options' | 'players'> & { players: Array<GameState['players'][number] & { card: string }> };
  return { ...raw, options, players: raw.players.map((p) => ({ ...p, card: cardFromText(p.card, options) })) };
}
