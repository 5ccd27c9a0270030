// Where dice values come from. Fair by default (crypto.randomInt); a seeded source only for tests,
// replays, benchmarks and the simulator, so a run can be repeated exactly.
import { randomInt } from 'node:crypto';
import type { Face } from './dice';

export interface Rng {
  /** A uniformly random face 1–6. */
  face(): Face;
}

export const cryptoRng: Rng = {
  face: () => randomInt(1, 7) as Face,
};

/** A small, fast, seedable generator (sfc32). Not for real games: `cryptoRng` is. */
export function seededRng(seed: number | string): Rng {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return r >>> 0;
  };
  for (let i = 0; i < 16; i++) next(); // mix the seed in before use
  return {
    // Rejection sampling keeps the six faces exactly equally likely.
    face() {
      const limit = 0x100000000 - (0x100000000 % 6);
      let x = next();
      while (x >= limit) x = next();
      return ((x % 6) + 1) as Face;
    },
  };
}

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A source that returns the given faces in order, then fails: for tests that force a throw. */
export function scriptedRng(faces: readonly number[]): Rng {
  let i = 0;
  return {
    face() {
      if (i >= faces.length) throw new Error('scriptedRng ran out of faces');
      return faces[i++] as Face;
    },
  };
}
