// The dice drawn large, as SVG: a face as the emojis draw it (src/emoji/draw-die.ts: white die, dark pips; held:
// a dark die in an amber ring), and the tumble of a throw — random faces, turning, then the faces that landed.
// The tumble is short, any click or key ends it at once, and people who ask for reduced motion never see it.
import { TUMBLE_MS } from './board-logic';

const SVG = 'http://www.w3.org/2000/svg';

/** Where the pips of each face sit, in a 100 × 100 die. */
const PIPS: Record<number, Array<[number, number]>> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [28, 28],
    [50, 50],
    [72, 72],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [28, 28],
    [72, 28],
    [50, 50],
    [28, 72],
    [72, 72],
  ],
  6: [
    [28, 25],
    [72, 25],
    [28, 50],
    [72, 50],
    [28, 75],
    [72, 75],
  ],
};

/** One die's drawing; `face` 0 draws an empty place (no throw yet). */
export function drawDie(face: number, held: boolean): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('die-face');
  const body = document.createElementNS(SVG, 'rect');
  for (const [k, v] of Object.entries({ x: 6, y: 6, width: 88, height: 88, rx: 18 })) body.setAttribute(k, String(v));
  body.setAttribute('class', face === 0 ? 'die-body empty' : held ? 'die-body held' : 'die-body');
  svg.append(body);
  for (const [cx, cy] of PIPS[face] ?? []) {
    const pip = document.createElementNS(SVG, 'circle');
    pip.setAttribute('cx', String(cx));
    pip.setAttribute('cy', String(cy));
    pip.setAttribute('r', '8.5');
    pip.setAttribute('class', held ? 'pip held' : 'pip');
    svg.append(pip);
  }
  return svg;
}

/** The Unicode die of a face, for sentences ("Write ⚄ ⚄ ⚃ in …"). */
export function diceText(faces: readonly number[]): string {
  return faces.map((f) => '⚀⚁⚂⚃⚄⚅'[f - 1] ?? '?').join(' ');
}

export interface Tumble {
  /** Resolves when the dice have landed: after TUMBLE_MS, or at once when skipped. */
  done: Promise<void>;
  skip(): void;
}

/**
 * Tumbles the dice at `indices` inside `tray` (its children are the dice's buttons), then calls `land` to draw
 * the real faces. A click or a key anywhere on the page skips to the landing.
 */
export function tumble(tray: HTMLElement, indices: number[], land: () => void): Tumble {
  let finished = false;
  let resolve: () => void = () => undefined;
  const done = new Promise<void>((r) => (resolve = r));
  const spots = indices.map((i) => tray.children[i]).filter((el): el is HTMLElement => el instanceof HTMLElement);
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(shuffle);
    clearTimeout(timer);
    document.removeEventListener('pointerdown', finish, true);
    document.removeEventListener('keydown', finish, true);
    tray.classList.remove('tumbling');
    for (const spot of spots) spot.classList.remove('tumble');
    land();
    resolve();
  };
  tray.classList.add('tumbling');
  for (const spot of spots) spot.classList.add('tumble');
  const shuffle = setInterval(() => {
    for (const spot of spots) spot.replaceChildren(drawDie(1 + Math.floor(Math.random() * 6), false));
  }, 90);
  const timer = setTimeout(finish, TUMBLE_MS);
  // Capture: the skipping click must not also hold a die or write a cell.
  document.addEventListener('pointerdown', finish, true);
  document.addEventListener('keydown', finish, true);
  if (spots.length === 0) finish();
  return { done, skip: finish };
}
