// The playground on a phone: headless Chromium at 400 × 800 with touch plays a turn the way a person on a phone
// would — the command box, the switcher above it, the ☰ drawer with the channel's threads, the turn's buttons and
// selects — and after every step nothing is wider than the screen, except inside a box meant to scroll sideways
// (a code block's card table, the switcher). The screenshot is kept for docs/TESTING.md: artifacts/playground-phone.png.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { REST, Routes } from 'discord.js';
import { chromiumMissing } from './chromium';
import { dieButtonLook, playgroundSession } from './playground-session';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOT = join(ROOT, 'artifacts', 'playground-phone.png');
const PHONE = { width: 400, height: 800 };
const WAIT = { timeout: 10_000 };

/** Boxes meant to scroll sideways: what is inside them may be wider than the screen. */
const SCROLL_BOXES = '.md-block, .switcher';

/**
 * Runs in the page: how wide the document is, how far the message list scrolls sideways, and each visible
 * element that reaches past the screen's edges outside a box meant to scroll (.app clips its children, so the
 * document's width alone would not show them).
 */
const MEASURE = `(() => {
  const vw = document.documentElement.clientWidth;
  const inside = (r) => r.left >= -0.5 && r.right <= vw + 0.5;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || inside(r)) continue;
    const box = el.parentElement && el.parentElement.closest(${JSON.stringify(SCROLL_BOXES)});
    if (box && inside(box.getBoundingClientRect())) continue;
    wide.push(name(el) + ' spans ' + Math.round(r.left) + '..' + Math.round(r.right) + ' px');
  }
  const list = document.getElementById('messages');
  return {
    viewport: vw,
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    messagesSideways: list.scrollWidth - list.clientWidth,
    wide: wide.slice(0, 12),
  };
})()`;

const session = playgroundSession('phone', { screenshot: SCREENSHOT });
const tab = (): Page => session.tab();

/** Nothing reaches past the screen's edges: checked after every step, named by the step. */
async function fitsTheScreen(step: string): Promise<void> {
  const measured = (await tab().evaluate(MEASURE)) as Record<string, unknown>;
  // scrollWidth is never below the viewport's width, so "at most 400" is "exactly 400".
  expect({ step, ...measured }).toEqual({
    step,
    viewport: PHONE.width,
    document: PHONE.width,
    body: PHONE.width,
    messagesSideways: 0,
    wide: [],
  });
}

const messages = () => tab().locator('#message-list article.message');
const messageWith = (text: string | RegExp) => messages().filter({ hasText: text });
const turnOf = (name: string): Locator =>
  messageWith(`@${name}, your turn`).filter({ has: tab().locator('.components') });

/** Acts as another person with the switcher above the command box (the sidebar is out of sight on a phone). */
async function actAs(username: string): Promise<void> {
  await tab().locator(`#switcher [data-as="${username}"]`).tap();
  await tab().locator(`body[data-viewer="${username}"]`).waitFor(WAIT);
}

describe('the playground on a phone (400 × 800)', () => {
  it('plays a turn — start, join, throw, hold, write — with nothing wider than the screen', async () => {
    expect(chromiumMissing()).toBeNull();
    await session.open({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const page = tab();
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(session.playground.url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);
    // The sidebar is behind ☰; the channel, the switcher and the command box share the screen.
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    expect(await page.locator('#switcher [data-as]').count()).toBe(4);
    await fitsTheScreen('the empty channel');

    // The command box: suggestions fit, and the command is sent from the keyboard.
    await page.locator('#command').tap();
    await page.locator('#command').pressSequentially('/olathe st');
    await page.locator('#suggestions .suggestion').first().waitFor(WAIT);
    await fitsTheScreen('the command suggestions');
    await page.locator('#command').fill('/olathe start');
    await page.locator('#command').press('Enter');
    await messageWith('Olathe — new game').waitFor(WAIT);
    const lobbyId = (await messageWith('Olathe — new game').getAttribute('data-id'))!;
    const lobby = messages().and(page.locator(`[data-id="${lobbyId}"]`));
    await fitsTheScreen('the lobby');

    await actAs('bob');
    await lobby.getByRole('button', { name: 'Join' }).tap();
    await expect.poll(() => lobby.locator('.embed').innerText()).toMatch(/@Alice\s+@Bob/);
    await actAs('alice');
    await lobby.getByRole('button', { name: '▶ Start' }).tap();

    // Alice is taken into the game's thread; the header leads back to the channel.
    const thread = await session.playground.fake.waitFor(
      () => session.playground.fake.threads(session.playground.fake.channelId)[0],
    );
    await page.locator(`body[data-view="${thread.id}"]`).waitFor(WAIT);
    expect(await page.locator('#crumb').isVisible()).toBe(true);
    const turn = turnOf('Alice');
    await turn.waitFor(WAIT);
    await fitsTheScreen("Alice's turn before the first throw");

    // The drawer lists the thread under the channel; a choice in it closes it.
    await page.locator('#menu').tap();
    expect(await page.locator('#sidebar').isVisible()).toBe(true);
    await page.locator(`#threads a.thread[data-thread="${thread.id}"]`).waitFor(WAIT);
    await fitsTheScreen('the drawer');
    await page.locator('#channel-link').tap();
    await page.locator(`body[data-view="${session.playground.fake.channelId}"]`).waitFor(WAIT);
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    await lobby.locator('a.thread-link').tap();
    await page.locator(`body[data-view="${thread.id}"]`).waitFor(WAIT);

    // Declare a column, throw, hold a die, throw again.
    const throwButton = turn.getByRole('button', { name: /Throw/ });
    await turn.locator('select[aria-label^="Declare your column"]').selectOption({ index: 1 });
    await expect.poll(() => throwButton.isEnabled()).toBe(true);
    await throwButton.tap();
    await expect.poll(() => turn.locator('button.die').count()).toBe(5);
    const firstDie = turn.locator('button.die').first();
    await expect.poll(async () => (await dieButtonLook(firstDie)).face).not.toBeNull();
    expect((await dieButtonLook(firstDie)).held).toBe(false);
    await firstDie.tap();
    // Held: the die's held drawing on a primary (blurple) button.
    await expect.poll(() => dieButtonLook(firstDie)).toMatchObject({ held: true, primary: true });
    await throwButton.tap();
    await expect.poll(() => throwButton.innerText()).toContain('1 left');
    await fitsTheScreen('the turn card after two throws');
    // Its card table is a code block: it scrolls inside its own box if it must, never the page.
    expect(await turn.locator('.md-block').count()).toBeGreaterThan(0);

    await turn.scrollIntoViewIfNeeded();
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(20_000);

    // Write the dice: the turn collapses into a log line, and Bob's turn comes.
    const writeSelect = turn.locator('select[aria-label^="Write your dice"]');
    await writeSelect.selectOption({ index: 1 });
    await messages()
      .filter({ has: page.locator('.content', { hasText: /^Alice wrote \d+ in / }) })
      .waitFor(WAIT);
    await turnOf('Bob').waitFor(WAIT);
    await expect.poll(() => page.locator('#switcher [data-as="bob"] .badge').count()).toBe(1);
    await fitsTheScreen('after the write');

    // Wider than any phone: a code block in a message and in an embed scroll inside their own boxes, and a long
    // word (a link) wraps.
    const wide = Array.from({ length: 6 }, (_, i) => `row ${i} ${'│ 88 '.repeat(16)}`).join('\n');
    const rest = new REST({ api: session.playground.fake.apiUrl }).setToken(session.playground.fake.botToken);
    await rest.post(Routes.channelMessages(thread.id), {
      body: {
        content: `https://example.com/${'a'.repeat(150)}\n\`\`\`\n${wide}\n\`\`\``,
        embeds: [{ title: 'A wide card', description: `\`\`\`\n${wide}\n\`\`\`` }],
      },
    });
    const posted = messageWith('A wide card');
    await posted.waitFor(WAIT);
    await posted.scrollIntoViewIfNeeded();
    const postedId = await posted.getAttribute('data-id');
    const blocks = `[...document.querySelectorAll('[data-id="${postedId}"] .md-block')]`;
    expect(await page.evaluate(`${blocks}.map((el) => el.scrollWidth > el.clientWidth)`)).toEqual([true, true]);
    await fitsTheScreen('a message wider than the screen');

    expect(existsSync(SCREENSHOT)).toBe(true);
    expect(session.playground.fake.breaches).toEqual([]);
    expect(session.botLog.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  }, 120_000);
});
