// The season podium picture: a real PNG 640 px wide in the score sheet's fonts, one section per variant, the first
// place on the tallest step in the middle, every name (any script, emoji, very long) drawn as text and kept on its
// step, and odd names drawn rather than thrown.
import { describe, expect, it } from 'vitest';
import type { RectStep, TextStep } from '../../../src/picture/drawing';
import { canvasMeasure } from '../../../src/picture/paint';
import type { PodiumPictureInput } from '../../../src/picture/podium';
import { PODIUM_WIDTH, podiumDrawing, renderPodium } from '../../../src/picture/podium';

const measure = canvasMeasure();
const person = (name: string, rank: number) => ({ name, rank, rating: '1,700', games: '3 games' });
const input = (names: string[]): PodiumPictureInput => ({
  title: 'Season November 2026',
  subtitle: 'The podium',
  sections: [
    { label: 'Olathe', people: names.map((n, i) => person(n, i + 1)) },
    { label: 'Balut', people: [person('Dee', 1)] },
  ],
});

describe('the podium picture', () => {
  it('is a PNG 640 px wide with a section per variant', async () => {
    const png = await renderPodium(input(['Ann', 'Ben', 'Cy']));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(PODIUM_WIDTH);
    const drawing = podiumDrawing(input(['Ann', 'Ben', 'Cy']), measure);
    const texts = drawing.steps.filter((s): s is TextStep => s.kind === 'text').map((s) => s.text);
    expect(texts).toEqual(expect.arrayContaining(['Season November 2026', 'Olathe', 'Balut', 'Ann', 'Dee', '1,700']));
    expect(png.readUInt32BE(20)).toBe(Math.ceil(drawing.height));
  });

  it('puts the first place on the tallest step, in the middle', () => {
    const steps = podiumDrawing(input(['Ann', 'Ben', 'Cy']), measure).steps;
    const blocks = steps.filter((s): s is RectStep => s.kind === 'rect').slice(0, 3);
    const [first, second, third] = blocks;
    expect(first!.h).toBeGreaterThan(second!.h);
    expect(second!.h).toBeGreaterThan(third!.h);
    expect(second!.x).toBeLessThan(first!.x);
    expect(third!.x).toBeGreaterThan(first!.x);
  });

  it('keeps every name on its step, whatever it is made of', async () => {
    const odd = ['名前がとても長いプレイヤー'.repeat(5), '👩🏽‍🚀 Astro\nNaut', '\u0000', 'x'.repeat(300)];
    const drawing = podiumDrawing(input(odd), measure);
    const blocks = drawing.steps.filter((s): s is RectStep => s.kind === 'rect');
    for (const s of drawing.steps.filter((t): t is TextStep => t.kind === 'text' && t.size === 15)) {
      const block = blocks.find((b) => Math.abs(b.x + b.w / 2 - s.x) < 1)!;
      expect(measure(s.text, s.size, s.bold)).toBeLessThanOrEqual(block.w);
      expect(s.text.includes('\n') || s.text.includes('\u0000')).toBe(false);
    }
    await expect(renderPodium(input(odd))).resolves.toBeInstanceOf(Buffer);
  });
});
