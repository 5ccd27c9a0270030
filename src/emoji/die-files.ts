// Where the die-face PNGs are read at run time: beside the bundle when this code runs built (dist/dice/, copied
// there by scripts/build.mjs), else the project's assets/dice/ two folders above src/emoji/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIE_EMOJIS } from './die-names';
import type { DieEmojiSpec } from './die-names';

/** assets/dice/ of the project (what `npm run draw-dice` writes). */
export const SOURCE_DICE_DIR = fileURLToPath(new URL('../../assets/dice/', import.meta.url));

export const DICE_DIR = [fileURLToPath(new URL('./dice/', import.meta.url)), SOURCE_DICE_DIR].find((dir) =>
  existsSync(dir),
);

export interface DieImage extends DieEmojiSpec {
  png: Buffer;
}

/** The twelve drawings as checked in; throws naming the folder when one is missing. */
export function readDieImages(dir: string | undefined = DICE_DIR): DieImage[] {
  if (dir === undefined) throw new Error('no dice/ folder beside the program nor assets/dice/ in the project');
  return DIE_EMOJIS.map((die) => ({ ...die, png: readFileSync(join(dir, `${die.name}.png`)) }));
}
