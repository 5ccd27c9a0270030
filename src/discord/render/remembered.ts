// Parts of a card that a click redraws unchanged. A hold, the commonest click, changes the dice row and a line
// of text; the card's table, its score and its write menus stay as they were. Each part is remembered under a
// key naming everything it is drawn from, so a remembered part is exactly what drawing it again would give.
import type { Card } from '../../game';
import { CATEGORIES } from '../../game';

/** A bounded memory: past `limit` parts the oldest is forgotten (every turn of every game draws new ones). */
export class Remembered<V> {
  private readonly parts = new Map<string, V>();

  constructor(private readonly limit: number) {}

  get(key: string, draw: () => V): V {
    let part = this.parts.get(key);
    if (part === undefined) {
      if (this.parts.size >= this.limit) this.parts.delete(this.parts.keys().next().value!);
      this.parts.set(key, (part = draw()));
    }
    return part;
  }
}

const signatures = new WeakMap<Card, string>();

/**
 * Every cell of a card, written or not, with its dice: two cards with the same signature are the same card.
 * A card is never changed once made (a write makes a new one), so its signature is worked out once.
 */
export function cardSignature(card: Card): string {
  let signature = signatures.get(card);
  if (signature === undefined) signatures.set(card, (signature = signatureOf(card)));
  return signature;
}

function signatureOf(card: Card): string {
  let signature = '';
  for (const column of card.columns) {
    signature += `${column.kind}:`;
    for (const category of CATEGORIES) signature += `${column.cells[category]?.join('') ?? '-'},`;
  }
  return signature;
}
