// Parts of a card that a click redraws unchanged. A hold, the commonest click, changes the dice row and a line
// of text; the card's table, its score and its write menus stay as they were. Each part is remembered under a
// key naming everything it is drawn from, so a remembered part is exactly what drawing it again would give.
import type { Card } from '../../game';
import { CATEGORIES } from '../../game';

/**
 * The latest part drawn for each owner (a seat of a game), with the key it was drawn under: drawn again when
 * the key changes (the card moved on), so only what is on screen now is kept. Past `limit` owners the one
 * drawn longest ago is forgotten.
 */
export class Remembered<V> {
  private readonly parts = new Map<string, { key: string; part: V }>();

  constructor(private readonly limit: number) {}

  get(owner: string, key: string, draw: () => V): V {
    const kept = this.parts.get(owner);
    if (kept?.key === key) return kept.part;
    this.parts.delete(owner);
    if (this.parts.size >= this.limit) this.parts.delete(this.parts.keys().next().value!);
    const part = draw();
    this.parts.set(owner, { key, part });
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
