// The die-face PNGs checked in (assets/dice/) are what src/emoji/draw-die.ts draws now: nobody changes the drawing
// without running `npm run draw-dice`, nor a file by hand. And samePicture tells a changed face from a re-encode.
import { readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { SOURCE_DICE_DIR, readDieImages } from '../../../src/emoji/die-files';
import { DIE_EMOJIS, DIE_SIZE, dieEmojiName } from '../../../src/emoji/die-names';
import { drawDie } from '../../../src/emoji/draw-die';
import { samePicture } from '../../../src/emoji/same-picture';

describe('die drawings', () => {
  it('are twelve files named die_1 … die_6 and die_1_held … die_6_held, and nothing else', () => {
    expect(DIE_EMOJIS.map((d) => d.name)).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((f) => `die_${f}`),
      ...[1, 2, 3, 4, 5, 6].map((f) => `die_${f}_held`),
    ]);
    expect(readdirSync(SOURCE_DICE_DIR).sort()).toEqual(DIE_EMOJIS.map((d) => `${d.name}.png`).sort());
  });

  it.each(DIE_EMOJIS.map((d) => [d.name, d] as const))(
    '%s checked in is what the drawing code draws now (run `npm run draw-dice` after changing it)',
    async (_name, die) => {
      const checkedIn = readDieImages().find((d) => d.name === die.name)!;
      const image = await loadImage(checkedIn.png);
      expect([image.width, image.height]).toEqual([DIE_SIZE, DIE_SIZE]);
      expect(await samePicture(checkedIn.png, drawDie(die.face, die.held))).toBe(true);
    },
  );

  it('draws every face differently, and a held die differently from its plain one', async () => {
    const drawn = DIE_EMOJIS.map((d) => drawDie(d.face, d.held));
    for (let i = 0; i < drawn.length; i++)
      for (let j = i + 1; j < drawn.length; j++) expect(await samePicture(drawn[i]!, drawn[j]!)).toBe(false);
    expect(dieEmojiName(3, true)).toBe('die_3_held');
  });

  it('takes the same pixels in other bytes as the same picture, and a different size as different', async () => {
    const png = drawDie(5, false);
    // A text chunk before IEND, as a CDN adding metadata would: other bytes, the same pixels.
    const chunk = Buffer.concat([Buffer.from('tEXt'), Buffer.from('Comment\0served again')]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(chunk.length - 4);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(chunk));
    const withText = Buffer.concat([
      png.subarray(0, png.length - 12),
      length,
      chunk,
      crc,
      png.subarray(png.length - 12),
    ]);
    expect(withText.equals(png)).toBe(false);
    expect(await samePicture(png, withText)).toBe(true);
    const small = createCanvas(64, 64);
    small.getContext('2d').drawImage(await loadImage(png), 0, 0, 64, 64);
    expect(await samePicture(png, small.toBuffer('image/png'))).toBe(false);
  });
});
