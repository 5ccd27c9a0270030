// Balut on the board, in Chromium: the playground's bot, the real page and Embedded App SDK. Alice plays a
// solo Balut game to its results with the board's own buttons only — Balut's four Free columns and its "Balut" row,
// no declarations, everyone playing at once, three throws a turn (held dice kept, the Throw button counting down to
// none left), the "Ba-lut!" shout of a five of a kind (the seed makes the first throw one) — and what the board shows
// is checked against the channel's card (every cell its write menus offer, with the same points; the throw count;
// the stamp) and at the end against the saved game (every written cell's points) and the results message.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import type { BoardView } from '../../src/activity/protocol';
import type { FakeMessage } from '../../src/fake-discord';
import { CATEGORIES, scoreCard } from '../../src/game';
import { parseCellValue } from '../../src/discord/custom-id';
import { controlsOf, embedText, resultsMessage, turnMessageOf } from '../e2e/harness';
import { resultRows } from '../e2e/cards';
import { fiveOfAKindSeed } from '../e2e/seeds';
import { CHROMIUM, chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';
import { boardsReceivedBy } from './board-socket';

const WAIT = { timeout: 15_000 };
const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'artifacts');
const CELLS = 28;
/** Turns played with all three throws (a die held between them); the others write their first throw. */
const THREE_THROWS = new Set([1, 2, 15]);
const ROWS = ['Fours', 'Fives', 'Sixes', 'Straight', 'House', 'Choice', 'Balut'];

const session = playgroundSession('activity-balut', {
  diceSeed: fiveOfAKindSeed(),
  screenshot: join(ARTIFACTS, 'activity-balut.png'),
});

/** "column:category" → points, of every cell the card's write menus offer (Balut's two menus together). */
function cardOffers(card: FakeMessage): Map<string, number> {
  const offers = new Map<string, number>();
  for (const c of controlsOf(card).filter((c) => c.id?.action === 'write'))
    for (const option of c.options ?? []) {
      const cell = parseCellValue(option.value)!;
      const points = /— (?:(\d+) pts|scratch \(0\))$/.exec(option.label);
      offers.set(`${cell.column}:${cell.category}`, Number(points?.[1] ?? 0));
    }
  return offers;
}

/** The same from the board's drawing: each cell that can be clicked, and the points it shows. */
async function boardOffers(frame: Frame): Promise<Map<string, number>> {
  const cells = await frame
    .locator('[data-cell]:not([disabled])')
    .evaluateAll((buttons) => buttons.map((b) => [b.getAttribute('data-cell')!, Number(b.textContent)] as const));
  return new Map(cells);
}

/** The board's drawn card: "column:category" → the points shown in each written cell. */
async function drawnCells(frame: Frame): Promise<Map<string, number>> {
  const rows = await frame
    .locator('table.card tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const cells = new Map<string, number>();
  rows.forEach((row, r) => row.forEach((text, column) => cells.set(`${column}:${CATEGORIES[r]}`, Number(text))));
  return cells;
}

describe('Balut on the board', () => {
  it('is played to its results with the board’s buttons, matching the card and the saved game', async () => {
    expect(chromiumMissing(), CHROMIUM).toBeNull();
    const { fake, users, bot } = session.playground;
    const alice = users.find((u) => u.username === 'alice')!;
    const page = await session.open({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const boards = boardsReceivedBy(page);
    const boardWhere = async (check: (b: BoardView) => boolean): Promise<BoardView> => {
      await expect.poll(() => boards.length > 0 && check(boards.at(-1)!), WAIT).toBe(true);
      return boards.at(-1)!;
    };
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(`${session.playground.url}/?user=alice`);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);

    // A solo Balut game in the channel, started from its lobby; then the App Launcher's Launch opens the board.
    await page.locator('#command').fill('/olathe start variant:balut thread:false');
    await page.locator('#command').press('Enter');
    const lobby = page.locator('#message-list article.message').filter({ hasText: 'new game' });
    await lobby.getByRole('button', { name: '▶ Start' }).click();
    await fake.waitFor(() => turnMessageOf(fake, alice), WAIT.timeout);
    await page.locator('#open-board').click();
    const frame = await (await page.locator('#activity iframe').elementHandle(WAIT))!.contentFrame();
    if (!frame) throw new Error('the board did not open');

    // Balut's board: everyone plays at once, no column to declare, four Free columns and the Balut row.
    await frame.getByText('Everyone plays at once').waitFor(WAIT);
    const first = await boardWhere((b) => b.you?.acting === true);
    expect(first.variant).toBe('balut');
    expect(first.options).toMatchObject({ columns: ['free', 'free', 'free', 'free'], throwsPerTurn: 3 });
    expect(first.current).toBeNull();
    expect(await frame.locator('.declare').count()).toBe(0);
    expect(await frame.locator('table.card thead th').allInnerTexts()).toEqual([
      '',
      'Free 1',
      'Free 2',
      'Free 3',
      'Free 4',
    ]);
    expect(await frame.locator('table.card tbody th').allInnerTexts()).toEqual(ROWS);

    const throwButton = frame.locator('button.throw');
    const throwLabel = () => throwButton.innerText();
    let shoutSeen = false;
    for (let turn = 0; turn < CELLS; turn++) {
      await boardWhere((b) => b.you?.dice === null && b.players[0]!.cells.length === turn);
      await expect.poll(throwLabel, WAIT).toBe('🎲 Throw (3 left)');
      await throwButton.click();
      let thrown = await boardWhere((b) => b.you?.dice !== null && b.you?.throwsLeft === 2);
      if (turn === 0) {
        // The seed's first throw is five of a kind: Balut's own shout, once, over the board.
        await frame.locator('.shout').getByText('🎶 Ba-lut! 🎶').waitFor(WAIT);
        shoutSeen = true;
        expect(thrown.shouts).toHaveLength(1);
      }
      if (THREE_THROWS.has(turn)) {
        await frame.locator('.tray .die[data-die="0"]').click();
        const held = await boardWhere((b) => b.you?.held[0] === true);
        await expect.poll(throwLabel, WAIT).toBe('🎲 Throw (2 left)');
        await throwButton.click();
        await boardWhere((b) => b.you?.throwsLeft === 1);
        await throwButton.click();
        thrown = await boardWhere((b) => b.you?.throwsLeft === 0);
        // The third throw is the last: no Throw, no die to hold; the held die kept its face through both throws.
        await expect.poll(throwLabel, WAIT).toBe('No throws left — write your dice in a cell');
        expect(await throwButton.isDisabled()).toBe(true);
        expect(await frame.locator('.tray .die:not([disabled])').count()).toBe(0);
        expect(thrown.you!.dice![0]).toBe(held.you!.dice![0]);
      }
      if (turn === 0 || THREE_THROWS.has(turn)) {
        // The card is at the same moment: its stamp, its throw count, and every cell its menus offer, with the same
        // points the board shows (Balut: any empty cell of the four columns).
        const stamp = thrown.you!.stamp;
        const card = await fake.waitFor(() => {
          const c = turnMessageOf(fake, alice);
          const write = c && controlsOf(c).find((x) => x.id?.action === 'write');
          return write?.id && 'stamp' in write.id && write.id.stamp === stamp ? c : undefined;
        }, WAIT.timeout);
        const used = 3 - thrown.you!.throwsLeft;
        expect(embedText(card)).toContain(`Throw ${used} of 3`);
        expect(await boardOffers(frame)).toEqual(cardOffers(card));
        expect(cardOffers(card).size).toBe(CELLS - turn);
      }

      // Turn 0 writes the five of a kind in the Balut row; every other turn the cell that scores most now.
      const offers = await boardOffers(frame);
      const best = [...offers].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
      const cell = frame.locator(`[data-cell="${turn === 0 ? '0:olathe' : best}"]`);
      await cell.click();
      await frame.getByRole('button', { name: '✔ Write it' }).click();
      await boardWhere((b) => b.players[0]!.cells.length === turn + 1);
    }

    // The results: the board's, the saved game's and the channel's results message agree.
    await frame.locator('section.results').waitFor(WAIT);
    const final = boards.at(-1)!;
    expect(final.status).toBe('finished');
    const saved = (await bot.context.service.game(final.gameId))!;
    expect(saved.status).toBe('finished');
    const breakdown = scoreCard(saved.state!.players[0]!.card);
    const savedCells = new Map<string, number>();
    breakdown.columns.forEach((column, c) => {
      for (const category of CATEGORIES) savedCells.set(`${c}:${category}`, column.cells[category]!);
    });
    expect(await drawnCells(frame)).toEqual(savedCells);
    expect(savedCells.get('0:olathe')).toBeGreaterThanOrEqual(25);
    const standing = final.results!.standings[0]!;
    expect(standing).toMatchObject({ final: breakdown.final, rawTotal: breakdown.rawTotal });
    await frame.getByText(`Finished with ${breakdown.final} points.`).waitFor(WAIT);
    expect(await frame.locator('table.card tfoot .total').innerText()).toBe(`${breakdown.final} pts`);
    const results = await fake.waitFor(() => resultsMessage(fake), WAIT.timeout);
    expect(resultRows(results.embeds[0]!.description!).get('Alice')).toEqual({
      raw: breakdown.rawTotal,
      bonus: breakdown.incentiveTotal,
      mod: breakdown.modifier,
      final: breakdown.final,
    });
    // The Balut written in the Balut row is its bonus (+2), in the results as on the saved card.
    expect(breakdown.incentiveTotal).toBeGreaterThanOrEqual(2);
    // The score sheets the results message posts, drawn on the board too.
    await expect
      .poll(
        () => frame.locator('img.results-picture').evaluate((img: { naturalWidth: number }) => img.naturalWidth),
        WAIT,
      )
      .toBeGreaterThan(300);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.locator('#activity iframe').screenshot({ path: join(ARTIFACTS, 'board-balut.png') });

    expect(shoutSeen).toBe(true);
    expect(fake.breaches).toEqual([]);
  }, 120_000);
});
