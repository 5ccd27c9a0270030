// What the bot reads at start: its die-face emojis on Discord (uploaded by `npm run deploy-commands`), as a map
// face → { id, name } for plain and held dice. Any one missing (never deployed, an upload refused, the 2,000
// cap) gives null with the reason, and the bot keeps Unicode dice; it logs that once, never per message.
// No image work here: the bot only needs ids.
import { Routes } from 'discord.js';
import type { REST, RESTGetAPIApplicationEmojisResult } from 'discord.js';
import { DIE_EMOJIS, DIE_FACES } from './die-names';
import type { DieFace } from './die-names';

export interface DieEmoji {
  id: string;
  name: string;
}

export interface DieEmojis {
  plain: Record<DieFace, DieEmoji>;
  held: Record<DieFace, DieEmoji>;
}

export type DieEmojiLoad = { emojis: DieEmojis; reason?: undefined } | { emojis: null; reason: string };

/** How a die emoji is written in text (content, embeds): `<:die_3:123…>`. */
export function dieEmojiText(emoji: DieEmoji): string {
  return `<:${emoji.name}:${emoji.id}>`;
}

export async function loadDieEmojis(rest: Pick<REST, 'get'>, applicationId: string): Promise<DieEmojiLoad> {
  let items: RESTGetAPIApplicationEmojisResult['items'];
  try {
    items = ((await rest.get(Routes.applicationEmojis(applicationId))) as RESTGetAPIApplicationEmojisResult).items;
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { emojis: null, reason: `the application's emojis could not be listed (${why})` };
  }
  const byName = new Map<string, DieEmoji>();
  for (const item of Array.isArray(items) ? items : []) {
    if (item.id && item.name) byName.set(item.name, { id: item.id, name: item.name });
  }
  const missing = DIE_EMOJIS.filter((die) => !byName.has(die.name)).map((die) => die.name);
  if (missing.length > 0) {
    return {
      emojis: null,
      reason: `the application has no emoji ${missing.join(', ')} (run npm run deploy-commands)`,
    };
  }
  const pick = (held: boolean): Record<DieFace, DieEmoji> =>
    Object.fromEntries(
      DIE_FACES.map((face) => [face, byName.get(DIE_EMOJIS.find((d) => d.face === face && d.held === held)!.name)!]),
    ) as Record<DieFace, DieEmoji>;
  return { emojis: { plain: pick(false), held: pick(true) } };
}
