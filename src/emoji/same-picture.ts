// Whether two encoded images show the same picture: decoded and compared pixel by pixel, so two PNG encoders (or
// a CDN that re-encodes an upload without changing it) do not count as a change, while any moved pip does.
// The canvas package is loaded on first use: an install without its native binary then fails a comparison (which
// emoji-sync.ts logs), never the import of deploy-commands, which registers the commands first.

/** A channel may differ this much (of 255): rounding in a re-encode, never a drawing change. */
const TOLERANCE = 8;

export async function samePicture(a: Buffer, b: Buffer): Promise<boolean> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const [first, second] = await Promise.all([loadImage(a), loadImage(b)]);
  const { width, height } = first;
  if (second.width !== width || second.height !== height) return false;
  const pixels = (image: typeof first): Uint8ClampedArray => {
    const context = createCanvas(width, height).getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, width, height).data;
  };
  const [left, right] = [pixels(first), pixels(second)];
  for (let i = 0; i < left.length; i++) if (Math.abs(left[i]! - right[i]!) > TOLERANCE) return false;
  return true;
}
