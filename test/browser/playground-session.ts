// One playground and one Chromium for a browser test file: the playground starts before the tests on a database
// in a temporary folder, the test opens the browser (once it has checked Chromium is there), a failing test
// leaves a screenshot of the page beside its artifact, and everything is stopped and removed afterwards.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { createLogger } from '../../src/app/logger';
import type { Playground } from '../../src/playground/playground';
import { startPlayground } from '../../src/playground/playground';
import { commands } from '../../commands';
import { launchChromium } from './chromium';

export interface PlaygroundSession {
  /** The running playground (from the file's beforeAll on). */
  readonly playground: Playground;
  /** Every line the bot logged. */
  readonly botLog: string[];
  /** Starts Chromium with these options and returns its tab. */
  open(options?: BrowserContextOptions): Promise<Page>;
  /** The open tab. */
  tab(): Page;
}

export function playgroundSession(
  name: string,
  options: { diceSeed?: string; screenshot?: string; botStepMs?: number } = {},
): PlaygroundSession {
  let dir = '';
  let playground: Playground | undefined;
  let context: BrowserContext | undefined;
  let opened: Page | null = null;
  const botLog: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `olathe-${name}-`));
    playground = await startPlayground({
      port: 0,
      databasePath: join(dir, 'playground.sqlite'),
      log: createLogger('warn', (line) => botLog.push(line)),
      diceSeed: options.diceSeed ?? null,
      ...(options.botStepMs !== undefined && { botStepMs: options.botStepMs }),
      commands,
    });
  }, 60_000);

  // When a step fails, the page as it was is the quickest way to see why.
  afterEach(async (test) => {
    const { screenshot } = options;
    if (!screenshot || test.task.result?.state !== 'fail' || !opened) return;
    mkdirSync(dirname(screenshot), { recursive: true });
    await opened.screenshot({ path: screenshot.replace(/\.png$/, '-failure.png') }).catch(() => undefined);
  });

  afterAll(async () => {
    await context?.close();
    await playground?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return {
    get playground(): Playground {
      if (!playground) throw new Error('the playground is not started');
      return playground;
    },
    botLog,
    async open(browserOptions = {}) {
      context = await launchChromium(dir, browserOptions);
      opened = context.pages()[0] ?? (await context.newPage());
      return opened;
    },
    tab() {
      if (!opened) throw new Error('the browser is not open');
      return opened;
    },
  };
}

/** A hold button as a person sees it: which die picture it shows, and whether it is the primary (blurple) colour. */
export interface DieButtonLook {
  /** The face of the die emoji shown (die_3, die_3_held → 3), or null while no die picture has loaded. */
  face: number | null;
  /** The held drawing (die_N_held) is shown. */
  held: boolean;
  /** The button has Discord's primary style, as a held die's has. */
  primary: boolean;
}

/**
 * Reads a die's hold button in the page. The bot draws dice as application emojis (die_N, die_N_held), which
 * the page shows as pictures named `:die_N:` / `:die_N_held:`; only a loaded picture counts, so a broken image
 * (shown as its name in text) is never taken for a die.
 */
export function dieButtonLook(button: Locator): Promise<DieButtonLook> {
  return button.evaluate((el) => {
    // The project's TypeScript has no DOM library: the picture is read through the properties it has.
    const img = el.querySelector('img.btn-emoji') as unknown as { complete: boolean; naturalWidth: number } | null;
    const loaded = img !== null && img.complete && img.naturalWidth > 0;
    const name = loaded
      ? /^:die_([1-6])(_held)?:$/.exec(el.querySelector('img.btn-emoji')!.getAttribute('alt') ?? '')
      : null;
    return {
      face: name ? Number(name[1]) : null,
      held: Boolean(name?.[2]),
      primary: el.classList.contains('s1'),
    };
  });
}
