// The picture's PNG encoder: chunks a decoder accepts (lengths, CRCs), 8-bit RGB, and the canvas's pixels in the
// right order (Skia's RGBA read as red, green, blue: a swapped channel would turn the winner's gold blue).
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { paintPng } from '../../../src/picture/paint';

interface Chunk {
  type: string;
  data: Buffer;
}

function chunks(png: Buffer): Chunk[] {
  const found: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    found.push({ type, data });
    at += 12 + length;
  }
  return found;
}

describe('encodePng', () => {
  it('writes IHDR, IDAT and IEND with good CRCs, and each pixel as its red, green and blue', async () => {
    const png = await paintPng({
      width: 3,
      height: 2,
      background: '#0000ff',
      steps: [
        { kind: 'rect', x: 0, y: 0, w: 1, h: 2, fill: '#ff0000' },
        { kind: 'rect', x: 1, y: 0, w: 1, h: 1, fill: '#00ff00' },
      ],
    });
    const [header, pixels, end] = chunks(png);
    expect([header?.type, pixels?.type, end?.type]).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([...header!.data]).toEqual([0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
    const rows = [...inflateSync(pixels!.data)];
    expect(rows).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]);
  });
});
