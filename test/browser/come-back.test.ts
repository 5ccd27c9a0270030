// Reasons to come back, in the playground, in headless Chromium: the daily challenge (its own thread, the rank and the
// solver's score on the results), the Rematch button of a finished game's results, and /olathe stats and the
// leaderboard's periods — typed and clicked the way a person would, and shown by the page as the bot sent them.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { playToTheEnd } from '../e2e/harness';
import { chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';

// Upper bounds, not expectations: 15 s was missed once in a full `npm test` run (three files at once on two
// cores, Chromium among them); a passing run is no slower for the longer bound.
const WAIT = { timeout: 30_000 };

const session = playgroundSession('come-back');
const tab = (): Page => session.tab();

const messages = () => tab().locator('#message-list article.message');
const messageWith = (text: string | RegExp) => messages().filter({ hasText: text });

async function command(text: string): Promise<void> {
  await tab().locator('#command').fill(text);
  await tab().locator('#command').press('Enter');
}

async function viewing(channelId: string): Promise<void> {
  await tab().locator(`body[data-view="${channelId}"]`).waitFor(WAIT);
}

async function openThread(name: RegExp): Promise<string> {
  const fake = session.playground.fake;
  const thread = await fake.waitFor(() => fake.threads(fake.channelId).find((t) => name.test(t.name)), 10_000);
  const link = tab().locator(`#threads a.thread[data-thread="${thread.id}"]`);
  await link.waitFor(WAIT);
  await link.click();
  await viewing(thread.id);
  return thread.id;
}

describe('reasons to come back, in the playground', () => {
  it('plays the daily challenge in its thread, opens a rematch, and shows stats and the leaderboard', async () => {
    expect(chromiumMissing()).toBeNull();
    await session.open({ viewport: { width: 1280, height: 1100 } });
    const page = tab();
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(session.playground.url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);

    // The daily challenge: announced in the channel, played in a thread of its own; quitting it still
    // scores it, and its results say where Alice ranks and what the expert solver made of the same dice.
    await command('/olathe daily');
    await messageWith(/takes on the daily challenge of \d{4}-\d\d-\d\d/).waitFor(WAIT);
    await openThread(/^📅 Daily \d{4}-\d\d-\d\d — Alice$/);
    await messageWith('@Alice, your turn').waitFor(WAIT);
    await command('/olathe quit');
    const daily = messageWith('Daily challenge');
    await daily.filter({ hasText: 'expert solver scored' }).waitFor(WAIT);
    expect(await daily.last().innerText()).toMatch(/Rank when you finished: #1 of 1 on this server/);
    // One attempt a day.
    await page.locator('#crumb').click();
    await viewing(session.playground.fake.channelId);
    await command('/olathe daily');
    const refusal = messages()
      .filter({ has: page.locator('.ephemeral-note') })
      .last();
    await expect.poll(() => refusal.innerText()).toMatch(/already|today/i);

    // A solo game on the smallest card, started from the page and played to its end through the loopback
    // Discord's handle: its results offer a rematch, which opens one lobby with the same seats.
    const fake = session.playground.fake;
    await command('/olathe start free:2 down:0 up:0 thread:false');
    const lobby = messageWith('Olathe — new game').last();
    await lobby.getByRole('button', { name: '▶ Start' }).click();
    await playToTheEnd(fake, [session.playground.users.find((u) => u.username === 'alice')!]);
    const results = messages().filter({ has: page.getByRole('button', { name: '🔁 Rematch' }) });
    await results.last().waitFor(WAIT);
    await results.last().getByRole('button', { name: '🔁 Rematch' }).click();
    await messageWith('Rematch lobby opened').waitFor(WAIT);
    const rematch = messageWith('Rematch of game').last();
    await expect.poll(() => rematch.innerText()).toMatch(/@Alice/);
    expect(await rematch.getByRole('button', { name: '▶ Start' }).count()).toBe(1);
    // A second click finds the same lobby.
    await results.last().getByRole('button', { name: '🔁 Rematch' }).click();
    await messageWith('already open').waitFor(WAIT);
    expect(await messageWith('Rematch of game').count()).toBe(1);

    // Stats and the leaderboard's periods.
    await command('/olathe stats');
    await messageWith(/Alice — statistics in this server/).waitFor(WAIT);
    await command('/olathe leaderboard period:week');
    await messageWith('Leaderboard — the last 7 days').waitFor(WAIT);
    expect(await page.locator('.notice.error').count()).toBe(0);
    expect(session.playground.fake.breaches).toEqual([]);
  }, 120_000);
});
