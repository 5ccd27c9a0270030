// The playground's Events in headless Chromium: a scheduled event made through the bot's REST, as a tournament
// makes one, appears in the sidebar with its name, start, status and location, follows its changes live, and
// leaves the list once deleted. Its name is shown as text, never as markup. The page with the event is kept as an
// artifact of the run (artifacts/playground-events.png).
import { REST } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ScheduledEvents } from '../../src/discord/scheduled-events';
import { chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';

const WAIT = { timeout: 15_000 };
const HOUR = 3_600_000;

const session = playgroundSession('playground-events');

async function openPage(): Promise<Page> {
  expect(chromiumMissing()).toBeNull();
  const page = await session.open({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(session.playground.url);
  await page.locator('body[data-viewer="alice"]').waitFor(WAIT);
  return page;
}

describe('the playground’s Events', () => {
  it('lists an event the bot created through REST and follows its status live', async () => {
    const page = await openPage();
    const { fake } = session.playground;
    // No events yet: the section is hidden, as Discord shows none.
    expect(await page.locator('#events').isHidden()).toBe(true);

    const rest = new REST({ api: fake.apiUrl, retries: 0 }).setToken(fake.botToken);
    const events = new ScheduledEvents(rest, fake.guildId);
    const start = new Date(fake.now() + HOUR);
    const made = await events.create({
      name: '<b>Friday</b> cup',
      channelName: 'dice',
      start,
      end: new Date(start.getTime() + 2 * HOUR),
    });
    if (made.kind !== 'ok') throw new Error(`no event: ${made.kind}`);

    const item = page.locator(`#event-list li[data-event="${made.eventId}"]`);
    await item.waitFor(WAIT);
    expect(await page.locator('#events').isVisible()).toBe(true);
    expect(await item.locator('.event-name').innerText()).toBe('<b>Friday</b> cup');
    expect(await item.locator('b').count()).toBe(0);
    expect(await item.locator('.event-location').innerText()).toBe('#dice');
    expect(await item.locator('.event-status').innerText()).toMatch(/scheduled/i);
    expect(await item.locator('time').getAttribute('datetime')).toBe(start.toISOString());
    await page.screenshot({ path: 'artifacts/playground-events.png' });

    expect((await events.start(made.eventId)).kind).toBe('ok');
    await page.locator(`#event-list li[data-event="${made.eventId}"][data-status="active"]`).waitFor(WAIT);
    expect(await item.locator('.event-status').innerText()).toMatch(/live/i);

    fake.deleteScheduledEvent(made.eventId);
    await item.waitFor({ ...WAIT, state: 'detached' });
    expect(await page.locator('#events').isHidden()).toBe(true);
    expect(fake.breaches).toEqual([]);
  });
});
