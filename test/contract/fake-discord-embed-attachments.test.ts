// Contract of the fake's embed images from attached files, against a real discord.js REST client, as Discord
// documents them (reference: "Uploading Files", "Editing Message Attachments" › "Using Attachments within
// Embeds"; resources/message "Edit Message"): `attachment://name` in an embed's image or thumbnail shows the
// message's file of that name (its URL, with the PNG's size); an edit that sends no `attachments` keeps the
// files, so the same reference resolves again and no file is added; `attachments: []` removes them. A
// reference Discord cannot resolve (no such file, not an image, a name outside [A-Za-z0-9_.-]) shows no image
// and is not refused. A name with a space is no URL in Discord's published spec, though: a breach of the spec
// (docs/DISCORD-SPEC.md), answered as Discord answers it.
import { createCanvas } from '@napi-rs/canvas';
import { REST, Routes } from 'discord.js';
import type { APIMessage } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord } from '../../src/fake-discord';

let fake: FakeDiscord;
let rest: REST;

function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

const sheet = (url: string) => ({ title: 'Results', description: 'in words', image: { url } });

async function post(body: Record<string, unknown>, files: Array<{ name: string; data: Buffer }>): Promise<string> {
  const sent = (await rest.post(Routes.channelMessages(fake.channelId), { body, files })) as APIMessage;
  return sent.id;
}

async function edit(id: string, body: Record<string, unknown>): Promise<APIMessage> {
  return (await rest.patch(Routes.channelMessage(fake.channelId, id), { body })) as APIMessage;
}

beforeAll(async () => {
  fake = await startFakeDiscord();
  rest = new REST({ api: fake.apiUrl }).setToken(fake.botToken);
});
afterAll(async () => {
  await fake?.close();
});

describe('embed images from attached files', () => {
  it('resolves attachment://name to the file posted with the message, with its size', async () => {
    const id = await post({ embeds: [sheet('attachment://results-7.png')] }, [
      { name: 'results-7.png', data: png(640, 200) },
    ]);
    const stored = fake.message(id)!;
    expect(stored.attachments).toHaveLength(1);
    const file = stored.attachments[0]!;
    expect(stored.embeds[0]!.image).toEqual({ url: file.url, proxy_url: file.url, width: 640, height: 200 });
    // The URL serves the file itself.
    const served = Buffer.from(await (await fetch(file.url)).arrayBuffer());
    expect(served.equals(png(640, 200))).toBe(true);
    expect(fake.breaches).toEqual([]);
  });

  it('keeps the file on an edit without `attachments`: the same reference resolves again, nothing is added', async () => {
    const id = await post({ embeds: [sheet('attachment://results-8.png')] }, [
      { name: 'results-8.png', data: png(600, 100) },
    ]);
    const before = fake.message(id)!.attachments[0]!;
    const answer = await edit(id, { embeds: [{ ...sheet('attachment://results-8.png'), description: 'edited' }] });
    const stored = fake.message(id)!;
    expect(stored.embeds[0]!.description).toBe('edited');
    expect(stored.attachments).toEqual([before]);
    expect(stored.embeds[0]!.image?.url).toBe(before.url);
    expect(answer.embeds[0]!.image?.url).toBe(before.url);
    expect(answer.attachments.map((a) => a.id)).toEqual([before.id]);
    // An edit of the content alone leaves the embeds, resolved, as they were.
    await edit(id, { content: 'and a line' });
    expect(fake.message(id)!.embeds[0]!.image?.url).toBe(before.url);
  });

  it('drops the image (and keeps the message) when the reference names no file Discord would embed', async () => {
    const missing = await post({ embeds: [sheet('attachment://nowhere.png')] }, []);
    expect(fake.message(missing)!.embeds[0]!.image).toBeUndefined();
    expect(fake.message(missing)!.embeds[0]!.description).toBe('in words');

    const notAnImage = await post(
      { embeds: [{ ...sheet('attachment://scores.csv'), thumbnail: { url: 'attachment://scores.csv' } }] },
      [{ name: 'scores.csv', data: Buffer.from('a,b\n') }],
    );
    expect(fake.message(notAnImage)!.embeds[0]!.image).toBeUndefined();
    expect(fake.message(notAnImage)!.embeds[0]!.thumbnail).toBeUndefined();
    expect(fake.message(notAnImage)!.attachments).toHaveLength(1);

    const badName = await post({ embeds: [sheet('attachment://score sheet.png')] }, [
      { name: 'score sheet.png', data: png(10, 10) },
    ]);
    expect(fake.message(badName)!.embeds[0]!.image).toBeUndefined();
    expect(fake.breaches).toEqual([
      expect.stringMatching(/breaks the spec: embeds\[0\]\.image\.url .* not a valid url/),
    ]);
    fake.clearRecords();
  });

  it('resolves a thumbnail too, and an edit sending `attachments: []` removes the file and its image', async () => {
    const id = await post({ embeds: [{ title: 'Card', thumbnail: { url: 'attachment://card.webp' } }] }, [
      { name: 'card.webp', data: Buffer.from('RIFF....WEBP') },
    ]);
    const file = fake.message(id)!.attachments[0]!;
    expect(fake.message(id)!.embeds[0]!.thumbnail).toEqual({ url: file.url, proxy_url: file.url });
    await edit(id, { embeds: [{ title: 'Card', thumbnail: { url: 'attachment://card.webp' } }], attachments: [] });
    expect(fake.message(id)!.attachments).toEqual([]);
    expect(fake.message(id)!.embeds[0]!.thumbnail).toBeUndefined();
  });
});
