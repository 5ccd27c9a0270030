// Contract of the fake's application emoji routes against a real discord.js REST client, as Discord documents
// them (resources/emoji.mdx): list as `{ items }`, get, create from a data URI (PNG, JPEG, GIF, WebP, AVIF,
// ≤ 256 KiB; names 2–32 of [A-Za-z0-9_], one per name), rename only, delete (204), 10014 for an unknown id, the
// 2,000 cap (30008), the bot's token needed. The image is served where Discord's CDN serves it. A button or select
// option with a custom emoji the app does not own is refused (50035); `<:name:id>` in text is only text.
import { createCanvas } from '@napi-rs/canvas';
import { ButtonStyle, Client, ComponentType, Events, GatewayIntentBits, REST, Routes } from 'discord.js';
import type { APIEmoji, Interaction, RESTGetAPIApplicationEmojisResult, SendableChannels } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_EMOJI_LIMITS, startFakeDiscord } from '../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { discordErrorCode, expectBreach } from './support';

let fake: FakeDiscord;
let client: Client;
let alice: FakeUser;

function png(colour: string): Buffer {
  const canvas = createCanvas(8, 8);
  const context = canvas.getContext('2d');
  context.fillStyle = colour;
  context.fillRect(0, 0, 8, 8);
  return canvas.toBuffer('image/png');
}

const dataUri = (bytes: Buffer, type = 'image/png'): string => `data:${type};base64,${bytes.toString('base64')}`;

const emojis = () => Routes.applicationEmojis(fake.applicationId);
const emoji = (id: string) => Routes.applicationEmoji(fake.applicationId, id);

async function create(name: string, image = dataUri(png('red'))): Promise<APIEmoji> {
  return (await client.rest.post(emojis(), { body: { name, image } })) as APIEmoji;
}

function button(emojiRef: { id: string; name: string }) {
  return [
    {
      type: ComponentType.ActionRow,
      components: [{ type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: 'hold:1', emoji: emojiRef }],
    },
  ];
}

async function diceChannel(): Promise<SendableChannels> {
  const channel = await client.channels.fetch(fake.channelId);
  if (!channel?.isSendable()) throw new Error('#dice is not sendable');
  return channel;
}

beforeAll(async () => {
  fake = await startFakeDiscord({ botToken: 'the-bots-token' });
  alice = fake.addUser({ username: 'alice' });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login('the-bots-token');
  await ready;
  await client.application!.commands.set([{ name: 'ask', description: 'Ask' }], fake.guildId);
});

afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

afterEach(async () => {
  expect(fake.breaches).toEqual([]);
  for (const { id } of fake.applicationEmojis) await client.rest.delete(emoji(id));
});

describe('application emoji routes', () => {
  it('creates, lists, gets, renames and deletes an emoji, and serves its image as the CDN does', async () => {
    const image = png('#f5b301');
    const made = await create('die_1', dataUri(image));
    expect(made).toMatchObject({ name: 'die_1', animated: false, managed: false, require_colons: true });
    expect(made.user?.id).toBe(client.user!.id);
    const listed = (await client.rest.get(emojis())) as RESTGetAPIApplicationEmojisResult;
    expect(listed.items.map((e) => [e.id, e.name])).toEqual([[made.id, 'die_1']]);
    expect(((await client.rest.get(emoji(made.id!))) as APIEmoji).name).toBe('die_1');

    const served = await fetch(`${fake.cdnUrl}/emojis/${made.id}.png`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    // discord.js builds the same address from its `cdn` option.
    expect(new REST({ cdn: fake.cdnUrl }).cdn.emoji(made.id!, { extension: 'png' })).toBe(
      `${fake.cdnUrl}/emojis/${made.id}.png`,
    );

    // Only the name changes; an image sent along is ignored.
    const renamed = (await client.rest.patch(emoji(made.id!), {
      body: { name: 'die_one', image: dataUri(png('blue')) },
    })) as APIEmoji;
    expect(renamed).toMatchObject({ id: made.id, name: 'die_one' });
    expect(Buffer.from(fake.applicationEmojis[0]!.bytes).equals(image)).toBe(true);

    await client.rest.delete(emoji(made.id!));
    expect(((await client.rest.get(emojis())) as RESTGetAPIApplicationEmojisResult).items).toEqual([]);
    expect((await fetch(`${fake.cdnUrl}/emojis/${made.id}.png`)).status).toBe(404);
  });

  it('answers 404 10014 for an id the application does not have, on get, rename and delete', async () => {
    expect(await discordErrorCode(client.rest.get(emoji('123456789012345678')))).toBe(10014);
    expect(await discordErrorCode(client.rest.patch(emoji('1'), { body: { name: 'x_y' } }))).toBe(10014);
    expect(await discordErrorCode(client.rest.delete(emoji('1')))).toBe(10014);
  });

  it('accepts PNG, JPEG, GIF, WebP and AVIF data URIs, told by their bytes; a GIF is an animated emoji', async () => {
    const canvas = createCanvas(8, 8);
    canvas.getContext('2d').fillRect(0, 0, 8, 8);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const avif = Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif'), Buffer.alloc(16)]);
    expect((await create('png_one', dataUri(png('red')))).animated).toBe(false);
    expect((await create('jpeg_one', dataUri(canvas.toBuffer('image/jpeg'), 'image/jpeg'))).name).toBe('jpeg_one');
    expect((await create('gif_one', dataUri(gif, 'image/gif'))).animated).toBe(true);
    expect((await create('webp_one', dataUri(canvas.toBuffer('image/webp'), 'image/webp'))).name).toBe('webp_one');
    expect((await create('avif_one', dataUri(avif, 'image/avif'))).name).toBe('avif_one');
    // The bytes decide, as on Discord: discord.js labels any Buffer image/jpg.
    const labelledJpg = await create('png_as_jpg', dataUri(png('red'), 'image/jpg'));
    expect(labelledJpg.animated).toBe(false);
    expect(fake.applicationEmojis.find((e) => e.id === labelledJpg.id)!.contentType).toBe('image/png');
  });

  it('refuses an image that is no data URI, of another format, or over 256 KiB (50035)', async () => {
    const refusals: Array<[string, string]> = [
      ['https://example.com/die.png', 'not a base64 data URI'],
      [dataUri(Buffer.from('<svg/>'), 'image/svg+xml'), '(declared image/svg+xml) is not a PNG'],
      [dataUri(Buffer.from('GIF'), 'image/gif'), '(declared image/gif) is not a PNG'],
      [dataUri(Buffer.alloc(APP_EMOJI_LIMITS.imageBytes + 1)), 'bytes (limit 262144)'],
    ];
    for (const [image, breach] of refusals) {
      expect(await discordErrorCode(client.rest.post(emojis(), { body: { name: 'die_x', image } }))).toBe(50035);
      expectBreach(fake, breach);
    }
    expect(await discordErrorCode(client.rest.post(emojis(), { body: { name: 'die_x' } }))).toBe(50035);
    expectBreach(fake, 'image is missing');
    expect(fake.applicationEmojis).toEqual([]);
  });

  it('takes names of 2–32 letters, digits and underscores, each once per application, on create and rename', async () => {
    await create('ab');
    await create('a'.repeat(32));
    for (const [name, breach] of [
      ['a', 'is 1 characters'],
      ['a'.repeat(33), 'is 33 characters'],
      ['die-1', 'characters other than'],
      ['dé_1', 'characters other than'],
      ['ab', 'already has an emoji named "ab"'],
    ]) {
      expect(await discordErrorCode(client.rest.post(emojis(), { body: { name, image: dataUri(png('red')) } }))).toBe(
        50035,
      );
      expectBreach(fake, breach!);
    }
    const other = await create('cd');
    expect(await discordErrorCode(client.rest.patch(emoji(other.id!), { body: { name: 'ab' } }))).toBe(50035);
    expectBreach(fake, 'already has an emoji named "ab"');
    // Renaming an emoji to its own name is no clash.
    expect(((await client.rest.patch(emoji(other.id!), { body: { name: 'cd' } })) as APIEmoji).name).toBe('cd');
  });

  it('refuses the 2,001st emoji with 30008', async () => {
    // A Discord of its own: the 1,999 emojis added here would otherwise be deleted one request at a time.
    const full = await startFakeDiscord();
    try {
      const rest = new REST({ api: full.apiUrl }).setToken(full.botToken);
      const image = dataUri(png('red'));
      for (let i = 0; i < APP_EMOJI_LIMITS.perApplication - 1; i++) full.addApplicationEmoji(`seeded_${i}`, image);
      await rest.post(Routes.applicationEmojis(full.applicationId), { body: { name: 'the_last_one', image } });
      const refused = rest.post(Routes.applicationEmojis(full.applicationId), {
        body: { name: 'one_too_many', image },
      });
      expect(await discordErrorCode(refused)).toBe(30008);
      expectBreach(full, 'limit 2000');
      expect(full.applicationEmojis).toHaveLength(APP_EMOJI_LIMITS.perApplication);
      expect(() => full.addApplicationEmoji('portal_too', image)).toThrow(/Maximum number of emojis/);
    } finally {
      await full.close();
    }
  });

  it("needs the bot's token and its own application id", async () => {
    const stranger = new REST({ api: fake.apiUrl }).setToken('someone-elses-token');
    expect(await discordErrorCode(stranger.get(emojis()))).toBe(0);
    expectBreach(fake, 'Authorization');
    expect(await discordErrorCode(client.rest.get(Routes.applicationEmojis('42')))).toBe(50001);
    expectBreach(fake, 'is not this bot');
  });
});

describe('custom emojis in components and text', () => {
  it("shows a button with the application's emoji and refuses one with an emoji it does not own", async () => {
    const die = await create('die_6');
    const channel = await diceChannel();
    const sent = await channel.send({ content: 'your dice', components: button({ id: die.id!, name: 'die_6' }) });
    const stored = fake.message(sent.id)!.components[0] as { components: Array<{ emoji?: unknown }> };
    expect(stored.components[0]!.emoji).toMatchObject({ id: die.id, name: 'die_6' });

    const code = await discordErrorCode(
      channel.send({ content: 'your dice', components: button({ id: '999999999999999999', name: 'die_6' }) }),
    );
    expect(code).toBe(50035);
    expectBreach(fake, 'custom emoji 999999999999999999');
    // Deleted emojis are unknown from then on, on edits too.
    await client.rest.delete(emoji(die.id!));
    expect(await discordErrorCode(sent.edit({ components: button({ id: die.id!, name: 'die_6' }) }))).toBe(50035);
    expectBreach(fake, `custom emoji ${die.id}`);
  });

  it('refuses an interaction answer whose button has an emoji the application does not own', async () => {
    const pending = new Promise<Interaction>((resolve) => client.once(Events.InteractionCreate, resolve));
    const handle = fake.slash(alice, 'ask');
    const interaction = await pending;
    if (!interaction.isChatInputCommand()) throw new Error('expected a slash command');
    const code = await discordErrorCode(
      interaction.reply({ content: 'dice', components: button({ id: '888888888888888888', name: 'die_1' }) }),
    );
    expect(code).toBe(50035);
    expectBreach(fake, 'custom emoji 888888888888888888');
    const die = await create('die_1');
    await interaction.reply({ content: 'dice', components: button({ id: die.id!, name: 'die_1' }) });
    expect((await handle.reply()).content).toBe('dice');
  });

  it('takes `<:name:id>` in text as text, known or not; Unicode emojis on buttons need no id', async () => {
    const channel = await diceChannel();
    const sent = await channel.send({
      content: 'rolled <:die_3:777777777777777777>',
      embeds: [{ description: '<:die_4:777777777777777777>' }],
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: 'u', emoji: { name: '⚂' } },
          ],
        },
      ],
    });
    expect(fake.message(sent.id)!.content).toBe('rolled <:die_3:777777777777777777>');
  });
});
