// Ratings in the playground, in headless Chromium, as a person meets them: Alice plays a short game against a
// computer player to its end on the page; the results show her rating's move, `/olathe stats` the rating and its
// chart, `/olathe leaderboard` the board by rating, all the same number; Dana, who may manage the server, sets the
// announcements channel by typing it (`announcements:#dice`). The stats answer is kept as an artifact
// (artifacts/playground-ratings.png).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';
import { pageMessages, playOnPageUntil } from './playground-turns';

const SCREENSHOT = join('artifacts', 'playground-ratings.png');
const WAIT = { timeout: 10_000 };

const session = playgroundSession('playground-ratings', {
  diceSeed: 'playground-ratings',
  botStepMs: 100,
  screenshot: SCREENSHOT,
});
const tab = (): Page => session.tab();
const messageWith = (text: string | RegExp) => pageMessages(tab()).filter({ hasText: text });
/** The newest answer to a command the current user typed. */
const answerTo = (command: string) =>
  pageMessages(tab())
    .filter({ has: tab().locator('.used', { hasText: command }) })
    .last();

async function command(text: string): Promise<void> {
  await tab().locator('#command').fill(text);
  await tab().locator('#command').press('Enter');
  await expect.poll(() => tab().locator('#command').inputValue(), WAIT).toBe('');
}

async function actAs(username: string): Promise<void> {
  await tab().locator(`[data-user="${username}"]`).click();
  await tab().locator(`body[data-viewer="${username}"]`).waitFor(WAIT);
}

/** An image of the page, loaded: its natural width (0 while it is not). */
const loadedWidth = (img: Locator) => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth);

describe('ratings in the playground', () => {
  it('shows the rating on the results, in stats with its chart and on the leaderboard', async () => {
    expect(chromiumMissing()).toBeNull();
    const { fake, url } = session.playground;
    const page = await session.open({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);

    // Alice opens the smallest game (2 Free columns, one throw a turn) with a computer player and starts it: the
    // page takes her into its thread.
    await command('/olathe start free:2 down:0 up:0 throws:1 bots:1');
    const lobby = messageWith('Olathe — new game');
    await lobby.waitFor(WAIT);
    await lobby.getByRole('button', { name: '▶ Start' }).click();
    const thread = await fake.waitFor(() => fake.threads(fake.channelId)[0]);
    await page.locator(`body[data-view="${thread.id}"]`).waitFor(WAIT);

    // She plays every turn of hers on the page; the computer player plays between them.
    const results = messageWith(/game over/i);
    const turns = await playOnPageUntil(page, 'Alice', async () => (await results.count()) > 0);
    expect(turns).toBe(14);

    // The results: the computer player's fixed rating, and Alice's first rated game moving her from 1,500.
    const resultsText = await results.locator('.embed').first().innerText();
    expect(resultsText).toMatch(/📈 Ratings/);
    expect(resultsText).toMatch(/🤖 .+ [\d,]+ \(computer player: fixed rating\)/);
    const line = /@Alice 1,500\? → ([\d,]+)\? \(([+−])(\d+)\)/.exec(resultsText);
    expect(line, resultsText).not.toBeNull();
    const shown = line![1]!;
    const rating = Number(shown.replace(/,/g, ''));
    expect(rating - 1500).toBe((line![2] === '−' ? -1 : 1) * Number(line![3]));
    // The score sheets' picture is there, loaded.
    await expect.poll(() => loadedWidth(results.locator('.embed-image img')), WAIT).toBeGreaterThan(0);

    // Back in the channel, /olathe stats: the rating with its "?", one rated game, and the chart as a picture.
    await page.locator('#crumb').click();
    await page.locator(`body[data-view="${fake.channelId}"]`).waitFor(WAIT);
    await command('/olathe stats');
    const stats = answerTo('/olathe stats');
    await expect.poll(() => stats.innerText(), WAIT).toContain(`Olathe ${shown}?`);
    expect(await stats.innerText()).toMatch(/1 rated game/);
    const chart = stats.locator('.embed-image img');
    await expect.poll(() => loadedWidth(chart), WAIT).toBeGreaterThanOrEqual(300);
    const statsId = await stats.getAttribute('data-id');
    const sent = fake.messages(fake.channelId).find((m) => m.id === statsId)!;
    expect(sent.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    expect(await chart.getAttribute('src')).toBe(sent.attachments[0]!.url);
    await stats.screenshot({ path: SCREENSHOT });

    // /olathe leaderboard: by rating, Alice with the same number (computer players have no place on it).
    await command('/olathe leaderboard');
    const board = answerTo('/olathe leaderboard');
    await expect.poll(() => board.innerText(), WAIT).toMatch(/Leaderboard — rating/);
    expect(await board.innerText()).toMatch(new RegExp(`1\\. Alice — ${shown}\\? · 1 game`));

    // The season's podium goes to the channel Dana types; Alice may not choose it.
    await command('/olathe settings announcements:#dice');
    await expect.poll(() => answerTo('/olathe settings').innerText(), WAIT).toMatch(/can manage the server/);
    await actAs('dana');
    await command('/olathe settings announcements:#dice');
    await expect.poll(() => answerTo('/olathe settings').innerText(), WAIT).toMatch(/podium is posted in #dice/);
    expect(await page.locator('.notice.error').count()).toBe(0);

    expect(fake.breaches).toEqual([]);
    expect(session.botLog.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  }, 120_000);
});
