// Draws one die face as a 128×128 PNG (Discord's emoji size) with @napi-rs/canvas. Buttons show emojis at about
// 20 px, on light and dark themes, so the look is flat and bold: big pips, a dark outline around a white die. A
// held die is inverted (a dark die, white pips) inside a thick amber ring, telling it apart by brightness as well
// as colour. `npm run draw-dice` writes the files in assets/dice/; a unit test keeps them equal to this drawing.
import { createCanvas } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { DIE_SIZE } from './die-names';
import type { DieFace } from './die-names';

const INK = '#1e1f22';
const PAPER = '#ffffff';
const HELD_RING = '#f0a500';

/** Pip centres on a 3×3 grid (-1, 0, 1 in each direction) for each face. */
const PIPS: Record<DieFace, Array<[number, number]>> = {
  1: [[0, 0]],
  2: [
    [1, -1],
    [-1, 1],
  ],
  3: [
    [1, -1],
    [0, 0],
    [-1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function roundedSquare(context: SKRSContext2D, inset: number, radius: number): void {
  const size = DIE_SIZE - 2 * inset;
  context.beginPath();
  context.roundRect(inset, inset, size, size, radius);
}

export function drawDie(face: DieFace, held: boolean): Buffer {
  const canvas = createCanvas(DIE_SIZE, DIE_SIZE);
  const context = canvas.getContext('2d');
  const centre = DIE_SIZE / 2;
  if (held) {
    roundedSquare(context, 2, 26);
    context.fillStyle = HELD_RING;
    context.fill();
    roundedSquare(context, 15, 15);
    context.fillStyle = INK;
    context.fill();
  } else {
    roundedSquare(context, 5, 22);
    context.fillStyle = PAPER;
    context.fill();
    context.lineWidth = 8;
    context.strokeStyle = INK;
    context.stroke();
  }
  // A held die's face is smaller (inside its ring): its pips sit closer together, the same size.
  const spread = held ? 29 : 33;
  const radius = held ? 11 : 12.5;
  context.fillStyle = held ? PAPER : INK;
  for (const [x, y] of PIPS[face]) {
    context.beginPath();
    context.arc(centre + x * spread, centre + y * spread, radius, 0, 2 * Math.PI);
    context.fill();
  }
  return canvas.toBuffer('image/png');
}
