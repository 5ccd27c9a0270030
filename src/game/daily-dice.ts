// The daily challenge's dice: every die's face is a function of the day and its place in the game (the
// player's turn, the throw within it, the die), read from a keyed hash the caller supplies (the service's
// HMAC-SHA256 with a server-side secret). So the same choices give the same dice to everyone that day, and
// nobody without the key can work out a die before it is thrown. Pure: the key never comes here.
import type { Dice, Face } from './dice';
import { DICE_COUNT } from './dice';
import type { GameState } from './state';
import type { Rng } from './rng';

/** A keyed hash of a text: at least one byte, the same bytes for the same text (HMAC-SHA256 in the bot). */
export type KeyedHash = (message: string) => Uint8Array;

/** Where a die lies in a day's game: the player's turn (0 first), the throw of that turn (0 first), the die (0–4). */
export interface DicePosition {
  readonly day: string;
  readonly turn: number;
  readonly throwNo: number;
  readonly die: number;
}

/** The text the key hashes for a die: "<YYYY-MM-DD>:<turn>:<throw>:<die>". */
export function positionLabel(p: DicePosition): string {
  return `${p.day}:${p.turn}:${p.throwNo}:${p.die}`;
}

/** The largest multiple of 6 a byte can hold: bytes from here up are skipped, so every face is equally likely. */
const FAIR_BYTES = 252;

/**
 * The face of the die at `p`: the first byte of the hash below 252, modulo 6. Should every byte be 252 or
 * more (a chance of (4/256)^32), the label is hashed again with a counter, so there is always an answer.
 */
export function dailyFace(hash: KeyedHash, p: DicePosition): Face {
  const label = positionLabel(p);
  for (let round = 0; ; round++) {
    for (const byte of hash(round === 0 ? label : `${label}#${round}`)) {
      if (byte < FAIR_BYTES) return ((byte % 6) + 1) as Face;
    }
  }
}

/** A whole throw at a position: held dice keep their faces, the others get the faces of their positions. */
export function dailyThrow(
  hash: KeyedHash,
  at: { day: string; turn: number; throwNo: number },
  previous: Dice | null,
  held: readonly boolean[],
): Dice {
  const dice: Face[] = [];
  for (let die = 0; die < DICE_COUNT; die++)
    dice.push(previous && held[die] ? previous[die]! : dailyFace(hash, { ...at, die }));
  return dice as unknown as Dice;
}

/**
 * The dice source for a seat's next throw on `day`: `throwEvent` and `timeoutEvent` ask it for one face per
 * die they throw, in die order, leaving held dice out; it answers each with the face of that die's position.
 * Made afresh for each throw, from the state the throw is made in.
 */
export function dailyRng(hash: KeyedHash, day: string, state: GameState, seat: number): Rng {
  const player = state.players[seat];
  if (!player) throw new Error(`no seat ${seat}`);
  const { dice, held, throwsUsed } = player.turn;
  const thrown = [...Array(DICE_COUNT).keys()].filter((die) => !(dice && held[die]));
  let next = 0;
  return {
    face() {
      const die = thrown[next++];
      if (die === undefined) throw new Error('a throw has only five dice');
      return dailyFace(hash, { day, turn: player.turnsTaken, throwNo: throwsUsed, die });
    },
  };
}
