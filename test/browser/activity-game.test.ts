// The board end to end in the playground: the real bot's Activity server behind the playground's
// /activity/, the real page and Embedded App SDK in Chromium. Alice and Bob, in one Activity instance with Carol,
// play a two-player Olathe game on the smallest card (two Free columns, one throw a turn: 14 turns each) to its
// results on the board; Carol watches and cannot act. The channel's card follows every board move, a throw made on
// the card reaches the boards within a second, a reload mid-turn comes back to the same moment, and Bob plays his
// whole game at phone width (360 px) with nothing off the screen. Screenshots of the board go to artifacts/
// (board-desktop.png, board-phone.png, board-results.png), of which docs/images/ keeps copies for the README and docs/PLAYING.md.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { FakeUser } from '../../src/fake-discord';
import type { BoardView } from '../../src/activity/protocol';
import { control, findControl, turnMessageOf } from '../e2e/harness';
import { CHROMIUM, chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';
import { boardsReceivedBy } from './board-socket';

const WAIT = { timeout: 15_000 };
/** Screenshots land in artifacts/ like the other browser tests'; docs/images/ keeps the docs' copies. */
const IMAGES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'artifacts');
const TURNS_EACH = 14;

const session = playgroundSession('activity-game', {
  diceSeed: 'activity-game',
  screenshot: join(IMAGES, 'activity-game.png'),
});

interface Person {
  user: FakeUser;
  page: Page;
  /** Every board the person's page received on its socket, newest last (read off the wire, not the drawing). */
  boards: BoardView[];
  frame(): Promise<Frame>;
}

async function person(username: string, page: Page): Promise<Person> {
  const user = session.playground.users.find((u) => u.username === username)!;
  const boards = boardsReceivedBy(page);
  page.setDefaultTimeout(WAIT.timeout);
  await page.goto(`${session.playground.url}/?user=${username}`);
  await page.locator(`body[data-viewer="${username}"]`).waitFor(WAIT);
  return {
    user,
    page,
    boards,
    async frame() {
      const handle = await page.locator('#activity iframe').elementHandle(WAIT);
      const frame = await handle?.contentFrame();
      if (!frame) throw new Error(`${username} has no board open`);
      return frame;
    },
  };
}

const latest = (p: Person): BoardView | undefined => p.boards.at(-1);

/** A rating before anyone's first rated game: where everyone starts, provisional (docs/RATINGS.md). */
const NEW_RATING = { rating: 1500, provisional: true, computer: false, change: null };
/** A rating's change as the board writes it in English: +14, -3, ±0. */
const signed = (n: number) => (n > 0 ? `+${n}` : n === 0 ? '±0' : String(n));

/** Waits until the person's newest board passes `check`; returns it. */
async function boardOf(p: Person, check: (b: BoardView) => boolean, timeout = WAIT.timeout): Promise<BoardView> {
  await expect.poll(() => latest(p) !== undefined && check(latest(p)!), { timeout }).toBe(true);
  return latest(p)!;
}

/** Nothing in the board's frame reaches past its right edge, and the frame is no wider than the phone. */
async function fitsOnScreen(frame: Frame, width: number): Promise<void> {
  const sizes = (await frame.evaluate(`(() => {
    const view = document.documentElement.clientWidth;
    let widest = 0;
    for (const el of document.querySelectorAll('main.board *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0) widest = Math.max(widest, r.right);
    }
    return { view, scroll: document.documentElement.scrollWidth, widest };
  })()`)) as { view: number; scroll: number; widest: number };
  expect(sizes.view).toBeLessThanOrEqual(width);
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.view);
  expect(sizes.widest).toBeLessThanOrEqual(sizes.view + 0.5);
}

/** The dice as the tray draws them (aria-labels), for comparing two drawings of one moment. */
const trayText = (frame: Frame) =>
  frame.locator('.tray .die').evaluateAll((dice) => dice.map((d) => d.getAttribute('aria-label')).join(' | '));

describe('a two-player game on the board, watched by a third person', () => {
  it('is played to its results on the board while the card, the spectator and a reload all follow', async () => {
    expect(chromiumMissing(), CHROMIUM).toBeNull();
    const { fake } = session.playground;
    const first = await session.open({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const alice = await person('alice', first);
    const bob = await person('bob', await first.context().newPage());
    await bob.page.setViewportSize({ width: 360, height: 780 });
    const carol = await person('carol', await first.context().newPage());

    // The lobby, from the channel: the smallest card, one throw a turn, in the channel itself.
    await alice.page.locator('#command').fill('/olathe start free:2 down:0 up:0 throws:1 thread:false');
    await alice.page.locator('#command').press('Enter');
    const lobbyIn = (p: Person) => p.page.locator('#message-list article.message').filter({ hasText: 'new game' });
    // The bot serves the Activity, so its lobby offers the board (the bot's own config, not the environment).
    await lobbyIn(alice).getByRole('button', { name: '🎲 Open the board' }).waitFor(WAIT);
    await lobbyIn(bob).getByRole('button', { name: 'Join' }).click();
    await expect.poll(() => lobbyIn(alice).innerText()).toMatch(/@Bob/);
    await lobbyIn(alice).getByRole('button', { name: '▶ Start' }).click();
    await fake.waitFor(() => turnMessageOf(fake, alice.user), WAIT.timeout);

    // Alice and Bob open the board from Alice's card (LAUNCH_ACTIVITY), Carol from the App
    // Launcher: one instance, three people in it.
    const aliceCard = (p: Person) =>
      p.page.locator('#message-list article.message').filter({ hasText: '@Alice, your turn' }).last();
    await aliceCard(alice).getByRole('button', { name: '🎲 Open the board' }).click();
    await aliceCard(bob).getByRole('button', { name: '🎲 Open the board' }).click();
    await carol.page.locator('#open-board').click();
    await expect.poll(() => fake.activityInstances().map((i) => i.userIds.length)).toEqual([3]);
    const frames = { alice: await alice.frame(), bob: await bob.frame(), carol: await carol.frame() };
    await frames.alice.getByText('Your turn').waitFor(WAIT);
    await frames.bob.getByText("Alice's turn").waitFor(WAIT);
    await frames.carol.getByText('You are watching').waitFor(WAIT);
    // Each seat's rating beside the name, as the server sent it: neither has a rated game yet, so 1,500 with "?".
    const opening = latest(carol)!;
    expect(opening.players.map((p) => p.rating)).toEqual([0, 1].map(() => expect.objectContaining(NEW_RATING)));
    await expect
      .poll(() => frames.carol.locator('.player-tab .rating').allInnerTexts(), WAIT)
      .toEqual(['1,500?', '1,500?']);

    // The spectator has nothing to press: no throw, no die, no cell.
    expect(await frames.carol.locator('button.throw').count()).toBe(0);
    expect(await frames.carol.locator('.tray .die:not([disabled])').count()).toBe(0);
    expect(await frames.carol.locator('[data-cell]:not([disabled])').count()).toBe(0);

    const players = [alice, bob];
    const frameOf = (p: Person) => (p === alice ? frames.alice : frames.bob);
    let boardTurns = 0;
    let cardTurns = 0;
    let reloaded = false;
    let fromCardMs = Number.NaN;
    for (let turn = 0; turn < 2 * TURNS_EACH; turn++) {
      const p = players[turn % 2]!;
      const seat = turn % 2;
      const frame = frameOf(p);
      const start = await boardOf(p, (b) => b.you?.acting === true && b.you.dice === null);
      // Olathe: the column is declared first (every Free column is offered), with its confirmation.
      if (start.you!.declarable.length > 0) {
        await frame.locator('.declare button.column').first().click();
        await frame.getByRole('button', { name: '✔ Declare it' }).click();
        await boardOf(p, (b) => b.you?.declarable.length === 0 && b.you.canThrow);
      }

      if (turn === 5) {
        // Bob throws with the card's button: every board shows his dice within a second.
        const card = turnMessageOf(fake, p.user)!;
        const clicked = Date.now();
        await fake.click(p.user, card.id, control(card, 'throw').customId).acked();
        const seen = (q: Person) => boardOf(q, (b) => b.players[seat]!.dice !== null, 1000);
        await Promise.all([seen(alice), seen(bob), seen(carol)]);
        fromCardMs = Date.now() - clicked;
        await frames.carol.locator('.tray .die[aria-label*=":"]').first().waitFor({ timeout: 1000 });
        cardTurns++;
      } else {
        await frame.locator('button.throw').click();
        boardTurns++;
      }
      const thrown = await boardOf(p, (b) => b.you?.dice !== null && b.you?.dice !== undefined);
      // The channel's card is at the same moment: its write menu carries the board's stamp.
      await fake.waitFor(() => {
        const card = turnMessageOf(fake, p.user);
        const write = card && findControl(card, 'write');
        return write?.id && 'stamp' in write.id && write.id.stamp === thrown.you!.stamp;
      }, WAIT.timeout);
      // The spectator's board follows: the same dice, drawn on the player's card as the player's own board draws them.
      await boardOf(carol, (b) => String(b.players[seat]!.dice) === String(thrown.players[seat]!.dice));
      await frameOf(p).locator('.tray .die[aria-label*=":"]').first().waitFor(WAIT);
      const drawn = await trayText(frameOf(p));
      await expect.poll(() => trayText(frames.carol), WAIT).toBe(drawn);

      if (turn === 2) {
        // A screenshot for the README: Alice's board on the desktop, her dice thrown.
        mkdirSync(IMAGES, { recursive: true });
        await alice.page.locator('#activity iframe').screenshot({ path: join(IMAGES, 'board-desktop.png') });
      }
      if (turn === 3 && !reloaded) {
        // Bob reloads mid-turn (dice thrown, nothing written): the board comes back to the same moment.
        reloaded = true;
        await frames.bob.locator('.tray .die[aria-label*=":"]').first().waitFor(WAIT);
        const before = await trayText(frames.bob);
        // Bob's board at phone width, his dice thrown, for docs/PLAYING.md.
        await bob.page.screenshot({ path: join(IMAGES, 'board-phone.png') });
        const boardsBefore = bob.boards.length;
        await frames.bob.evaluate('location.reload()');
        await expect.poll(() => bob.boards.length, WAIT).toBeGreaterThan(boardsBefore);
        frames.bob = await bob.frame();
        await frames.bob.locator('.tray .die[aria-label*=":"]').first().waitFor(WAIT);
        expect(await trayText(frames.bob)).toBe(before);
        expect(latest(bob)!.you!.stamp).toBe(thrown.you!.stamp);
        await frames.bob.getByText('No throws left').waitFor(WAIT);
      }
      if (p === bob) await fitsOnScreen(frames.bob, 360);

      // The first cell that can be written, then its confirmation.
      const written = thrown.players[seat]!.cells.length;
      await frameOf(p).locator('[data-cell]:not([disabled])').first().click();
      await frameOf(p).getByRole('button', { name: '✔ Write it' }).click();
      const after = await boardOf(p, (b) => b.players[seat]!.cells.length === written + 1);
      // The card follows: the turn passes in the channel too (or the game ends there).
      if (after.status === 'playing')
        await fake.waitFor(() => turnMessageOf(fake, players[(turn + 1) % 2]!.user), WAIT.timeout);
    }

    // The results, on every board; the spectator gets no rematch button.
    for (const frame of [frames.alice, frames.bob, frames.carol]) await frame.locator('section.results').waitFor(WAIT);
    const final = latest(alice)!;
    expect(final.status).toBe('finished');
    expect(final.results?.standings.map((s) => s.name).sort()).toEqual(['Alice', 'Bob']);
    expect(await frames.carol.locator('button.rematch').count()).toBe(0);
    // The ratings the game left, with their change, as rating_history saved them, beside each name in the results.
    const { service } = session.playground.bot.context;
    const saved = await Promise.all(
      final.results!.standings.map(async (s) => {
        const [row] = await service.ratings.history(players[s.seat]!.user.id, 'olathe', 1);
        expect(row?.gameId).toBe(final.gameId);
        expect(final.players[s.seat]!.rating).toMatchObject({
          rating: row!.ratingAfter,
          change: row!.ratingAfter - row!.ratingBefore,
        });
        return `${row!.ratingAfter.toLocaleString('en')}? (${signed(row!.ratingAfter - row!.ratingBefore)})`;
      }),
    );
    expect(await frames.carol.locator('section.results .standings .rating').allInnerTexts()).toEqual(saved);
    expect(await frames.alice.locator('button.rematch').count()).toBe(1);
    await fitsOnScreen(frames.bob, 360);
    await alice.page.locator('#activity iframe').screenshot({ path: join(IMAGES, 'board-results.png') });

    expect(boardTurns).toBe(2 * TURNS_EACH - 1);
    expect(cardTurns).toBe(1);
    expect(fromCardMs).toBeLessThan(1000);
    expect(fake.breaches).toEqual([]);
  }, 240_000);
});
