// Debian's headless Chromium through playwright-core, as the browser tests launch it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null. They are never skipped: CI installs chromium (.ci/run). */
export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM)
    ? null
    : `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium), or set CHROMIUM_PATH`;
}

/** A fresh profile in `dir`; `options` set the viewport, touch and the like. */
export function launchChromium(dir: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(join(dir, 'chromium-profile'), {
    executablePath: CHROMIUM,
    headless: true,
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
    ...options,
  });
}
