// For activity.bench.ts: the board's first paint in the playground (npm start's page, the built dist/activity/), in
// headless Chromium as the browser tests launch it (test/browser/chromium.ts). Alice has a solo Balut game in the
// channel; 🎲 Board opens the Activity's frame. A script in the frame notes when the SDK's READY reaches it (what
// ready() waits for) and when the first board is drawn (its player tabs in the DOM, then the next animation frame):
// the page itself marks neither.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Frame } from 'playwright-core';
import { createLogger } from '../../src/app/logger';
import type { Playground } from '../../src/playground/playground';
import { startPlayground } from '../../src/playground/playground';
import { commands } from '../../commands';
import { chromiumMissing, launchChromium } from '../../test/browser/chromium';
import { Board } from '../support/controls';

export interface Paint {
  /** From READY at the frame to the first board drawn, ms (null: READY was not seen). */
  readyToPaintMs: number | null;
  /** From the click on 🎲 Board to the first board drawn, ms: the frame's load and the sign-in included. */
  openToPaintMs: number;
}

const WAIT = { timeout: 15_000 };

const NOTE_TIMES = `if (window !== window.top) {
  window.addEventListener('message', (event) => {
    const d = event.data;
    if (window.__ready === undefined && Array.isArray(d) && d[1] && d[1].evt === 'READY') window.__ready = performance.now();
  });
  new MutationObserver((_, observer) => {
    if (!document.querySelector('.player-tab')) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__painted = performance.now(); });
  }).observe(document, { subtree: true, childList: true });
}`;

/** Opens the board `times` times (the first with a cold cache); null with the reason when there is no Chromium. */
export async function firstPaints(times: number): Promise<Paint[] | string> {
  const missing = chromiumMissing();
  if (missing) return missing;
  const dir = mkdtempSync(join(tmpdir(), 'olathe-bench-paint-'));
  let playground: Playground | undefined;
  let context: BrowserContext | undefined;
  try {
    playground = await startPlayground({
      port: 0,
      databasePath: join(dir, 'playground.sqlite'),
      log: createLogger('warn', () => {}),
      diceSeed: 'bench',
      commands,
    });
    const { fake } = playground;
    const alice = playground.users[0]!;
    const shown = new Board(fake);
    await fake.slash(alice, 'olathe', { variant: 'balut' }, { subcommand: 'start' }).acked();
    const lobby = await fake.waitFor(() => shown.latest((id) => id.action === 'start'), 10_000);
    await fake.click(alice, lobby.message.id, lobby.controls[0]!.customId).acked();
    await fake.waitFor(() => shown.latest((id) => id.action === 'throw'), 10_000);

    context = await launchChromium(dir, { viewport: { width: 1280, height: 900 } });
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(WAIT.timeout);
    await page.addInitScript({ content: NOTE_TIMES });
    await page.goto(playground.url);
    await page.locator('body[data-viewer="alice"]').waitFor(WAIT);
    const paints: Paint[] = [];
    for (let i = 0; i < times; i++) {
      const t0 = performance.now();
      await page.locator('#open-board').click();
      const handle = await page.locator('#activity iframe').elementHandle(WAIT);
      const frame: Frame | null | undefined = await handle?.contentFrame();
      if (!frame) throw new Error('the Activity has no frame');
      await frame.waitForFunction('window.__painted !== undefined', undefined, WAIT);
      const openToPaintMs = performance.now() - t0;
      const [ready, painted] = (await frame.evaluate('[window.__ready ?? null, window.__painted]')) as [
        number | null,
        number,
      ];
      paints.push({ readyToPaintMs: ready === null ? null : painted - ready, openToPaintMs });
      await page.locator('.activity-close').click();
      await page.locator('#activity iframe').waitFor({ state: 'detached', ...WAIT });
    }
    return paints;
  } finally {
    await context?.close();
    await playground?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
