// Whether two encoded images show the same picture: decoded and compared pixel by pixel, so two PNG encoders (or
// a CDN that re-encodes an upload without changing it) do not count as a change, while any moved pip does.
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** A channel may differ this much (of 255): rounding in a re-encode, never a drawing change. */
const TOLERANCE = 8;

async function pixels(encoded: Buffer, width: number, height: number): Promise<Uint8ClampedArray> {
  const image = await loadImage(encoded);
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return canvas.getContext('2d').getImageData(0, 0, width, height).data;
}

export async function samePicture(a: Buffer, b: Buffer): Promise<boolean> {
  const [first, second] = await Promise.all([loadImage(a), loadImage(b)]);
  if (first.width !== second.width || first.height !== second.height) return false;
  const [left, right] = await Promise.all([pixels(a, first.width, first.height), pixels(b, first.width, first.height)]);
  for (let i = 0; i < left.length; i++) if (Math.abs(left[i]! - right[i]!) > TOLERANCE) return false;
  return true;
}
