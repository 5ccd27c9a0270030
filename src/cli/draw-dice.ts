// `npm run draw-dice`: draws the die-face emojis (src/emoji/draw-die.ts) into assets/dice/<name>.png, the files
// that are checked in and that `npm run deploy-commands` uploads. Run it after changing the drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIE_EMOJIS } from '../emoji/die-names';
import { SOURCE_DICE_DIR } from '../emoji/die-files';
import { drawDie } from '../emoji/draw-die';

mkdirSync(SOURCE_DICE_DIR, { recursive: true });
for (const die of DIE_EMOJIS) {
  const path = join(SOURCE_DICE_DIR, `${die.name}.png`);
  const png = drawDie(die.face, die.held);
  writeFileSync(path, png);
  console.log(`${path} (${png.byteLength} bytes)`);
}
