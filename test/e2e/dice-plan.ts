// Turns planned on seeded dice: with OLATHE_DICE_SEED the bot draws every die it throws from one seeded
// stream (src/game/rng.ts), one face per die not held, in die order. A test that plays turns one after
// another (no computer players, no timeouts) therefore knows each face before it falls, and can choose
// what to hold so that a turn ends in five of a kind — computed here from the project's own generator
// rather than from magic numbers.
import type { Face } from '../../src/game';
import { DICE_COUNT, isFiveOfAKind, seededRng } from '../../src/game';

/** The faces the bot will draw, from a position on: a fresh bot process starts again at 0. */
export class FaceStream {
  private readonly faces: Face[] = [];
  private readonly rng;

  constructor(readonly seed: string) {
    this.rng = seededRng(seed);
  }

  at(index: number): Face {
    while (this.faces.length <= index) this.faces.push(this.rng.face());
    return this.faces[index]!;
  }
}

/** One throw of a planned turn: the dice held before it (none before the first), and the dice it shows. */
export interface PlannedThrow {
  hold: number[];
  dice: Face[];
}

export interface TurnPlan {
  throws: PlannedThrow[];
  /** True when the last throw (and only it) is five of a kind: the shout. Else no throw of the turn is. */
  five: boolean;
  /** The stream position after the turn. */
  end: number;
}

/** The shortest way (fewest throws) to five of a kind this turn, else a single throw. */
export function planTurn(stream: FaceStream, start: number, throwsPerTurn: number): TurnPlan {
  const first: PlannedThrow = { hold: [], dice: draw(stream, start, null, []) };
  for (let throws = 1; throws <= throwsPerTurn; throws++) {
    const found = search(stream, start + DICE_COUNT, [first], throws - 1);
    if (found) return { ...found, five: true };
  }
  return { throws: [first], five: false, end: start + DICE_COUNT };
}

function search(
  stream: FaceStream,
  position: number,
  done: PlannedThrow[],
  throwsLeft: number,
): { throws: PlannedThrow[]; end: number } | null {
  const dice = done.at(-1)!.dice;
  if (isFiveOfAKind(dice)) return throwsLeft === 0 ? { throws: done, end: position } : null;
  if (throwsLeft === 0) return null;
  for (const hold of holdsWorthTrying(dice)) {
    const next = draw(stream, position, dice, hold);
    const found = search(stream, position + DICE_COUNT - hold.length, [...done, { hold, dice: next }], throwsLeft - 1);
    if (found) return found;
  }
  return null;
}

/** The dice after a throw: held ones stay, the others take the next faces in die order (as throwEvent). */
function draw(stream: FaceStream, position: number, previous: Face[] | null, hold: number[]): Face[] {
  let next = position;
  return Array.from({ length: DICE_COUNT }, (_, die) =>
    previous && hold.includes(die) ? previous[die]! : stream.at(next++),
  );
}

/**
 * Five of a kind can only come from dice held that all show one face; holding fewer of them than shown is
 * worth trying too, since it changes which faces the thrown dice take.
 */
function holdsWorthTrying(dice: Face[]): number[][] {
  const holds: number[][] = [[]];
  for (let face = 1; face <= 6; face++) {
    const showing = dice.flatMap((f, die) => (f === face ? [die] : []));
    for (let mask = 1; mask < 1 << showing.length; mask++) {
      const hold = showing.filter((_, i) => mask & (1 << i));
      if (hold.length < DICE_COUNT) holds.push(hold);
    }
  }
  return holds;
}

/**
 * `shouts` turns that end in five of a kind, with as few turns between them as the stream allows (null if
 * more than `maxGap` would be needed): a turn that cannot end in one is played so that it uses a number of
 * faces after which a later turn can.
 */
export function planShouts(
  stream: FaceStream,
  start: number,
  throwsPerTurn: number,
  shouts: number,
  maxGap = 5,
): TurnPlan[] | null {
  const plans: TurnPlan[] = [];
  for (let shouted = 0; shouted < shouts; shouted++) {
    const path = shortestToFive(stream, plans.at(-1)?.end ?? start, throwsPerTurn, maxGap + 1);
    if (!path) return null;
    plans.push(...path);
  }
  return plans;
}

function shortestToFive(stream: FaceStream, start: number, throwsPerTurn: number, maxTurns: number): TurnPlan[] | null {
  let level = new Map<number, TurnPlan[]>([[start, []]]);
  for (let turns = 1; turns <= maxTurns; turns++) {
    const next = new Map<number, TurnPlan[]>();
    for (const [position, path] of level) {
      const plan = planTurn(stream, position, throwsPerTurn);
      if (plan.five) return [...path, plan];
      for (const filler of fillers(stream, position, throwsPerTurn))
        if (!next.has(filler.end)) next.set(filler.end, [...path, filler]);
    }
    level = next;
  }
  return null;
}

/** Turns without five of a kind in any throw, by how many faces they use: one throw, or more holding the first dice. */
function fillers(stream: FaceStream, start: number, throwsPerTurn: number): TurnPlan[] {
  const plans: TurnPlan[] = [];
  const extend = (throws: PlannedThrow[], position: number): void => {
    const dice = throws.at(-1)!.dice;
    if (isFiveOfAKind(dice)) return;
    plans.push({ throws, five: false, end: position });
    if (throws.length === throwsPerTurn) return;
    for (let held = 0; held < DICE_COUNT; held++) {
      const hold = Array.from({ length: held }, (_, die) => die);
      extend([...throws, { hold, dice: draw(stream, position, dice, hold) }], position + DICE_COUNT - held);
    }
  };
  extend([{ hold: [], dice: draw(stream, start, null, []) }], start + DICE_COUNT);
  return plans;
}
