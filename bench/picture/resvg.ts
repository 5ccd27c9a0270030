// The renderer that lost (see picture.bench.ts): the same Drawing as SVG, rasterised by @resvg/resvg-js.
// resvg reads only TrueType/OpenType files by path and @fontsource ships WOFF, so the WOFF tables are
// inflated into a plain font file first (WOFF 1.0: zlib per table). resvg cannot measure text either: the
// layout still measures with the canvas.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import type { Drawing } from '../../src/picture/drawing';

/** A WOFF 1.0 file as the TrueType/OpenType font it wraps. */
function sfntOfWoff(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compressed, length] = [
      woff.readUInt32BE(at + 4),
      woff.readUInt32BE(at + 8),
      woff.readUInt32BE(at + 12),
    ];
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(raw) : raw,
    };
  });
  const head = Buffer.alloc(12 + 16 * count);
  woff.copy(head, 0, 4, 8); // the flavor: TrueType or CFF
  head.writeUInt16BE(count, 4);
  const power = 2 ** Math.floor(Math.log2(count));
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = head.length;
  tables.forEach((t, i) => {
    t.tag.copy(head, 12 + i * 16);
    head.writeUInt32BE(t.checksum, 16 + i * 16);
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(t.data.length, 24 + i * 16);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...bodies]);
}

/** Noto Sans Latin and Greek (Σ), regular and bold, as font files resvg can read. */
export function resvgFontFiles(): string[] {
  const require = createRequire(import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), 'picture-bench-'));
  return ['latin', 'greek'].flatMap((subset) =>
    [400, 700].map((weight) => {
      const name = `noto-sans-${subset}-${weight}-normal`;
      const woff = readFileSync(require.resolve(`@fontsource/noto-sans/files/${name}.woff`));
      const path = join(dir, `${name}.ttf`);
      writeFileSync(path, sfntOfWoff(woff));
      return path;
    }),
  );
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const ANCHOR = { left: 'start', center: 'middle', right: 'end' } as const;

export function svgOf(d: Drawing): string {
  const parts = d.steps.map((s) => {
    if (s.kind === 'rect') {
      const paint = `fill="${s.fill ?? 'none'}" stroke="${s.stroke ?? 'none'}" stroke-width="${s.lineWidth ?? 1}"`;
      return `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${s.radius ?? 0}" ${paint}/>`;
    }
    if (s.kind === 'line') {
      const paint = s.fill ? `fill="${s.fill}"` : `fill="none" stroke="${s.color}" stroke-width="${s.width}"`;
      return `<${s.fill ? 'polygon' : 'polyline'} points="${s.points.join(' ')}" ${paint} stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    const weight = s.bold ? ' font-weight="bold"' : '';
    return `<text x="${s.x}" y="${s.y}" font-size="${s.size}"${weight} fill="${s.color}" text-anchor="${ANCHOR[s.align]}">${escape(s.text)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${d.width}" height="${d.height}"><rect width="100%" height="100%" fill="${d.background}"/><g font-family="Noto Sans">${parts.join('')}</g></svg>`;
}

export function resvgPng(d: Drawing, fontFiles: string[]): Buffer {
  const font = { loadSystemFonts: false, fontFiles, defaultFontFamily: 'Noto Sans' };
  return new Resvg(svgOf(d), { font }).render().asPng();
}
