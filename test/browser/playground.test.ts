// The playground in a real browser: Debian's headless Chromium, driven by playwright-core, plays the start of
// a game the way a person would — type the command, switch users, click, pick from selects, follow the game
// into its thread — and keeps a screenshot of the page as an artifact of the run (artifacts/playground.png).
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CHROMIUM, chromiumMissing } from './chromium';
import { dieButtonLook, playgroundSession } from './playground-session';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOT = join(ROOT, 'artifacts', 'playground.png');
const WAIT = { timeout: 10_000 };

const session = playgroundSession('playground', { screenshot: SCREENSHOT });
const tab = (): Page => session.tab();

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

/** Waits until the page shows this channel or thread (its messages fetched). */
async function viewing(channelId: string): Promise<void> {
  await tab().locator(`body[data-view="${channelId}"]`).waitFor(WAIT);
}

/** The open turn message of a player: it pings them and still has controls. */
function turnOf(name: string): Locator {
  return messageWith(`@${name}, your turn`).filter({ has: tab().locator('.components') });
}

describe('the playground in headless Chromium', () => {
  it('starts a game, joins, throws, holds and writes a cell; keeps a screenshot', async () => {
    // Never skipped: npm install brings Chromium (@sparticuz/chromium); without it this test fails and says why.
    expect(chromiumMissing(), CHROMIUM).toBeNull();
    const page = await session.open({ viewport: { width: 1280, height: 1280 } });
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(session.playground.url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);

    // The command box suggests commands and completes them, as Discord's does.
    await page.locator('#command').pressSequentially('/olathe st');
    await expect
      .poll(() => page.locator('#suggestions .suggestion .name').allInnerTexts())
      .toEqual(['/olathe start', '/olathe stats']);
    await page.locator('#command').pressSequentially('ar');
    await expect.poll(() => page.locator('#suggestions .suggestion .name').allInnerTexts()).toEqual(['/olathe start']);
    await page.locator('#command').press('Tab');
    expect(await page.locator('#command').inputValue()).toBe('/olathe start ');
    expect(await page.locator('#composer-hint').innerText()).toContain('[variant:olathe|balut]');

    // A typing mistake is a plain usage error, not a crash.
    await command('/olathe start variant:yahtzee');
    await expect
      .poll(() => page.locator('.notice.error').innerText())
      .toContain('"yahtzee" is not one of olathe, balut');

    // Alice opens a game by typing the command.
    await command('/olathe start');
    await messageWith('Olathe — new game').waitFor(WAIT);
    const lobbyId = (await messageWith('Olathe — new game').getAttribute('data-id'))!;
    const lobby = messages().and(page.locator(`[data-id="${lobbyId}"]`));
    await expect.poll(() => page.locator('.notice.error').count()).toBe(0);
    expect(await lobby.locator('.used').innerText()).toMatch(/Alice\s+used\s+\/olathe start/);
    expect(await page.locator('#command').inputValue()).toBe('');

    // Bob joins from the lobby.
    await actAs('bob');
    await lobby.getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => lobby.locator('.embed').innerText()).toMatch(/Players 2\/8\s+@Alice\s+@Bob/);

    // Alice starts it: the game gets a thread started from the lobby, listed under the channel in the sidebar,
    // and Alice, who is in the game, is taken into it.
    await actAs('alice');
    const channelId = session.playground.fake.channelId;
    expect(await page.locator('#threads a.thread').count()).toBe(0);
    await lobby.getByRole('button', { name: '▶ Start' }).click();
    const thread = await session.playground.fake.waitFor(() => session.playground.fake.threads(channelId)[0]);
    expect(thread.id).toBe(lobbyId);
    const sidebarThread = page.locator(`#threads a.thread[data-thread="${thread.id}"]`);
    await sidebarThread.waitFor(WAIT);
    expect(await sidebarThread.textContent()).toBe(`🧵 ${thread.name}`);
    expect(thread.name).toMatch(/^🎲 Olathe #\d+ — Alice, Bob$/);
    await viewing(thread.id);
    expect(await page.locator('#channel-name').innerText()).toBe(thread.name);
    expect(await sidebarThread.getAttribute('aria-current')).toBe('page');

    // Back in the channel (the header's crumb), the lobby links to its thread, as Discord shows it; the turns
    // are not in the channel.
    await page.locator('#crumb').click();
    await viewing(channelId);
    await expect.poll(() => lobby.locator('.embed-title').innerText()).toContain('in play');
    const threadLink = lobby.locator('a.thread-link');
    expect(await threadLink.textContent()).toBe(`🧵 ${thread.name} — open thread`);
    expect(await turnOf('Alice').count()).toBe(0);

    // The link opens the thread (from the keyboard, too): the lobby on top, then Alice's turn.
    await threadLink.focus();
    await page.keyboard.press('Enter');
    await viewing(thread.id);
    expect(new URL(page.url()).searchParams.get('thread')).toBe(thread.id);
    expect(await messages().first().getAttribute('class')).toContain('starter');
    expect(await messages().first().locator('a.thread-link').count()).toBe(0);

    // Her turn is posted in the thread, pings her, and her name in the switcher shows a turn waiting.
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

    // The dice are the application's die emojis, each a picture; none is held yet.
    const firstDie = turn.locator('button.die').first();
    await expect.poll(async () => (await dieButtonLook(firstDie)).face).not.toBeNull();
    const { face } = await dieButtonLook(firstDie);
    expect(await dieButtonLook(firstDie)).toEqual({ face, held: false, primary: false });
    // Hold the first die: it shows the held drawing of the same face on a primary (blurple) button, the card
    // says so with the held picture, and the die survives the next throw.
    await firstDie.click();
    await expect.poll(() => dieButtonLook(firstDie)).toEqual({ face, held: true, primary: true });
    expect(await turn.locator('.embed-description').innerText()).toContain('held:');
    expect(
      await turn.locator('.embed-description img.emoji').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('alt'))),
    ).toContain(`:die_${face}_held:`);
    await throwButton.click();
    await expect.poll(() => throwButton.innerText()).toContain('1 left');
    expect(await dieButtonLook(firstDie)).toEqual({ face, held: true, primary: true });

    // Write the dice in a cell from the select: the turn collapses into one line of game log.
    const writeSelect = turn.locator('select[aria-label^="Write your dice"]');
    const choices = (await writeSelect.locator('option').allInnerTexts()).slice(1); // after the placeholder
    const points = (label: string) => Number(/(\d+) pts/.exec(label)?.[1] ?? 0);
    const best = choices.reduce((a, b) => (points(b) > points(a) ? b : a));
    const cell = best.replace(/ \(.*$/, '');
    await writeSelect.selectOption({ label: best });
    const logLine = messages().filter({
      has: page.locator('.content', { hasText: new RegExp(`^Alice wrote \\d+ in ${cell} \\(`) }),
    });
    await logLine.waitFor(WAIT);
    expect(await logLine.locator('.components').count()).toBe(0);
    expect(await logLine.locator('.content strong').innerText()).toBe('Alice');

    // Now it is Bob's turn: his name gets the waiting badge. Switching to him keeps the thread open; he
    // leaves it and comes back from the sidebar. He declares, throws, holds two dice.
    const bobsTurn = turnOf('Bob');
    await bobsTurn.waitFor(WAIT);
    await expect.poll(() => page.locator('[data-user="bob"] .badge').count()).toBe(1);
    await actAs('bob');
    await viewing(thread.id);
    await page.locator('#channel-link').click();
    await viewing(channelId);
    await sidebarThread.click();
    await viewing(thread.id);
    await bobsTurn.locator('select[aria-label^="Declare your column"]').selectOption({ index: 1 });
    const bobsThrow = bobsTurn.getByRole('button', { name: /Throw/ });
    await expect.poll(() => bobsThrow.isEnabled()).toBe(true);
    await bobsThrow.click();
    await expect.poll(() => bobsTurn.locator('button.die').count()).toBe(5);
    for (const die of [0, 1]) {
      await bobsTurn.locator('button.die').nth(die).click();
      await expect.poll(async () => (await dieButtonLook(bobsTurn.locator('button.die').nth(die))).held).toBe(true);
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

    // The screenshot: Alice in the game's thread, Bob's turn card with held dice and her refusal under it.
    expect(await page.locator('#channel-name').innerText()).toBe(thread.name);
    await expect.poll(() => bobsTurn.locator('button.die').count()).toBe(5);
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(existsSync(SCREENSHOT)).toBe(true);
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(30_000);

    // A command typed in the thread is used in the thread: its answer shows there.
    await command('/olathe card');
    const cardReply = messages().filter({ has: page.locator('.used', { hasText: '/olathe card' }) });
    await cardReply.waitFor(WAIT);
    const alice = session.playground.users.find((u) => u.username === 'alice')!;
    await session.playground.fake.waitFor(() =>
      session.playground.fake.messagesVisibleTo(alice, thread.id).some((m) => m.ephemeralFor === alice.id),
    );
    expect(
      session.playground.fake.messages(channelId).filter((m) => m.ephemeralFor === alice.id && m.interactionId),
    ).toHaveLength(0);

    expect(session.playground.fake.breaches).toEqual([]);
    expect(session.botLog.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  }, 120_000);

  it('shows a thread started while the channel is open, and refuses commands for unknown channels', async () => {
    const { fake, users, url } = session.playground;
    const [alice, , carol] = users;
    const page = tab();
    const post = (body: unknown) =>
      fetch(`${url}/api/command`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // Carol, in no game, looks at the channel; someone starts a thread from a message there: it appears in
    // the sidebar and under the message, and she stays in the channel until she opens it.
    await actAs('carol');
    await page.locator('#channel-link').click();
    await viewing(fake.channelId);
    const said = fake.say(alice!, 'Rules questions go in the thread');
    await messageWith('Rules questions go in the thread').waitFor(WAIT);
    const thread = fake.startThread(alice!, said.id, 'rules');
    const link = messageWith('Rules questions go in the thread').locator('a.thread-link');
    await link.waitFor(WAIT);
    expect(await link.textContent()).toBe('🧵 rules — open thread');
    const entries = page.locator('#threads a.thread');
    await expect
      .poll(() => entries.allTextContents())
      .toEqual([expect.stringMatching(/^🧵 🎲 Olathe #\d+ — Alice, Bob$/), '🧵 rules']);
    expect(await page.locator('body').getAttribute('data-view')).toBe(fake.channelId);

    // A message in a thread she is not looking at marks it unread in the sidebar; opening it shows it.
    fake.say(alice!, `<@${carol!.id}> see the rules`, thread.id);
    await expect.poll(() => entries.last().getAttribute('class')).toContain('unread');
    expect(await entries.last().locator('.unread-badge').innerText()).toBe('1');
    await entries.last().click();
    await viewing(thread.id);
    await messageWith('see the rules').waitFor(WAIT);
    expect(await entries.last().getAttribute('class')).not.toContain('unread');

    // A command for the thread is used in it.
    const used = await post({ user: carol!.id, text: '/olathe help', channel: thread.id });
    expect(used.status).toBe(200);
    const { interactionId } = (await used.json()) as { interactionId: string };
    const reply = await fake.waitForMessage((m) => m.interactionId === interactionId);
    expect(reply.channelId).toBe(thread.id);
    await messages()
      .filter({ has: page.locator('.used', { hasText: '/olathe help' }) })
      .waitFor(WAIT);

    // A moderator deletes the thread she is looking at: the page goes back to the channel and says why.
    fake.deleteChannel(thread.id);
    await viewing(fake.channelId);
    await expect
      .poll(() => page.locator('.notice.warn').allInnerTexts())
      .toEqual([expect.stringContaining('This thread was deleted')]);
    await expect.poll(() => entries.count()).toBe(1);
    expect(await messageWith('Rules questions go in the thread').locator('a.thread-link').count()).toBe(0);

    // Bad input from a page is a 400 with a short reason, never a crash.
    for (const channel of ['nope', 42, { id: fake.channelId }, '123456789012345678', thread.id]) {
      const response = await post({ user: carol!.id, text: '/olathe help', channel });
      expect(response.status, JSON.stringify(channel)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/channel/);
    }
    expect((await fetch(`${url}/api/messages?user=${carol!.id}&channel=nope`)).status).toBe(400);
    expect((await fetch(`${url}/api/messages?user=${carol!.id}&channel=${thread.id}`)).status).toBe(400);
    expect((await post({ user: carol!.id, text: '/olathe help', channel: fake.channelId })).status).toBe(200);
    expect((await fetch(`${url}/api/state`)).status).toBe(200);

    expect(fake.breaches).toEqual([]);
  }, 60_000);
});
