// kill -9 of the bot mid-game with the board open in Chromium: the real page and Embedded App SDK, in
// the playground's page (activity-host.ts), against the production bot process the e2e harness spawns with
// ACTIVITY_PORT. Alice and Bob each have the board open; Alice has declared, thrown and held a die when the bot is
// killed. While it is gone the page says the connection dropped and that it tries again — also when Alice clicks a
// die, which plays nothing. The bot is started again on the same database and port; each page reconnects by its
// own backoff, without a reload, to the same moment (version, stamp, dice, holds, drawn the same), and the game
// goes on from the board: Alice's write passes the turn on the channel's card, and Bob's declaration reaches his.
// Discord fails each page's first hello after the restart (503 on the instance): refused for now, tried again; the
// next is held a moment, and the page, connected but not yet answered, says it is joining and sends no move.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import type { FakeUser } from '../../src/fake-discord';
import type { BoardView, ServerMessage } from '../../src/activity/protocol';
import type { PlaygroundServer } from '../../src/playground/server';
import type { World } from '../e2e/harness';
import { findControl, turnMessageOf, waitForTurn } from '../e2e/harness';
import { launchAndStart, startActivityWorld } from '../e2e/activity-world';
import en from '../../src/discord/i18n/locales/en';
import { freePort } from '../support/ports';
import { CHROMIUM, chromiumMissing, launchChromium } from './chromium';
import { pageInFrontOf } from './activity-host';

// Upper bounds, not expectations: 15 s was missed once in a full `npm test` run (three files at once on two
// cores, Chromium among them); a passing run is no slower for the longer bound.
const WAIT = { timeout: 30_000 };
/**
 * The page's pauses grow to 10 s between tries, and a hello Discord fails (below) is one more: after the bot is back,
 * two of the longest and a refusal fit with room for a loaded machine.
 */
const RECONNECT_MS = 40_000;

let world: World;
let activityPort: number;
let host: PlaygroundServer | undefined;
let context: BrowserContext | undefined;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'olathe-activity-kill-'));
  activityPort = await freePort();
  world = await startActivityWorld(activityPort, 'activity-kill');
  host = await pageInFrontOf(world, activityPort);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await host?.close();
  await world?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Person {
  user: FakeUser;
  page: Page;
  /** Every board and every move's result the page received on its socket, newest last. */
  boards: BoardView[];
  results: Extract<ServerMessage, { t: 'result' }>[];
  refusals: Extract<ServerMessage, { t: 'refused' }>[];
  /** How many moves the page sent. */
  movesSent: number;
  /** How many times the page's socket to the board opened. */
  sockets: number;
  frame(): Promise<Frame>;
}

async function person(user: FakeUser, page: Page): Promise<Person> {
  const p: Person = {
    user,
    page,
    boards: [],
    results: [],
    refusals: [],
    movesSent: 0,
    sockets: 0,
    async frame() {
      const handle = await page.locator('#activity iframe').elementHandle(WAIT);
      const frame = await handle?.contentFrame();
      if (!frame) throw new Error(`${user.username} has no board open`);
      return frame;
    },
  };
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/activity/api/live')) return;
    p.sockets++;
    ws.on('framesent', ({ payload }) => {
      if ((JSON.parse(String(payload)) as { t?: string }).t === 'move') p.movesSent++;
    });
    ws.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as ServerMessage;
      if (message.t === 'board') p.boards.push(message.board);
      if (message.t === 'result') p.results.push(message);
      if (message.t === 'refused') p.refusals.push(message);
    });
  });
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(`${host!.url}/?user=${user.username}`);
  await page.locator(`body[data-viewer="${user.username}"]`).waitFor(WAIT);
  // The App Launcher's Launch in the channel: the instance Alice launched, joined.
  await page.locator('#open-board').click();
  return p;
}

/** Waits until the person's newest board passes `check`; returns it. */
async function boardOf(p: Person, check: (b: BoardView) => boolean, timeout = WAIT.timeout): Promise<BoardView> {
  await expect.poll(() => p.boards.length > 0 && check(p.boards.at(-1)!), { timeout }).toBe(true);
  return p.boards.at(-1)!;
}

/** The dice as the tray draws them (aria-labels). */
const trayText = (frame: Frame) =>
  frame.locator('.tray .die').evaluateAll((dice) => dice.map((d) => d.getAttribute('aria-label')).join(' | '));

const noticeOf = (frame: Frame) => frame.locator('main.board p.notice');

describe('the board in Chromium across a kill -9 of the bot', () => {
  it('reconnects by itself to the same moment, and the game goes on from the board', async () => {
    expect(chromiumMissing(), CHROMIUM).toBeNull();
    const { fake, users } = world;
    // deploy-commands ran before the Developer Portal's switch (launchAndStart): its Entry Point was refused, as
    // on Discord. Only what the bot does from here on counts.
    const breachesBefore = fake.breaches.length;
    const { instanceId } = await launchAndStart(world, []);
    context = await launchChromium(dir, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const alice = await person(users.alice, context.pages()[0] ?? (await context.newPage()));
    const bob = await person(users.bob, await context.newPage());
    await expect.poll(() => fake.activityInstance(instanceId)?.userIds.length).toBe(2);
    const frames = { alice: await alice.frame(), bob: await bob.frame() };
    await frames.alice.getByText('Your turn').waitFor(WAIT);
    await frames.bob.getByText("Alice's turn").waitFor(WAIT);

    // Mid-turn: Alice declares a column, throws and holds her first die, all on the board.
    await frames.alice.locator('.declare button.column').first().click();
    await frames.alice.getByRole('button', { name: '✔ Declare it' }).click();
    await boardOf(alice, (b) => b.you?.declarable.length === 0 && b.you.canThrow);
    await frames.alice.locator('button.throw').click();
    await boardOf(alice, (b) => b.you?.dice != null);
    await frames.alice.locator('.tray .die[data-die="0"]').click();
    const before = await boardOf(alice, (b) => b.you?.held[0] === true);
    await boardOf(bob, (b) => b.version === before.version);
    const drawn = await trayText(frames.alice);
    expect(drawn).toMatch(/Die 1: [1-6], held/);
    // Bob looks at Alice's card: her dice on his board too (a choice the page keeps, not the server).
    await frames.bob.locator('.player-tab[data-seat="0"]').click();
    await expect.poll(() => trayText(frames.bob), WAIT).toBe(drawn);
    const socketsBefore = { alice: alice.sockets, bob: bob.sockets };
    // A mark in each board's document: still there afterwards, so the page came back without a reload.
    for (const frame of [frames.alice, frames.bob]) await frame.evaluate('window.keptAcrossTheKill = true');

    expect(await world.bot.kill('SIGKILL')).toBeNull();
    expect(world.bot.child.signalCode).toBe('SIGKILL');
    const killed = Date.now();

    // While the bot is gone, each page says what is true: the connection dropped, and it tries again.
    const dropped = /^The connection dropped — trying again in \d+ s…$/;
    for (const frame of [frames.alice, frames.bob])
      await expect.poll(() => noticeOf(frame).innerText(), WAIT).toMatch(dropped);
    // Two tries later the pause has grown (0.5, 1, then 2 s). A click now is not a move: nothing is sent, nothing
    // refused, and the note still says when the next try is.
    await expect.poll(() => alice.sockets, WAIT).toBeGreaterThanOrEqual(socketsBefore.alice + 2);
    await expect.poll(() => noticeOf(frames.alice).innerText(), WAIT).toMatch(/trying again in [2-9] s/);
    const waiting = await noticeOf(frames.alice).innerText();
    const sentBefore = alice.movesSent;
    await frames.alice.locator('.tray .die[data-die="1"]').click();
    expect(await noticeOf(frames.alice).innerText()).toBe(waiting);
    expect(await frames.alice.locator('main.board').innerText()).not.toMatch(/earlier moment|newest card|cannot show/i);

    // Once the bot is back, Discord fails the first question each board's hello asks of it (is this person in the
    // instance?): the server refuses for now, and the page tries again rather than stopping for good. The next
    // hellos are held unanswered a moment: the page is connected but not yet answered.
    const route = 'GET /applications/:app/activity-instances/:instance';
    const hiccup = fake.injectFault({ route, kind: 'status', status: 503, times: 2 });
    const held = fake.injectFault({ route, kind: 'stall', times: 2 });
    await world.restart();
    const restarted = Date.now();
    await expect.poll(() => held.hits, { timeout: RECONNECT_MS }).toBe(2);
    // Connected, not answered: the board drawn is still the last connection's, which the page says, and a click
    // on it sends nothing (it would have been refused: no game yet on this socket, or a stamp gone stale).
    for (const frame of [frames.alice, frames.bob])
      await expect.poll(() => noticeOf(frame).innerText(), WAIT).toBe('Joining the game…');
    await frames.alice.locator('.tray .die[data-die="1"]').click();
    expect(await noticeOf(frames.alice).innerText()).toBe('Joining the game…');
    const boardsAt = { alice: alice.boards.length, bob: bob.boards.length };
    held.release();

    // Each page is back on a new socket it opened by itself (no reload: the same document) with the board again.
    await expect.poll(() => alice.boards.length > boardsAt.alice, { timeout: RECONNECT_MS }).toBe(true);
    await expect.poll(() => bob.boards.length > boardsAt.bob, { timeout: RECONNECT_MS }).toBe(true);
    const backAfterMs = Date.now() - restarted;
    expect(alice.sockets).toBeGreaterThan(socketsBefore.alice);
    expect(bob.sockets).toBeGreaterThan(socketsBefore.bob);
    for (const frame of [frames.alice, frames.bob]) expect(await frame.evaluate('window.keptAcrossTheKill')).toBe(true);
    expect(hiccup.hits).toBe(2);
    const refusals = [...alice.refusals, ...bob.refusals];
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    for (const r of refusals) expect(r).toEqual({ t: 'refused', reason: en.board.server.discordDown, retry: true });
    expect(alice.movesSent).toBe(sentBefore);
    expect(alice.results.some((r) => !r.ok)).toBe(false);

    // The same moment: version, stamp, dice and holds, drawn as before; the die clicked meanwhile not held.
    const back = alice.boards.at(-1)!;
    expect(back.version).toBe(before.version);
    expect(back.you!.stamp).toBe(before.you!.stamp);
    expect(back.you!.dice).toEqual(before.you!.dice);
    expect(back.you!.held).toEqual(before.you!.held);
    expect(bob.boards.at(-1)!.players[0]!.dice).toEqual(before.players[0]!.dice);
    await expect.poll(() => trayText(frames.alice), WAIT).toBe(drawn);
    await expect.poll(() => noticeOf(frames.alice).count(), WAIT).toBe(0);
    await expect.poll(() => trayText(frames.bob), WAIT).toBe(drawn);

    // The game goes on from the board: Alice writes, and the channel's card passes the turn to Bob.
    await frames.alice.locator('[data-cell]:not([disabled])').first().click();
    await frames.alice.getByRole('button', { name: '✔ Write it' }).click();
    await waitForTurn(fake, users.bob, WAIT.timeout);
    expect(alice.results.at(-1)).toMatchObject({ ok: true });
    await boardOf(alice, (b) => b.players[0]!.cells.length === 1 && b.current === 1);
    // Bob declares on his board, reconnected too; his card follows.
    await frames.bob.getByText('Your turn').waitFor(WAIT);
    await frames.bob.locator('.player-tab[data-seat="1"]').click();
    await frames.bob.locator('.declare button.column').first().click();
    await frames.bob.getByRole('button', { name: '✔ Declare it' }).click();
    await fake.waitFor(() => {
      const card = turnMessageOf(fake, users.bob);
      return card && !findControl(card, 'declare') && findControl(card, 'throw') !== null;
    }, WAIT.timeout);

    console.log(
      `activity-kill: the bot was away ${restarted - killed} ms; the boards were back ${backAfterMs} ms after it was ready`,
    );
    expect(fake.breaches.slice(breachesBefore)).toEqual([]);
  }, 120_000);
});
