// Application emojis and attached pictures in the playground, in headless Chromium: the playground uploads the
// die emojis as deploy-commands does; the page draws `<:name:id>` in text and a button's `emoji: { id, name }` as
// pictures from the loopback Discord's CDN, shows an embed's `attachment://` image, and never turns what someone
// typed into markup. The messages are posted straight through the fake's routes (as the bot, or as a user), so
// this tests the page whatever the bot itself sends.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { REST, Routes } from 'discord.js';
import { createCanvas } from '@napi-rs/canvas';
import { DIE_EMOJIS } from '../../src/emoji/die-names';
import { CHROMIUM, chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';

const WAIT = { timeout: 10_000 };

const session = playgroundSession('emojis');
const tab = (): Page => session.tab();
const fake = () => session.playground.fake;

/** Posts as the bot (its token, the channel route), returns the message's id. */
async function postAsBot(body: object, files: Array<{ name: string; data: Buffer }> = []): Promise<string> {
  const rest = new REST({ api: fake().apiUrl }).setToken(fake().botToken);
  const posted = (await rest.post(Routes.channelMessages(fake().channelId), {
    body,
    files: files.map((f) => ({ ...f, contentType: 'image/png' })),
  })) as { id: string };
  return posted.id;
}

/** The message as the page drew it, once it has. */
async function drawn(id: string): Promise<Locator> {
  const message = tab().locator(`#message-list article.message[data-id="${id}"]`);
  await message.waitFor(WAIT);
  return message;
}

/** An <img>'s loaded width (0 until it has loaded, or when it failed). */
const loadedWidth = (img: Locator): Promise<number> =>
  img.evaluate((el) => {
    const image = el as unknown as { complete: boolean; naturalWidth: number };
    return image.complete ? image.naturalWidth : 0;
  });

const box = async (locator: Locator) => (await locator.boundingBox())!;

function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f5f0e1';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#5865f2';
  ctx.fillRect(10, 10, width - 20, 20);
  return canvas.toBuffer('image/png');
}

describe('emojis and pictures in the playground', () => {
  it('uploads the die emojis and draws them on buttons and in text, from the CDN', async () => {
    // Never skipped: npm install brings Chromium (@sparticuz/chromium); without it this test fails and says why.
    expect(chromiumMissing(), CHROMIUM).toBeNull();
    // What deploy-commands uploads, the playground uploaded before the bot started.
    const emojis = new Map(fake().applicationEmojis.map((e) => [e.name, e.id]));
    expect([...emojis.keys()].sort()).toEqual(DIE_EMOJIS.map((d) => d.name).sort());
    expect(session.botLog.filter((line) => /emoji/i.test(line))).toEqual([]);
    const three = emojis.get('die_3')!;
    const held = emojis.get('die_5_held')!;

    const page = await session.open({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(session.playground.url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);

    const id = await postAsBot({
      content: `Alice threw <:die_3:${three}> and kept <:die_5_held:${held}> — \`<:die_3:${three}>\` is code`,
      embeds: [
        {
          title: `Turn <:die_3:${three}>`,
          description: `Dice: <:die_3:${three}><:die_5_held:${held}>`,
          fields: [{ name: 'Kept', value: `<:die_5_held:${held}> five` }],
        },
      ],
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 2, custom_id: 'hold:0', emoji: { id: three, name: 'die_3' } },
            { type: 2, style: 1, custom_id: 'throw', label: 'Throw', emoji: { name: '🎲' } },
          ],
        },
      ],
    });
    const message = await drawn(id);

    // In the text: pictures with the emoji's name as alt text, in the order written; inside code, text.
    const inText = message.locator('.content img.emoji');
    expect(await inText.evaluateAll((els) => els.map((el) => el.getAttribute('alt')))).toEqual([
      ':die_3:',
      ':die_5_held:',
    ]);
    expect(await inText.first().getAttribute('src')).toBe(`${fake().cdnUrl}/emojis/${three}.png`);
    for (const img of await inText.all()) await expect.poll(() => loadedWidth(img)).toBe(128);
    expect(await message.locator('.content code').innerText()).toBe(`<:die_3:${three}>`);
    // A line's height, as Discord draws an emoji among words.
    const fontSize = await message.locator('.content').evaluate((el) => {
      const page = globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } };
      return parseFloat(page.getComputedStyle(el).fontSize);
    });
    expect((await box(inText.first())).height).toBeCloseTo(fontSize * 1.375, 0);

    // In the embed's title, description and field value.
    for (const part of ['.embed-title', '.embed-description', '.embed-field-value']) {
      const img = message.locator(`${part} img.emoji`).first();
      await expect.poll(() => loadedWidth(img)).toBe(128);
    }
    expect(await message.locator('.embed-description img.emoji').count()).toBe(2);

    // On the buttons: the application's emoji as its picture (a die button), a Unicode emoji as text before the label.
    const dieButton = message.locator('button[data-custom-id="hold:0"]');
    expect(await dieButton.getAttribute('class')).toContain('die');
    const onButton = dieButton.locator('img.btn-emoji');
    expect(await onButton.getAttribute('src')).toBe(`${fake().cdnUrl}/emojis/${three}.png`);
    expect(await onButton.getAttribute('alt')).toBe(':die_3:');
    await expect.poll(() => loadedWidth(onButton)).toBe(128);
    const throwButton = message.locator('button[data-custom-id="throw"]');
    expect(await throwButton.locator('img').count()).toBe(0);
    expect(await throwButton.innerText()).toMatch(/^🎲\s*Throw$/);
    const [emojiBox, labelBox] = [
      await box(throwButton.locator('.btn-emoji')),
      await box(throwButton.locator('.btn-label')),
    ];
    expect(emojiBox.x + emojiBox.width).toBeLessThanOrEqual(labelBox.x);

    // A message of emojis alone: Discord's "jumbo" emojis, 48 px.
    const jumbo = await drawn(
      await postAsBot({ content: `<:die_6:${emojis.get('die_6')}> <:die_6:${emojis.get('die_6')}>` }),
    );
    expect(await jumbo.locator('img.jumbo-emoji').count()).toBe(2);
    expect((await box(jumbo.locator('img.emoji').first())).height).toBe(48);

    expect(fake().breaches).toEqual([]);
  }, 60_000);

  it('shows what a user typed as text, never as markup', async () => {
    const page = tab();
    const typed = '<img src=x onerror="window.__pwned=1"> <:x:1><b>bold</b> <a:wave:2> **<:die:3>**';
    const message = await drawn(fake().say(session.playground.users[1]!, typed).id);
    const content = message.locator('.content');
    // The markup is text on the page; only the three emoji tokens became pictures, which the CDN does not have…
    expect(await content.locator('b, script, img:not(.emoji)').count()).toBe(0);
    // …so each falls back to its name, as text.
    await expect.poll(() => content.locator('img').count()).toBe(0);
    expect(await content.innerText()).toBe('<img src=x onerror="window.__pwned=1"> :x:<b>bold</b> :wave: :die:');
    expect(await content.locator('strong').innerText()).toBe(':die:');
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
  });

  it("shows an embed's attachment:// image full width under its fields, and other files under the text", async () => {
    const id = await postAsBot(
      {
        content: 'Results',
        embeds: [
          {
            title: 'Final scores',
            fields: [{ name: 'Alice', value: '312' }],
            image: { url: 'attachment://sheets.png' },
          },
          { title: 'A tall one', image: { url: 'attachment://tall.png' } },
        ],
      },
      [
        { name: 'sheets.png', data: png(900, 300) },
        { name: 'tall.png', data: png(200, 1000) },
        { name: 'extra.png', data: png(120, 80) },
      ],
    );
    const message = await drawn(id);
    const files = fake().message(id)!.attachments;
    const urlOf = (name: string) => files.find((f) => f.filename === name)!.url;

    const [wideEmbed, tallEmbed] = [message.locator('.embed').nth(0), message.locator('.embed').nth(1)];
    const wide = wideEmbed.locator('.embed-image img');
    expect(await wide.getAttribute('src')).toBe(urlOf('sheets.png'));
    await expect.poll(() => loadedWidth(wide)).toBe(900);
    // Under the fields, as wide as the embed's content (its padding aside), the picture's proportions kept.
    const [field, picture, embed] = [
      await box(wideEmbed.locator('.embed-field')),
      await box(wide),
      await box(wideEmbed),
    ];
    expect(picture.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(picture.width).toBeGreaterThan(embed.width - 40);
    expect(picture.height).toBeCloseTo(picture.width / 3, 0);

    // A tall picture stops at 400 px.
    const tall = tallEmbed.locator('.embed-image img');
    expect(await tall.getAttribute('src')).toBe(urlOf('tall.png'));
    await expect.poll(() => loadedWidth(tall)).toBe(200);
    expect((await box(tall)).height).toBe(400);

    // The file no embed shows is under the text; the two an embed shows are not repeated there.
    const loose = message.locator('.attachments img');
    expect(await loose.count()).toBe(1);
    expect(await loose.getAttribute('src')).toBe(urlOf('extra.png'));
    await expect.poll(() => loadedWidth(loose)).toBe(120);
    expect(fake().breaches).toEqual([]);
  });

  it('keeps a turn of die emoji buttons and a results picture within a 400 px phone', async () => {
    const page = tab();
    await page.setViewportSize({ width: 400, height: 800 });
    const emojis = new Map(fake().applicationEmojis.map((e) => [e.name, e.id]));
    const dice = ['die_6', 'die_6_held', 'die_2', 'die_5', 'die_6_held'];
    const id = await postAsBot(
      {
        content: `Throw 2: ${dice.map((name) => `<:${name}:${emojis.get(name)}>`).join(' ')}`,
        embeds: [{ title: 'Results', image: { url: 'attachment://sheets.png' } }],
        components: [
          {
            type: 1,
            components: dice.map((name, i) => ({
              type: 2,
              style: name.endsWith('_held') ? 1 : 2,
              custom_id: `hold:${i}`,
              emoji: { id: emojis.get(name), name },
            })),
          },
          { type: 1, components: [{ type: 2, style: 3, custom_id: 'throw', label: 'Throw (1 left)' }] },
        ],
      },
      [{ name: 'sheets.png', data: png(900, 300) }],
    );
    const message = await drawn(id);
    await message.scrollIntoViewIfNeeded();
    const buttons = message.locator('button.die img.btn-emoji');
    expect(await buttons.count()).toBe(5);
    for (const img of await buttons.all()) await expect.poll(() => loadedWidth(img)).toBe(128);
    const picture = message.locator('.embed-image img');
    await expect.poll(() => loadedWidth(picture)).toBe(900);
    // Every part of the message stays on the screen: the five dice share one row, the picture shrinks to fit.
    const parts = await message.locator('*').all();
    for (const part of parts) {
      const at = await part.boundingBox();
      if (at && at.width > 0)
        expect(at.x + at.width, await part.evaluate((el) => el.className)).toBeLessThanOrEqual(400.5);
    }
    const rows = await buttons.evaluateAll((els) => new Set(els.map((el) => el.getBoundingClientRect().top)).size);
    expect(rows).toBe(1);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBe(400);
  });
});
