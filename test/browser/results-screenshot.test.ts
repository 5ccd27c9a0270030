// A results message in the playground, for docs/PLAYING.md: a whole two-player Olathe game on the smallest card
// (2 Free columns, 14 turns each) is played through the loopback Discord's handle — the way the end-to-end tests
// click — then headless Chromium opens the game's thread at desktop width and keeps a screenshot of the results
// message (artifacts/results.png). The page must show what the bot sent: both players ranked, each score taken
// apart (raw total, modifier, final) — and the score sheets' picture in the embed.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FakeDiscord, FakeMessage, FakeUser } from '../../src/fake-discord';
import { control, controlsOf, findControl, resultsMessage, turnMessageOf } from '../e2e/harness';
import { dieOfButton } from '../e2e/dice-text';
import { chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOT = join(ROOT, 'artifacts', 'results.png');
const DESKTOP = { width: 1280, height: 900 };
const WAIT = { timeout: 10_000 };

const session = playgroundSession('results', { diceSeed: 'results-screenshot', screenshot: SCREENSHOT });
const tab = (): Page => session.tab();

/** The points a write option is worth, from its label ("Sixes (Free 1) — 24 pts"; a scratch is 0). */
const worth = (label: string): number => Number(/(\d+)\s*pts/.exec(label)?.[1] ?? 0);

/** The faces of the dice on a turn message, from its hold buttons (their die emojis), and which are held. */
function diceOf(message: FakeMessage): { face: number; held: boolean }[] {
  return controlsOf(message)
    .filter((c) => c.id?.action === 'hold')
    .map(dieOfButton);
}

/**
 * One turn, played a little better than the end-to-end tests' simplest, so the results have something to take
 * apart: declare the first column offered; throw, keep the most common face (the higher on a tie) and throw
 * the rest again while throws are left; write the option worth the most points.
 */
async function playTurn(fake: FakeDiscord, user: FakeUser, message: FakeMessage): Promise<void> {
  let current = message;
  const reread = () => (current = fake.message(current.id)!);
  const declare = findControl(current, 'declare');
  if (declare) {
    await fake.select(user, current.id, declare.customId, [declare.options![0]!.value]).acked();
    reread();
  }
  for (;;) {
    const throwButton = findControl(current, 'throw');
    if (!throwButton || throwButton.disabled) break;
    await fake.click(user, current.id, throwButton.customId).acked();
    reread();
    // No throws left: the dice cannot be held any more.
    if (control(current, 'hold', 0).disabled) break;
    const dice = diceOf(current);
    const count = (face: number) => dice.filter((d) => d.face === face).length;
    const keep = dice
      .map((d) => d.face)
      .reduce((a, b) => (count(b) > count(a) || (count(b) === count(a) && b > a) ? b : a));
    for (const [die, d] of dice.entries()) {
      if (d.held === (d.face === keep)) continue;
      await fake.click(user, current.id, control(current, 'hold', die).customId).acked();
      reread();
    }
  }
  const write = control(current, 'write');
  const best = write.options!.reduce((a, b) => (worth(b.label) > worth(a.label) ? b : a));
  await fake.select(user, current.id, write.customId, [best.value]).acked();
}

describe('a results message in the playground', () => {
  it('plays a two-player game to its end and keeps a screenshot of the results', async () => {
    expect(chromiumMissing()).toBeNull();
    const fake = session.playground.fake;
    const [alice, bob] = session.playground.users as [FakeUser, FakeUser];

    // Alice opens a game on the smallest Olathe card, Bob joins, Alice starts it.
    const lobby = await fake.slash(alice, 'olathe', { free: 2, down: 0, up: 0 }, { subcommand: 'start' }).reply();
    await fake.click(bob, lobby.id, control(lobby, 'join').customId).acked();
    await fake.click(alice, lobby.id, control(fake.message(lobby.id)!, 'start').customId).acked();

    // Turns in seat order until the results are posted: 2 columns × 7 cells each.
    let turns = 0;
    for (;;) {
      const next = await fake.waitFor(() => {
        if (resultsMessage(fake)) return 'done' as const;
        for (const u of [alice, bob]) {
          const m = turnMessageOf(fake, u);
          if (m) return [u, m] as const;
        }
        return undefined;
      }, 20_000);
      if (next === 'done') break;
      await playTurn(fake, next[0], next[1]);
      turns++;
    }
    expect(turns).toBe(28);
    const results = resultsMessage(fake)!;
    const sent = results.embeds[0]!;

    // The results are in the game's thread: the page opens it from the sidebar at desktop width.
    const thread = fake.threads(fake.channelId).find((t) => t.id === results.channelId);
    expect(thread, 'the results are posted in the game thread').toBeDefined();
    await session.open({ viewport: DESKTOP, deviceScaleFactor: 1 });
    const page = tab();
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(session.playground.url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);
    await page.locator(`#threads a.thread[data-thread="${thread!.id}"]`).click();
    await page.locator(`body[data-view="${thread!.id}"]`).waitFor(WAIT);

    const message = page.locator(`#message-list article.message[data-id="${results.id}"]`);
    await message.waitFor(WAIT);
    const embed = message.locator('.embed').first();

    // The score sheets' picture: the one file attached, the embed's image, shown there once (not again under the
    // text as a loose file), a PNG at least 600 px wide scaled to the embed's width. It is waited for before
    // the message is measured: its loading makes the message taller.
    expect(results.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    const sheets = results.attachments[0]!;
    expect(sent.image?.url).toBe(sheets.url);
    const picture = embed.locator('.embed-image img');
    expect(await picture.getAttribute('src')).toBe(sheets.url);
    await expect
      .poll(() => picture.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThanOrEqual(600);
    expect(await message.locator('.attachments').count()).toBe(0);
    const [pictureBox, embedBox] = [(await picture.boundingBox())!, (await embed.boundingBox())!];
    expect(pictureBox.width).toBeGreaterThan(embedBox.width - 40);
    expect(pictureBox.height).toBeLessThanOrEqual(400);
    await message.scrollIntoViewIfNeeded();

    // The title says the game is over; the headline names a winner (or a shared win) with points.
    expect(await embed.locator('.embed-title').innerText()).toMatch(/game over/i);
    const description = await embed.locator('.embed-description').innerText();
    expect(description).toMatch(/@(Alice|Bob)\b[^\n]*\d+/);
    // The standings table ranks both players, a row of numbers each, the final points last before the name.
    const tableFinal = (name: string): number | undefined => {
      const row = new RegExp(`^[12]\\.[ \\d+−-]*?([−-]?\\d+)\\s+${name}$`, 'm').exec(description);
      return row ? Number(row[1]!.replace('−', '-')) : undefined;
    };

    // One breakdown per player, in place order, each with its final points, its raw total and modifier, and the
    // sum — the same numbers the bot sent.
    const fields = embed.locator('.embed-field');
    expect(await fields.count()).toBe(2);
    const names = await fields.locator('.embed-field-name').allInnerTexts();
    expect(names.map((n) => /^\d+\.\s*(\w+)/.exec(n)?.[1]).sort()).toEqual(['Alice', 'Bob']);
    expect(names.map((n) => n.replace(/\s+/g, ' '))).toEqual(sent.fields!.map((f) => f.name.replace(/\s+/g, ' ')));
    const finals = names.map((n) => Number(/([−-]?\d+)\D*$/.exec(n)![1]!.replace('−', '-')));
    expect(finals[0]).toBeGreaterThanOrEqual(finals[1]!);
    // The table agrees with the breakdowns.
    for (const [i, n] of names.entries()) expect(tableFinal(/^\d+\.\s*(\w+)/.exec(n)![1]!)).toBe(finals[i]);
    const values = await fields.locator('.embed-field-value').allInnerTexts();
    for (const [i, value] of values.entries()) {
      expect(value).toMatch(/raw\D*\d+/i);
      expect(value).toMatch(/modifier\s*[+−-]?\d+/i);
      // The last line adds up to the final points in the field's name.
      expect(value).toMatch(new RegExp(`=\\s*${String(finals[i]).replace('-', '[−-]')}\\s*$`));
    }
    // A person played: the analysis button is there.
    expect(await message.getByRole('button', { name: /analysis/i }).count()).toBe(1);

    // The whole message — words, picture and buttons — fits one desktop screen, and its screenshot is kept.
    const box = (await message.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(DESKTOP.height);
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await message.screenshot({ path: SCREENSHOT });
    expect(existsSync(SCREENSHOT)).toBe(true);
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(20_000);

    expect(fake.breaches).toEqual([]);
    expect(session.botLog.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  }, 120_000);
});
