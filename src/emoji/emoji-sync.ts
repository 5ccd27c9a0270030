// Brings the application's die-face emojis in line with the drawings (part of `npm run deploy-commands`): lists
// the app's emojis first, uploads each die the app lacks, and replaces one whose image differs from its drawing
// (delete, then create: Modify Application Emoji can only rename). A second run uploads nothing. Nothing here
// throws: a refusal (429, size, the 2,000 cap, any error) is one log line, and the bot then falls back to
// Unicode dice (load-die-emojis.ts), so deploying the commands never fails because of an emoji.
import { DiscordAPIError, HTTPError, RateLimitError, Routes } from 'discord.js';
import type { APIEmoji, REST, RESTGetAPIApplicationEmojisResult } from 'discord.js';
import type { DieImage } from './die-files';
import { DIE_SIZE } from './die-names';
import { samePicture } from './same-picture';

/** Discord's "Maximum number of emojis reached": once met, the other uploads would be refused too. */
const MAX_EMOJIS_REACHED = 30008;

export interface EmojiSyncDeps {
  rest: REST;
  applicationId: string;
  images: readonly DieImage[];
  /** The image Discord serves for an emoji (its CDN's /emojis/{id}.png). */
  fetchImage: (emojiId: string) => Promise<Buffer>;
  log: (line: string) => void;
}

export interface EmojiSyncResult {
  uploaded: string[];
  replaced: string[];
  unchanged: string[];
  /** Emojis that are missing or stale on Discord after this run, with why. */
  failed: Array<{ name: string; reason: string }>;
}

/** What an error says in one line (Discord's field errors included), without the request body: it holds the image. */
export function describeFailure(error: unknown): string {
  if (error instanceof DiscordAPIError) return `${error.status} ${error.code}: ${error.message.replace(/\n/g, '; ')}`;
  if (error instanceof HTTPError) return `${error.status} ${error.message}`;
  if (error instanceof RateLimitError) return `rate limited for ${Math.round(error.retryAfter / 1000)} s`;
  return error instanceof Error ? error.message.split('\n')[0]! : String(error);
}

const dataUri = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

export async function syncDieEmojis(deps: EmojiSyncDeps): Promise<EmojiSyncResult> {
  const { rest, applicationId, images, log } = deps;
  const result: EmojiSyncResult = { uploaded: [], replaced: [], unchanged: [], failed: [] };
  let existing: APIEmoji[];
  try {
    existing = ((await rest.get(Routes.applicationEmojis(applicationId))) as RESTGetAPIApplicationEmojisResult).items;
  } catch (error) {
    const reason = `could not list the application's emojis (${describeFailure(error)})`;
    result.failed = images.map((image) => ({ name: image.name, reason }));
    log(`Die emojis not synced: ${reason}; the bot will show Unicode dice.`);
    return result;
  }
  const pending: Array<{ image: DieImage; stale?: APIEmoji }> = [];
  // Emojis whose image could not be compared, by reason: kept as they are (no churn on a CDN hiccup), and one
  // line per reason, so an install without the canvas binary says so once rather than twelve times.
  const uncompared = new Map<string, string[]>();
  for (const image of images) {
    const current = existing.find((emoji) => emoji.name === image.name);
    if (!current?.id) {
      pending.push({ image });
      continue;
    }
    const same = await matchesDrawing(deps, current.id, image);
    if (same === false) pending.push({ image, stale: current });
    else {
      result.unchanged.push(image.name);
      if (same !== true) uncompared.set(same.reason, [...(uncompared.get(same.reason) ?? []), image.name]);
    }
  }
  for (const [reason, names] of uncompared) {
    log(`Die emojis ${names.join(', ')} kept as they are: their images could not be compared (${reason}).`);
  }
  for (const [index, { image, stale }] of pending.entries()) {
    try {
      if (stale?.id) await rest.delete(Routes.applicationEmoji(applicationId, stale.id));
      await rest.post(Routes.applicationEmojis(applicationId), {
        body: { name: image.name, image: dataUri(image.png) },
      });
      (stale ? result.replaced : result.uploaded).push(image.name);
    } catch (error) {
      const reason = describeFailure(error);
      if (error instanceof DiscordAPIError && error.code === MAX_EMOJIS_REACHED) {
        const left = pending.slice(index).map((p) => p.image.name);
        for (const name of left) result.failed.push({ name, reason });
        log(`Die emojis ${left.join(', ')} not uploaded: ${reason}; the bot will show Unicode dice.`);
        break;
      }
      result.failed.push({ name: image.name, reason });
      log(`Die emoji ${image.name} not ${stale ? 'replaced' : 'uploaded'}: ${reason.replace(/\.$/, '')}.`);
    }
  }
  log(
    `Die emojis: ${result.uploaded.length} uploaded, ${result.replaced.length} replaced, ` +
      `${result.unchanged.length} unchanged, ${result.failed.length} failed.`,
  );
  return result;
}

/** Whether Discord's copy shows the drawing, or why that could not be told. */
async function matchesDrawing(
  deps: EmojiSyncDeps,
  emojiId: string,
  image: DieImage,
): Promise<boolean | { reason: string }> {
  try {
    return await samePicture(await deps.fetchImage(emojiId), image.png);
  } catch (error) {
    return { reason: describeFailure(error) };
  }
}

/** Reads an emoji's image from Discord's CDN (or the loopback Discord's), failing on any status but 200. */
export function cdnImageFetcher(rest: REST, timeoutMs = 10_000): (emojiId: string) => Promise<Buffer> {
  return async (emojiId) => {
    const response = await fetch(rest.cdn.emoji(emojiId, { extension: 'png', size: DIE_SIZE }), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status !== 200) throw new Error(`the CDN answered ${response.status} for emoji ${emojiId}`);
    return Buffer.from(await response.arrayBuffer());
  };
}
