// Embed images that name a file of their own message, as Discord resolves them (discord-api-docs reference,
// "Uploading Files" and "Editing Message Attachments" › "Using Attachments within Embeds"): an embed's image or
// thumbnail `attachment://name` shows the message's file of that name — one uploaded with the message, or one
// an edit kept (an edit keeps every file unless it sends `attachments`). The name must be ASCII letters, digits,
// underscores, dashes or dots, and only .jpg, .jpeg, .png, .webp and .gif files may be used. Discord shows no
// image for a reference it cannot resolve (no such file, a PDF, a bad name) rather than refusing the message,
// so the fake drops that image too; the resolved one carries the file's URL, as Discord's answers do.
import type { APIEmbed, APIEmbedImage, APIEmbedThumbnail } from 'discord.js';
import type { FakeAttachment } from './types';

const SCHEME = 'attachment://';
const NAME = /^[A-Za-z0-9_.-]+$/;
const EMBEDDABLE = /\.(?:jpe?g|png|webp|gif)$/i;

/** The attachment an embed's `attachment://name` stands for, or null when Discord would show nothing. */
export function embeddedAttachment(url: string, attachments: readonly FakeAttachment[]): FakeAttachment | null {
  if (!url.startsWith(SCHEME)) return null;
  const name = url.slice(SCHEME.length);
  if (!NAME.test(name) || !EMBEDDABLE.test(name)) return null;
  return attachments.find((a) => a.filename === name) ?? null;
}

/** A PNG's size from its header (IHDR), or null for anything else. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

type Sized = (attachment: FakeAttachment) => { width: number; height: number } | null;

function resolveImage<T extends APIEmbedImage | APIEmbedThumbnail>(
  image: T,
  attachments: readonly FakeAttachment[],
  sized: Sized,
): T | undefined {
  if (typeof image.url !== 'string' || !image.url.startsWith(SCHEME)) return image;
  const file = embeddedAttachment(image.url, attachments);
  if (!file) return undefined;
  return { ...image, url: file.url, proxy_url: file.url, ...(sized(file) ?? {}) };
}

/** The embeds with every `attachment://` image resolved against the message's files, or dropped. */
export function resolveEmbedAttachments(
  embeds: APIEmbed[],
  attachments: readonly FakeAttachment[],
  sized: Sized = () => null,
): APIEmbed[] {
  return embeds.map((embed) => {
    const out: APIEmbed = { ...embed };
    for (const field of ['image', 'thumbnail'] as const) {
      const image = embed[field];
      if (!image) continue;
      const resolved = resolveImage(image, attachments, sized);
      if (resolved) out[field] = resolved;
      else delete out[field];
    }
    return out;
  });
}
