// The picture's fonts: names in Chinese, Japanese kana, Korean, Arabic, Hebrew, Thai and emoji draw glyphs from
// the project's own fonts, not the missing-glyph box nor the machine's fonts; files are registered only when a
// text needs them; the container image keeps exactly the files the picture may load.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Drawing } from '../../../src/picture/drawing';
import { fitText } from '../../../src/picture/drawing';
import { FONT_LIST, allFontFiles, parseUnicodeRange } from '../../../src/picture/fonts';
import { canvasMeasure, paintCanvas } from '../../../src/picture/paint';
import { ROOT } from '../../support/project';

const { keptFontFiles } = (await import(pathToFileURL(join(ROOT, 'scripts', 'prune-fonts.mjs')).href)) as {
  keptFontFiles: (root: string) => string[];
};

const SIZE = 28;
const registered = () => new Set(GlobalFonts.families.map((f) => f.family));

/** `text` in the picture's painter, alone on a small white canvas: its RGBA pixels. */
function painted(text: string): Buffer {
  const drawing: Drawing = {
    width: 260,
    height: 48,
    background: '#ffffff',
    steps: [{ kind: 'text', x: 8, y: 36, text, size: SIZE, bold: true, color: '#000000', align: 'left' }],
  };
  return Buffer.from(paintCanvas(drawing).data());
}

/** `text` drawn with a CSS font family list of our choosing, as `painted` draws it. */
function drawnWith(text: string, families: string): Buffer {
  const canvas = createCanvas(260, 48);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 260, 48);
  ctx.font = `bold ${SIZE}px ${families}`;
  ctx.fillStyle = '#000000';
  ctx.fillText(text, 8, 36);
  return Buffer.from(canvas.data());
}

/** The ink: pixels that are not the white background. */
const inked = (pixels: Buffer) => {
  let n = 0;
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 250 || pixels[i + 1]! < 250) n++;
  return n;
};

// Single words: within one word every character comes from the script's family (a space would come from Sans).
const NAMES = [
  ['Chinese', '王小明', 'Olathe CJK'],
  ['Japanese kana', 'さくらカナ', 'Olathe CJK'],
  ['Korean Hangul', '김민준', 'Olathe Korean'],
  ['Arabic', 'محمد', 'Olathe Arabic'],
  ['Hebrew', 'שלום', 'Olathe Hebrew'],
  ['Thai', 'สมชาย', 'Olathe Thai'],
  ['an emoji', '🎲', 'Olathe Emoji'],
  ['an emoji ZWJ sequence', '👨‍👩‍👧', 'Olathe Emoji'],
] as const;

describe('the picture fonts', () => {
  // First in the file: the process has drawn nothing yet.
  it('a sheet in Latin letters registers the Latin font alone, none of the other scripts', () => {
    expect(inked(painted('Alice'))).toBeGreaterThan(50);
    const families = registered();
    expect(families.has('Olathe Sans')).toBe(true);
    for (const family of ['Olathe CJK', 'Olathe Korean', 'Olathe Emoji', 'Olathe Arabic'])
      expect(families.has(family), family).toBe(false);
  });

  for (const [script, name, family] of NAMES) {
    it(`a name in ${script} (${name}) draws its glyphs from ${family}, not the missing-glyph box`, () => {
      const pixels = painted(name);
      // The same number of characters that no font has: the boxes (or nothing) the name must not look like.
      const boxes = painted('\u{10FFFD}'.repeat([...name].length));
      expect(inked(pixels)).toBeGreaterThan(50);
      expect(pixels.equals(boxes)).toBe(false);
      // Registered on demand, and the glyphs are that family's: the same pixels as drawing with it alone.
      expect(registered().has(family)).toBe(true);
      expect(pixels.equals(drawnWith(name, `"${family}"`))).toBe(true);
    });
  }

  it("the emoji are in colour, from the project's emoji font (this machine may have its own)", () => {
    const pixels = painted('🎲🌸');
    expect(pixels.equals(drawnWith('🎲🌸', '"Olathe Emoji"'))).toBe(true);
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
    }
    expect(coloured).toBeGreaterThan(100);
  });

  it('measures with the same font list: a long Chinese name is cut with an ellipsis that fits', () => {
    const measure = canvasMeasure();
    const name = '欧阳'.repeat(40);
    const cut = fitText(name, 200, 20, true, measure);
    expect(cut.endsWith('…')).toBe(true);
    expect(measure(cut, 20, true)).toBeLessThanOrEqual(200);
    // Han is drawn full width (the box is narrower): 200 px of 20 px characters hold about nine of them.
    expect([...cut].length).toBeGreaterThanOrEqual(8);
    expect([...cut].length).toBeLessThanOrEqual(10);
    expect(drawnWith('x', FONT_LIST).equals(drawnWith('x', '"Olathe Sans"'))).toBe(true);
  });

  it('reads unicode ranges as @fontsource writes them', () => {
    expect(parseUnicodeRange('U+0000-00FF,U+0131, U+1F1E6-1F1FF')).toEqual([0, 0xff, 0x131, 0x131, 0x1f1e6, 0x1f1ff]);
  });
});

describe("the container image's font files", () => {
  it('scripts/prune-fonts.mjs keeps exactly the files the picture may register, and they are installed', () => {
    const files = allFontFiles();
    expect(keptFontFiles(ROOT).sort()).toEqual([...files].sort());
    expect(files.length).toBeGreaterThan(400);
    for (const file of files) expect(existsSync(join(ROOT, 'node_modules', file)), file).toBe(true);
  });
});
