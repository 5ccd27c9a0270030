// Dice seeds that make an end-to-end test's story happen (the bot's dice are seeded by OLATHE_DICE_SEED).
import { seededRng } from '../../src/game';

/** A seed whose first five faces are equal: the bot's first throw with it is five of a kind. */
export function fiveOfAKindSeed(): string {
  for (let i = 0; ; i++) {
    const rng = seededRng(`shout-${i}`);
    const faces = Array.from({ length: 5 }, () => rng.face());
    if (faces.every((f) => f === faces[0])) return `shout-${i}`;
  }
}
