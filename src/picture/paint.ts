// Paints a Drawing with @napi-rs/canvas (Skia, a prebuilt binary from the registry) and encodes it as PNG.
// Chosen over resvg-js by measurement (`npm run bench -- picture`). The fonts are Noto from @fontsource under names
// of our own (src/picture/fonts.ts), so the picture looks the same on every machine: every text is measured and
// drawn with one font list, and the files its characters need are registered before it is.
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import type { Drawing, MeasureText } from './drawing';
import { FONT_LIST, fontsFor } from './fonts';
import { encodePng } from './png';

export const fontOf = (size: number, bold: boolean) => `${bold ? 'bold ' : ''}${size}px ${FONT_LIST}`;

/** Measures with a context of its own, setting the font only when it changes (setting it costs more than measuring). */
export function canvasMeasure(): MeasureText {
  const ctx = createCanvas(1, 1).getContext('2d');
  let current = '';
  return (text, size, bold) => {
    fontsFor(text);
    const font = fontOf(size, bold);
    if (font !== current) ctx.font = current = font;
    return ctx.measureText(text).width;
  };
}

function paintSteps(ctx: SKRSContext2D, drawing: Drawing): void {
  let font = '';
  for (const step of drawing.steps) {
    if (step.kind === 'rect') {
      ctx.beginPath();
      if (step.radius) ctx.roundRect(step.x, step.y, step.w, step.h, step.radius);
      else ctx.rect(step.x, step.y, step.w, step.h);
      if (step.fill) {
        ctx.fillStyle = step.fill;
        ctx.fill();
      }
      if (step.stroke) {
        ctx.strokeStyle = step.stroke;
        ctx.lineWidth = step.lineWidth ?? 1;
        ctx.stroke();
      }
    } else if (step.kind === 'line') {
      const p = step.points;
      ctx.beginPath();
      ctx.moveTo(p[0] ?? 0, p[1] ?? 0);
      for (let i = 2; i + 1 < p.length; i += 2) ctx.lineTo(p[i]!, p[i + 1]!);
      if (step.fill) {
        ctx.closePath();
        ctx.fillStyle = step.fill;
        ctx.fill();
      } else {
        ctx.strokeStyle = step.color;
        ctx.lineWidth = step.width;
        ctx.stroke();
      }
    } else {
      fontsFor(step.text);
      const wanted = fontOf(step.size, step.bold);
      if (wanted !== font) ctx.font = font = wanted;
      ctx.fillStyle = step.color;
      ctx.textAlign = step.align;
      ctx.fillText(step.text, step.x, step.y);
    }
  }
}

/** The drawing painted on a canvas of its size. Skia records the steps; it rasterises when the pixels are read. */
export function paintCanvas(drawing: Drawing): Canvas {
  const canvas = createCanvas(Math.ceil(drawing.width), Math.ceil(drawing.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = drawing.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  paintSteps(ctx, drawing);
  return canvas;
}

/** The drawing as a PNG. Compressing runs on libuv's thread pool; rasterising (reading the pixels) does not. */
export async function paintPng(drawing: Drawing): Promise<Buffer> {
  const canvas = paintCanvas(drawing);
  return encodePng(canvas.data(), canvas.width, canvas.height);
}
