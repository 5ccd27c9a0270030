// The playground in a real browser: Debian's headless Chromium, driven by playwright-core, plays the start of
// a game the way a person would — type the command, switch users, click, pick from selects — and keeps a
// screenshot of the page as an artifact of the run (artifacts/playground.png).
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { createLogger } from '../../src/logger';
import type { Playground } from '../../src/playground/playground';
import { startPlayground } from '../../src/playground/playground';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT = join(ROOT, 'artifacts', 'playground.png');
const WAIT = { timeout: 10_000 };

let dir: string;
let playground: Playground | undefined;
let context: BrowserContext | undefined;
let opened: Page | null = null;
/** The browser tab (opened by the test once chromium is known to be there). */
const tab = (): Page => {
  if (!opened) throw new Error('the browser is not open');
  return opened;
};
const botLog: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'olathe-playground-'));
  playground = await startPlayground({ port: 0, databasePath: join(dir, 'playground.sqlite'), log: createLogger('warn', (line) => botLog.push(line)) });
}, 60_000);

async function openBrowser(): Promise<Page> {
  context = await chromium.launchPersistentContext(join(dir, 'chromium-profile'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 1280 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const first = context.pages()[0] ?? (await context.newPage());
  first.setDefaultTimeout(WAIT.timeout);
  return first;
}

// When a step fails, the page as it was is the quickest way to see why.
afterEach(async (test) => {
  if (test.task.result?.state !== 'fail' || !opened) return;
  mkdirSync(dirname(SCREENSHOT), { recursive: true });
  await opened.screenshot({ path: SCREENSHOT.replace(/\.png$/, '-failure.png') }).catch(() => undefined);
});

afterAll(async () => {
  await context?.close();
  await playground?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The channel's messages, newest last. */
const messages = () => tab().locator('#message-list article.message');
const messageWith = (text: string | RegExp) => messages().filter({ hasText: text });

async function actAs(username: string): Promise<void> {
  const page = tab();
  await page.locator(`[data-user="${username}"]`).click();
  // The channel is fetched again as the new user sees it.
  await page.locator(`body[data-viewer="${username}"]`).waitFor(WAIT);
}

async function command(text: string): Promise<void> {
  const page = tab();
  await page.locator('#command').fill(text);
  await page.locator('#command').press('Enter');
}

/** The open turn message of a player: it pings them and still has controls. */
function turnOf(name: string): Locator {
  return messageWith(`@${name}, your turn`).filter({ has: tab().locator('.components') });
}

describe('the playground in headless Chromium', () => {
  it('starts a game, joins, throws, holds and writes a cell; keeps a screenshot', async () => {
    // Never skipped: CI installs Debian's chromium (.ci/run); without it this test fails and says why.
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), or set CHROMIUM_PATH`).toBe(true);
    opened = await openBrowser();
    const page = tab();
    await page.goto(playground!.url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);

    // The command box suggests commands and completes them, as Discord's does.
    await page.locator('#command').pressSequentially('/olathe st');
    await expect.poll(() => page.locator('#suggestions .suggestion .name').allInnerTexts()).toEqual(['/olathe start']);
    await page.locator('#command').press('Tab');
    expect(await page.locator('#command').inputValue()).toBe('/olathe start ');
    expect(await page.locator('#composer-hint').innerText()).toContain('[variant:olathe|balut]');

    // A typing mistake is a plain usage error, not a crash.
    await command('/olathe start variant:yahtzee');
    await expect.poll(() => page.locator('.notice.error').innerText()).toContain('"yahtzee" is not one of olathe, balut');

    // Alice opens a game by typing the command.
    await command('/olathe start');
    const lobby = messageWith('Olathe — new game');
    await lobby.waitFor(WAIT);
    await expect.poll(() => page.locator('.notice.error').count()).toBe(0);
    expect(await lobby.locator('.used').innerText()).toMatch(/Alice\s+used\s+\/olathe start/);
    expect(await page.locator('#command').inputValue()).toBe('');

    // Bob joins from the lobby.
    await actAs('bob');
    await lobby.getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => lobby.locator('.embed').innerText()).toMatch(/Players 2\/8\s+@Alice\s+@Bob/);

    // Alice starts it; her turn is posted, pings her, and her name in the switcher shows a turn waiting.
    await actAs('alice');
    await lobby.getByRole('button', { name: '▶ Start' }).click();
    const turn = turnOf('Alice');
    await turn.waitFor(WAIT);
    expect(await turn.getAttribute('class')).toContain('mentioned');
    await expect.poll(() => page.locator('[data-user="alice"] .badge').count()).toBe(1);

    // Declare a column, throw.
    const throwButton = turn.getByRole('button', { name: /Throw/ });
    expect(await throwButton.isDisabled()).toBe(true);
    await turn.locator('select[aria-label^="Declare your column"]').selectOption({ index: 1 });
    await expect.poll(() => throwButton.isEnabled()).toBe(true);
    await throwButton.click();
    await expect.poll(() => turn.locator('button.die').count()).toBe(5);
    await expect.poll(() => throwButton.innerText()).toContain('2 left');

    // Hold the first die: it turns primary (blurple) and shows the lock; it survives the next throw.
    const firstDie = turn.locator('button.die').first();
    await firstDie.click();
    await expect.poll(() => firstDie.innerText()).toContain('🔒');
    expect(await firstDie.getAttribute('class')).toContain('s1');
    expect(await turn.locator('.embed-description').innerText()).toMatch(/held: [⚀-⚅]/u);
    const heldFace = await firstDie.innerText();
    await throwButton.click();
    await expect.poll(() => throwButton.innerText()).toContain('1 left');
    expect(await firstDie.innerText()).toBe(heldFace);

    // Write the dice in a cell from the select: the turn collapses into one line of game log.
    const writeSelect = turn.locator('select[aria-label^="Write your dice"]');
    const choices = (await writeSelect.locator('option').allInnerTexts()).slice(1); // after the placeholder
    const points = (label: string) => Number(/(\d+) pts/.exec(label)?.[1] ?? 0);
    const best = choices.reduce((a, b) => (points(b) > points(a) ? b : a));
    const cell = best.replace(/ \(.*$/, '');
    await writeSelect.selectOption({ label: best });
    const logLine = messages().filter({ has: page.locator('.content', { hasText: new RegExp(`^Alice wrote \\d+ in ${cell} \\(`) }) });
    await logLine.waitFor(WAIT);
    expect(await logLine.locator('.components').count()).toBe(0);
    expect(await logLine.locator('.content strong').innerText()).toBe('Alice');

    // Now it is Bob's turn: his name gets the waiting badge. He declares, throws, holds two dice.
    const bobsTurn = turnOf('Bob');
    await bobsTurn.waitFor(WAIT);
    await expect.poll(() => page.locator('[data-user="bob"] .badge').count()).toBe(1);
    await actAs('bob');
    await bobsTurn.locator('select[aria-label^="Declare your column"]').selectOption({ index: 1 });
    const bobsThrow = bobsTurn.getByRole('button', { name: /Throw/ });
    await expect.poll(() => bobsThrow.isEnabled()).toBe(true);
    await bobsThrow.click();
    await expect.poll(() => bobsTurn.locator('button.die').count()).toBe(5);
    for (const die of [0, 1]) {
      await bobsTurn.locator('button.die').nth(die).click();
      await expect.poll(() => bobsTurn.locator('button.die').nth(die).innerText()).toContain('🔒');
    }

    // Alice pokes Bob's card: the bot refuses with a message only she can see.
    await actAs('alice');
    await bobsTurn.locator('button.die').nth(2).click();
    const refusal = messageWith("This is Bob's card");
    await refusal.waitFor(WAIT);
    expect(await refusal.getAttribute('class')).toContain('ephemeral');
    expect(await refusal.locator('.ephemeral-note').innerText()).toContain('Only you can see this');
    await actAs('bob');
    await expect.poll(() => messageWith("This is Bob's card").count()).toBe(0);
    await actAs('alice');
    await refusal.waitFor(WAIT);

    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(existsSync(SCREENSHOT)).toBe(true);
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(30_000);

    expect(playground!.fake.breaches).toEqual([]);
    expect(botLog.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  }, 120_000);
});
