// A PNG encoder for the picture's opaque pixels: RGB, no row filter, zlib at a low level on libuv's thread pool.
// Skia's own encoder (canvas.encode('png')) tries every row filter at zlib's default level and took about twice
// as long for a 12 % smaller file (`npm run bench -- picture`): the 8-player results picture's goal is p99 ≤ 50 ms.
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
/** zlib level 3: level 6 took about three times as long here for a file 15 % smaller. */
const LEVEL = 3;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

function crc32(bytes: Buffer): number {
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Opaque RGBA pixels (4 bytes each, rows top to bottom) as a PNG of 8-bit RGB. */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const stride = width * 3 + 1;
  const rows = Buffer.allocUnsafe(height * stride);
  let o = 0;
  let p = 0;
  for (let y = 0; y < height; y++) {
    rows[o++] = 0; // filter: none
    for (let x = 0; x < width; x++, p += 4) {
      rows[o++] = rgba[p]!;
      rows[o++] = rgba[p + 1]!;
      rows[o++] = rgba[p + 2]!;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  const pixels = await deflateAsync(rows, { level: LEVEL });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}
