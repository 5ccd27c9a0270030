// The playground's places outside its server, in headless Chromium: each person's DM with the app,
// where a solo game plays in the DM itself (no thread), and the group DM of Alice, Bob and Carol, listed with
// its members for them only, where /olathe is offered and reaches the bot, as in the server without the bot.
// A two-player game opens in the group DM: Bob joins it with a click, Alice starts it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';

const WAIT = { timeout: 15_000 };

const session = playgroundSession('dm-places');
const tab = (): Page => session.tab();

const messages = () => tab().locator('#message-list article.message');
const messageWith = (text: string | RegExp) => messages().filter({ hasText: text });
const placeLinks = () => tab().locator('#places a.place');

async function command(text: string): Promise<void> {
  await tab().locator('#command').fill(text);
  await tab().locator('#command').press('Enter');
}

async function viewing(channelId: string): Promise<void> {
  await tab().locator(`body[data-view="${channelId}"]`).waitFor(WAIT);
}

async function actAs(username: string): Promise<void> {
  await tab().locator(`[data-user="${username}"]`).click();
  await tab().locator(`body[data-viewer="${username}"]`).waitFor(WAIT);
}

function place(kind: 'dm' | 'group' | 'server', memberName: string) {
  const { playground } = session;
  const user = playground.users.find((u) => u.globalName === memberName)!;
  return playground.places.find((p) => p.kind === kind && p.memberIds.includes(user.id))!;
}

async function openPage(): Promise<Page> {
  expect(chromiumMissing()).toBeNull();
  const page = await session.open({ viewport: { width: 1280, height: 1100 } });
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(session.playground.url);
  await page.locator('body[data-viewer="alice"]').waitFor(WAIT);
  return page;
}

describe('the playground’s DMs', () => {
  it('plays a solo game in Alice’s DM with the app: the lobby and her turn card in the DM, no thread', async () => {
    const page = await openPage();
    const { fake } = session.playground;
    const dm = place('dm', 'Alice');

    // Her DM with the app is listed under Direct messages; it opens in place, as Discord shows a DM.
    const link = page.locator(`#places a.place[data-kind="dm"]`);
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('data-place')).toBe(dm.id);
    expect(await link.innerText()).toMatch(/Olathe\s*APP/);
    await link.click();
    await viewing(dm.id);
    expect(await page.locator('#channel-name').innerText()).toBe('Olathe');
    expect(await page.locator('#crumb').isHidden()).toBe(true);
    expect(new URL(page.url()).searchParams.get('place')).toBe(dm.id);

    // /olathe start there opens a solo lobby in the DM; its Start plays the game in the DM itself.
    await command('/olathe start');
    const lobby = messageWith('Olathe — new game').last();
    await lobby.waitFor(WAIT);
    expect(await lobby.locator('.used').innerText()).toMatch(/Alice\s+used\s+\/olathe start/);
    await lobby.getByRole('button', { name: '▶ Start' }).click();
    const turn = messageWith('@Alice, your turn').filter({ has: page.locator('.components') });
    await turn.first().waitFor(WAIT);
    await expect
      .poll(() => turn.first().getByRole('button').allInnerTexts())
      .toContainEqual(expect.stringMatching(/Throw/));
    const turnId = (await turn.first().getAttribute('data-id'))!;
    expect(fake.message(turnId)?.channelId).toBe(dm.id);
    // No thread: none started, none listed, no thread link under the lobby.
    expect(fake.threads()).toEqual([]);
    expect(await page.locator('#threads a.thread').count()).toBe(0);
    expect(await page.locator('a.thread-link').count()).toBe(0);
    // Nothing of it in the server's channel.
    expect(fake.messages(fake.channelId)).toEqual([]);

    // Bob, who switches in, sees his own DM with the app, not Alice's game.
    await actAs('bob');
    const bobDm = place('dm', 'Bob');
    await viewing(bobDm.id);
    expect(await messageWith('@Alice, your turn').count()).toBe(0);
    expect(await page.locator(`#places a.place[data-place="${dm.id}"]`).count()).toBe(0);
    expect(await page.locator('.notice.error').count()).toBe(0);
    expect(fake.breaches).toEqual([]);
  }, 90_000);

  it('lists the group DM with its members to them only, and /olathe there reaches the bot', async () => {
    const page = tab();
    const { fake } = session.playground;
    const group = place('group', 'Alice');
    await actAs('alice');

    // Listed for Alice with its three members…
    const link = page.locator(`#places a.place[data-kind="group"]`);
    expect(await link.getAttribute('data-place')).toBe(group.id);
    expect(await link.innerText()).toMatch(/Alice, Bob, Carol\s*3 members/);
    // …and not for Dana, who is not in it.
    await actAs('dana');
    expect(await placeLinks().evaluateAll((links) => links.map((l) => l.getAttribute('data-kind')))).toEqual([
      'dm',
      'server',
    ]);
    // Nor can her page fetch it, or send a command there.
    const dana = session.playground.users.find((u) => u.username === 'dana')!;
    const peek = await fetch(`${session.playground.url}/api/messages?user=${dana.id}&channel=${group.id}`);
    expect(peek.status).toBe(400);
    expect(((await peek.json()) as { error: string }).error).toBe('Dana is not in that conversation.');
    await actAs('alice');

    await link.click();
    await viewing(group.id);
    expect(await page.locator('#channel-name').innerText()).toBe('Alice, Bob, Carol');
    // The command box offers /olathe here, as Discord does for a global command with context 2.
    await page.locator('#command').pressSequentially('/olathe st');
    await expect
      .poll(() => page.locator('#suggestions .suggestion .name').allInnerTexts())
      .toEqual(['/olathe start', '/olathe stats']);
    await page.locator('#command').fill('');

    // The command reaches the bot, which answers in the group DM (its wording is not this test's business).
    const before = fake.requests.length;
    await command('/olathe start');
    const answer = messages()
      .filter({ has: page.locator('.used') })
      .last();
    await answer.waitFor(WAIT);
    expect(await answer.locator('.used').innerText()).toMatch(/Alice\s+used\s+\/olathe start/);
    expect(await answer.getAttribute('data-author')).toBe(fake.botUser.username);
    const callbacks = fake.requests.slice(before).filter((r) => /\/interactions\/\d+\/[^/]+\/callback$/.test(r.path));
    expect(callbacks.length).toBeGreaterThan(0);
    // It is a lobby everyone there sees: Bob joins it, Alice starts it, and the game plays in the group DM.
    await answer.filter({ hasText: 'Olathe — new game' }).waitFor(WAIT);
    await actAs('bob');
    await viewing(group.id);
    await messageWith('Olathe — new game').last().getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => messageWith('Olathe — new game').last().innerText()).toMatch(/Players 2\/8/);
    await actAs('alice');
    await viewing(group.id);
    await messageWith('Olathe — new game').last().getByRole('button', { name: '▶ Start' }).click();
    const turn = messageWith('@Alice, your turn').filter({ has: page.locator('.components') });
    await turn.first().waitFor(WAIT);
    expect(fake.threads()).toEqual([]);

    // So does the server without the bot, which Alice's own install of the app reaches.
    const away = place('server', 'Alice');
    await page.locator(`#places a.place[data-place="${away.id}"]`).click();
    await viewing(away.id);
    expect(await page.locator('#channel-name').innerText()).toBe('games');
    await command('/olathe start');
    const reply = messages().filter({ has: page.locator('.used') });
    await reply.last().waitFor(WAIT);
    expect(await reply.last().getAttribute('data-author')).toBe(fake.botUser.username);
    expect(await page.locator('.notice.error').count()).toBe(0);
  }, 60_000);
});
