// The Activity in the playground, as Discord's client opens it: 🎲 Board launches the app's Entry Point
// in the channel, the playground page shows the Activity's own page in an iframe with Discord's query
// (frame_id, instance_id, platform, channel_id, guild_id) under the playground's origin, and answers the real
// Embedded App SDK's messages — handshake and READY, AUTHORIZE with a code from the loopback Discord for the
// person selected, AUTHENTICATE — after which the page exchanges its code with the bot's Activity server, opens
// its socket and draws what the server sends — the bot's own Activity server, which the playground gives an
// ACTIVITY_PORT and forwards /activity/ to.
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { BoardView } from '../../src/activity/board-view';
import type { ClientMessage } from '../../src/activity/protocol';
import { CHROMIUM, chromiumMissing } from './chromium';
import { playgroundSession } from './playground-session';

const WAIT = { timeout: 15_000 };

const session = playgroundSession('activity-board');

/** The Activity's frame in the playground page, once its iframe has loaded. */
async function boardFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('#activity iframe').elementHandle(WAIT);
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('the Activity has no frame');
  return frame;
}

describe('the board in the playground', () => {
  it('opens as Discord opens an Activity: the SDK is answered, Alice is authorized and authenticated, the board draws', async () => {
    expect(chromiumMissing(), CHROMIUM).toBeNull();
    const page = await session.open({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(WAIT.timeout);
    const { fake } = session.playground;
    // The answers the SDK gets from its parent, the playground page (read inside the Activity's frame).
    const sdkCommands: string[] = [];
    await page.exposeFunction('recordSdkCommand', (cmd: string) => sdkCommands.push(cmd));
    // A script, not a function: the project's TypeScript has no DOM library (the page's own has, src/activity/page).
    await page.addInitScript({
      content: `if (window !== window.top) window.addEventListener('message', (event) => {
        const data = event.data;
        if (Array.isArray(data) && data[0] === 1 && data[1] && typeof data[1].cmd === 'string' && data[1].cmd !== 'DISPATCH')
          window.recordSdkCommand(data[1].cmd);
      });`,
    });
    await page.goto(session.playground.url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);

    await page.locator('#open-board').click();
    const frame = await boardFrame(page);
    const instance = fake.activityInstances()[0];
    expect(instance?.userIds).toEqual([session.playground.users[0]!.id]);
    // Discord's query, as the SDK's constructor reads it.
    const query = new URL(frame.url()).searchParams;
    expect(new URL(frame.url()).origin).toBe(new URL(session.playground.url).origin);
    expect(Object.fromEntries(query)).toMatchObject({
      instance_id: instance!.instanceId,
      platform: 'desktop',
      channel_id: fake.channelId,
      guild_id: fake.guildId,
    });
    expect(query.get('frame_id')).toBeTruthy();

    // The page got through ready(), authorize, the token exchange and authenticate, and opened its socket.
    await frame.locator('body[data-ready="true"]').waitFor(WAIT);
    expect(sdkCommands.filter((c) => c === 'AUTHORIZE' || c === 'AUTHENTICATE')).toEqual(['AUTHORIZE', 'AUTHENTICATE']);
    // The bot's server answered api/config and api/token, then the socket: no game in the channel yet.
    await frame.getByText('No game in this channel yet').waitFor(WAIT);

    // Closing the Activity leaves the instance; it ends with its last person, as Discord's does.
    await page.locator('.activity-close').click();
    await expect.poll(() => fake.activityInstances().length).toBe(0);
  });

  it('draws the board it is sent at phone width: a die held and a cell written (after its confirmation) become moves', async () => {
    const page = session.tab();
    await page.setViewportSize({ width: 360, height: 780 });
    // The live socket answered by the test with one board, as the server's would be: a Danish game drawn exactly.
    const sent: ClientMessage[] = [];
    await page.context().routeWebSocket(/\/activity\/api\/live$/, (ws) => {
      ws.onMessage((data) => {
        const message = JSON.parse(String(data)) as ClientMessage;
        sent.push(message);
        if (message.t !== 'hello') return;
        ws.send(JSON.stringify({ t: 'welcome', userId: session.playground.users[0]!.id, seat: 0, locale: 'da' }));
        ws.send(JSON.stringify({ t: 'board', board: aBoard() }));
      });
    });
    await page.locator('#open-board').click();
    const frame = await boardFrame(page);
    // Danish, as the welcome said; the viewer's turn with five dice and 18 in Sixes waiting.
    await frame.getByText('Din tur').waitFor(WAIT);
    expect(await frame.locator('.tray .die').count()).toBe(5);
    expect(sent[0]).toMatchObject({ t: 'hello', channelId: session.playground.fake.channelId });
    // Her rating beside her name, as Danish writes numbers, "?" while provisional, and what it is on hovering.
    const rating = frame.locator('.player-tab[data-seat="0"] .rating');
    expect(await rating.innerText()).toBe('1.538?');
    expect(await rating.getAttribute('title')).toBe(
      'Rating i Olathe: 1.538? (“?”: foreløbig, den er ved at falde på plads)',
    );
    // A tournament's table: the night's panel, halves as Danish writes them, her own row marked.
    expect(await frame.locator('.tournament').innerText()).toMatch(
      /Fredag[\s\S]*Runde 2 af 3 · Bord 1[\s\S]*1\s+Alice \(dig\)\s+2,5\s+1\.204/,
    );
    expect(await frame.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    await frame.locator('.tray .die[data-die="3"]').press('Enter');
    await expect
      .poll(() => sent.at(-1))
      .toMatchObject({ t: 'move', move: { kind: 'hold', die: 3, held: true, stamp: '0.1' } });

    const moves = sent.length;
    await frame.locator('[data-cell="0:sixes"]').click();
    await frame.getByText('for 18 point').waitFor(WAIT);
    expect(sent.length).toBe(moves);
    await frame.getByRole('button', { name: '✔ Skriv det' }).click();
    await expect
      .poll(() => sent.at(-1))
      .toMatchObject({ t: 'move', move: { kind: 'write', column: 0, category: 'sixes', stamp: '0.1' } });
    // A cell the card would not offer now is not a button that can be pressed.
    expect(await frame.locator('[data-cell="0:fours"]').isDisabled()).toBe(true);
    await page.locator('.activity-close').click();
  });
});

/**
 * One seat's Olathe game on one ↓ Down column, its first throw on the table: 6 6 6 2 3; Alice rated 1538?, at table 1
 * of a tournament's round 2, sharing first place.
 */
function aBoard(): BoardView {
  const dice: NonNullable<BoardView['players'][number]['dice']> = [6, 6, 6, 2, 3];
  const held = [false, false, false, false, false];
  return {
    gameId: 1,
    variant: 'olathe',
    options: { columns: ['down'], throwsPerTurn: 3, predictions: false, hints: false },
    status: 'playing',
    locale: 'da',
    version: 3,
    players: [
      {
        seat: 0,
        name: 'Alice',
        isBot: false,
        left: null,
        total: 0,
        rawTotal: 0,
        cells: [],
        dice,
        held,
        column: 0,
        prediction: null,
        deadline: null,
        rating: { rating: 1538, provisional: true, computer: false, change: null },
      },
    ],
    current: 0,
    acting: [0],
    viewerSeat: 0,
    you: {
      seat: 0,
      acting: true,
      stamp: '0.1',
      dice,
      held,
      throwsLeft: 2,
      canThrow: true,
      canHold: true,
      declarable: [],
      free: [
        { column: 0, category: 'fours', points: 0, writable: false, scratch: true },
        { column: 0, category: 'sixes', points: 18, writable: true, scratch: false },
      ],
      predict: null,
      hint: null,
    },
    shouts: [],
    results: null,
    tournament: {
      id: 4,
      name: 'Fredag',
      status: 'running',
      round: 2,
      rounds: 3,
      table: 1,
      rows: [
        { rank: 1, name: 'Alice', points: 2.5, finalPoints: 1204, dropped: false, you: true },
        { rank: 1, name: 'Bob', points: 2.5, finalPoints: 1204, dropped: false, you: false },
      ],
      skipped: 0,
      people: 2,
    },
  } as BoardView;
}
