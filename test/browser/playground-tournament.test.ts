// A club night in the playground, in headless Chromium, from `/olathe tournament create` to the podium: Dana (who
// may manage events) hosts it without playing; Alice, Bob and Carol join by the sign-up's button; the host fills
// the field with a computer player and starts it now. The server's Events list follows it (scheduled, live,
// ended), the two tables appear as threads, and the night is played out: the person at the computer player's
// table on the page, the other two by clicks through the loopback Discord, the computer player on its own. The
// podium's picture and the final standings show in the channel (artifacts/playground-tournament.png).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { FakeDiscord, FakeUser } from '../../src/fake-discord';
import { playSimpleTurn, turnMessageOf } from '../e2e/harness';
import { chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';
import { pageMessages, playOnPageUntil } from './playground-turns';

const SCREENSHOT = join('artifacts', 'playground-tournament.png');
const WAIT = { timeout: 10_000 };
const DAY = 86_400_000;

const session = playgroundSession('playground-tournament', {
  diceSeed: 'playground-tournament',
  botStepMs: 100,
  screenshot: SCREENSHOT,
});
const tab = (): Page => session.tab();
const messageWith = (text: string | RegExp) => pageMessages(tab()).filter({ hasText: text });

async function command(text: string): Promise<void> {
  await tab().locator('#command').fill(text);
  await tab().locator('#command').press('Enter');
  await expect.poll(() => tab().locator('#command').inputValue(), WAIT).toBe('');
}

async function actAs(username: string): Promise<void> {
  await tab().locator(`[data-user="${username}"]`).click();
  await tab().locator(`body[data-viewer="${username}"]`).waitFor(WAIT);
}

const viewing = (channelId: string) => tab().locator(`body[data-view="${channelId}"]`).waitFor(WAIT);
const loadedWidth = (img: Locator) => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth);

/** The podium message in the channel, once the night is over. */
const podiumOf = (fake: FakeDiscord) =>
  fake.messages(fake.channelId).find((m) => /the podium/.test(m.embeds[0]?.title ?? ''));

/** Plays these people's turns by clicks through the loopback Discord until the night is over. */
async function playByClicks(fake: FakeDiscord, people: FakeUser[]): Promise<number> {
  let turns = 0;
  while (!podiumOf(fake)) {
    let played = false;
    for (const person of people) {
      const turn = turnMessageOf(fake, person);
      if (!turn) continue;
      await playSimpleTurn(fake, person, turn);
      played = true;
      turns++;
    }
    if (!played) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return turns;
}

describe('a tournament night in the playground', () => {
  it('runs from /olathe tournament create to the podium, with its threads and its event', async () => {
    expect(chromiumMissing()).toBeNull();
    const { fake, url, users } = session.playground;
    const page = await session.open({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(`${url}/?user=dana`);
    await page.locator('body[data-viewer="dana"]').waitFor(WAIT);
    expect(await page.locator('#events').isHidden()).toBe(true);

    // The command box offers the group's subcommands, then Dana types the night: quoted values with spaces,
    // whole numbers, the smallest card (2 Free columns, one throw a turn).
    await page.locator('#command').pressSequentially('/olathe tournament ');
    await expect
      .poll(() => page.locator('#suggestions .suggestion .name').allInnerTexts(), WAIT)
      .toContain('/olathe tournament create');
    const starts = new Date(fake.now() + DAY).toISOString().slice(0, 16).replace('T', ' ');
    await command(
      `/olathe tournament create name:"Friday club night" starts:"${starts}" rounds:1 table-size:2 free:2 down:0 up:0 throws:1`,
    );
    const created = messageWith('is open for sign-up');
    await created.waitFor(WAIT);
    const signup = messageWith('🏆 Friday club night').filter({ has: page.getByRole('button', { name: 'Join' }) });
    await signup.waitFor(WAIT);
    // Her answer links the sign-up message, as Discord's app draws a message link: it jumps there in the page.
    const link = created.locator('a.channel-mention', { hasText: '#dice › 💬' });
    await link.click();
    await expect.poll(() => signup.getAttribute('class'), WAIT).toContain('jumped');

    // The server's event is listed, scheduled, from the moment of the sign-up.
    const event = page.locator('#event-list li', { hasText: 'Friday club night' });
    await event.waitFor(WAIT);
    expect(await event.getAttribute('data-status')).toBe('scheduled');

    // Alice, Bob and Carol join by the button, each on their own page's turn.
    for (const name of ['alice', 'bob', 'carol']) {
      await actAs(name);
      await signup.getByRole('button', { name: 'Join' }).click();
    }
    await expect.poll(() => signup.innerText(), WAIT).toMatch(/Signed up \(3\)\s+Alice, Bob, Carol/);

    // Dana fills the field with a computer player and starts the night now: two tables, each a thread; she
    // plays at neither, so her page stays in the channel.
    await actAs('dana');
    await command('/olathe tournament fill');
    await messageWith('Computer players now fill the field up to 4 players.').waitFor(WAIT);
    await signup.getByRole('button', { name: /Start now/ }).click();
    await page.locator('#event-list li[data-status="active"]').waitFor(WAIT);
    expect(await event.locator('.event-status').innerText()).toMatch(/live/i);
    await expect.poll(() => page.locator('#threads a.thread').count(), WAIT).toBe(2);
    await viewing(fake.channelId);
    await messageWith(/Friday club night — round 1 of 1/).waitFor(WAIT);

    // The person at the computer player's table plays on the page; the other table by clicks.
    const threads = fake.threads(fake.channelId);
    const withComputer = threads.find((t) => t.name.includes('🤖'))!;
    const onPage = users.find((u) => u.username !== 'dana' && withComputer.name.includes(u.globalName!))!;
    const byClicks = users.filter((u) => !['dana', onPage.username].includes(u.username));
    const clicks = playByClicks(fake, byClicks);
    await actAs(onPage.username);
    await page.locator(`#threads a.thread[data-thread="${withComputer.id}"]`).click();
    await viewing(withComputer.id);
    const results = messageWith(/game over/i);
    const turns = await playOnPageUntil(page, onPage.globalName!, async () => (await results.count()) > 0);
    expect(turns).toBe(14);
    expect(await clicks).toBe(28);

    // The podium: its picture loaded, the final standings above it, the night's ratings; the event has ended.
    await page.locator('#channel-link').click();
    await viewing(fake.channelId);
    const podium = messageWith(/Friday club night — the podium/);
    await podium.waitFor(WAIT);
    const sent = podiumOf(fake)!;
    expect(sent.attachments.map((a) => a.contentType)).toEqual(['image/png']);
    const picture = podium.locator('.embed-image img');
    expect(await picture.getAttribute('src')).toBe(sent.attachments[0]!.url);
    await expect.poll(() => loadedWidth(picture), WAIT).toBeGreaterThanOrEqual(300);
    expect(await podium.innerText()).toMatch(/Ratings tonight/);
    const standings = messageWith(/Friday club night — final standings/);
    for (const name of ['Alice', 'Bob', 'Carol']) expect(await standings.innerText()).toContain(name);
    await page.locator('#event-list li[data-status="completed"]').waitFor(WAIT);
    expect(await event.locator('.event-status').innerText()).toMatch(/ended/i);
    // The channel keeps to its end once the pictures above have loaded and made it taller: the podium is in view.
    const belowView = () =>
      page.locator('#messages').evaluate((el) => {
        const box = el as unknown as { scrollHeight: number; scrollTop: number; clientHeight: number };
        return box.scrollHeight - box.scrollTop - box.clientHeight;
      });
    await expect.poll(belowView, WAIT).toBeLessThan(2);
    await page.screenshot({ path: SCREENSHOT });

    expect(fake.breaches).toEqual([]);
    expect(session.botLog.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  }, 150_000);
});
