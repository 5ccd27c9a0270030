// `npm run draw-dice`: draws the die-face emojis (src/emoji/draw-die.ts) into assets/dice/<name>.png, the files
// that are checked in and that `npm run deploy-commands` uploads, and docs/PLAYING.md's picture of them
// (docs/images/dice.png: each face plain and held, large and at a button's size, on Discord's dark and light
// backgrounds). Run it after changing the drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { DIE_EMOJIS } from '../emoji/die-names';
import { SOURCE_DICE_DIR } from '../emoji/die-files';
import { drawDie } from '../emoji/draw-die';

const DOCS_PICTURE = new URL('../../docs/images/dice.png', import.meta.url);
const BACKGROUNDS = ['#313338', '#ffffff'];
const [CELL, LARGE, SMALL] = [70, 60, 22];

async function contactSheet(pngs: Buffer[]): Promise<Buffer> {
  const canvas = createCanvas(pngs.length * CELL + 10, BACKGROUNDS.length * (LARGE + SMALL + 20));
  const ctx = canvas.getContext('2d');
  const rowHeight = canvas.height / BACKGROUNDS.length;
  for (const [row, colour] of BACKGROUNDS.entries()) {
    ctx.fillStyle = colour;
    ctx.fillRect(0, row * rowHeight, canvas.width, rowHeight);
    for (const [i, png] of pngs.entries()) {
      const image = await loadImage(png);
      ctx.drawImage(image, 10 + i * CELL, row * rowHeight + 6, LARGE, LARGE);
      ctx.drawImage(image, 10 + i * CELL + (LARGE - SMALL) / 2, row * rowHeight + LARGE + 12, SMALL, SMALL);
    }
  }
  return canvas.toBuffer('image/png');
}

mkdirSync(SOURCE_DICE_DIR, { recursive: true });
const pngs: Buffer[] = [];
for (const die of DIE_EMOJIS) {
  const path = join(SOURCE_DICE_DIR, `${die.name}.png`);
  const png = drawDie(die.face, die.held);
  writeFileSync(path, png);
  pngs.push(png);
  console.log(`${path} (${png.byteLength} bytes)`);
}
writeFileSync(DOCS_PICTURE, await contactSheet(pngs));
console.log(`${DOCS_PICTURE.pathname}`);
