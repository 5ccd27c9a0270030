// loadDieEmojis: the bot's die emojis by face, plain and held, from List Application Emojis; null with a reason
// when one is missing or the list cannot be read, never a throw.
import { Routes } from 'discord.js';
import type { APIEmoji } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { DIE_EMOJIS } from '../../../src/emoji/die-names';
import { dieEmojiText, loadDieEmojis } from '../../../src/emoji/load-die-emojis';

const APP = '1000';

function restListing(items: APIEmoji[] | Error): { get: (route: string) => Promise<unknown>; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    get: (route: string) => {
      asked.push(route);
      return items instanceof Error ? Promise.reject(items) : Promise.resolve({ items });
    },
  };
}

const allDice = (): APIEmoji[] => DIE_EMOJIS.map((die, i) => ({ id: String(5000 + i), name: die.name }));

describe('loadDieEmojis', () => {
  it("maps each face to its plain and held emoji from the application's list", async () => {
    const rest = restListing([{ id: '42', name: 'someone_else' }, ...allDice().reverse()]);
    const { emojis, reason } = await loadDieEmojis(rest as never, APP);
    expect(rest.asked).toEqual([Routes.applicationEmojis(APP)]);
    expect(reason).toBeUndefined();
    expect(emojis!.plain[1]).toEqual({ id: '5000', name: 'die_1' });
    expect(emojis!.plain[6]).toEqual({ id: '5005', name: 'die_6' });
    expect(emojis!.held[1]).toEqual({ id: '5006', name: 'die_1_held' });
    expect(emojis!.held[6]).toEqual({ id: '5011', name: 'die_6_held' });
    expect(dieEmojiText(emojis!.held[3])).toBe('<:die_3_held:5008>');
  });

  it('gives null and names every missing emoji when one or more is absent', async () => {
    const some = allDice().filter((e) => e.name !== 'die_4' && e.name !== 'die_2_held');
    const { emojis, reason } = await loadDieEmojis(restListing(some) as never, APP);
    expect(emojis).toBeNull();
    expect(reason).toContain('die_4, die_2_held');
    expect((await loadDieEmojis(restListing([]) as never, APP)).emojis).toBeNull();
  });

  it('gives null with the reason when the list cannot be read, without throwing', async () => {
    const { emojis, reason } = await loadDieEmojis(restListing(new Error('503 Service Unavailable')) as never, APP);
    expect(emojis).toBeNull();
    expect(reason).toContain('503 Service Unavailable');
  });
});
