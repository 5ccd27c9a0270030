// A person's turns played on the playground's page, as someone would: in the thread shown, find the turn that
// pings them, declare the first column offered, throw, and write the option worth the most points; then wait for
// the bot to draw each answer before the next step. Used by the browser tests that play a game to its end.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

const STEP_WAIT = { timeout: 10_000 };

/** The points a write option is worth, from its label ("Sixes (Free 1) — 24 pts"; a scratch is 0). */
const worth = (label: string): number => Number(/(\d+)\s*pts/.exec(label)?.[1] ?? 0);

/** The shown messages, newest last. */
export const pageMessages = (page: Page): Locator => page.locator('#message-list article.message');

/** The person's open turn in the view: it pings them and still has controls. */
export function turnOn(page: Page, name: string): Locator {
  return pageMessages(page)
    .filter({ hasText: `@${name}, your turn` })
    .filter({ has: page.locator('.components') });
}

/**
 * Waits for the bot to redraw the message after a step: its text or controls changed (or it is gone), and no
 * control of it waits for an answer any more (act.js marks the one used as pending, disabled).
 */
async function changed(message: Locator, before: string): Promise<void> {
  await expect
    .poll(async () => {
      if ((await message.count()) === 0) return 'gone';
      if ((await message.locator('.pending').count()) > 0) return before;
      return message.innerHTML();
    }, STEP_WAIT)
    .not.toBe(before);
}

/** What a turn message offers now, read at once (the bot redraws it between any two separate reads). */
interface TurnLook {
  html: string;
  /** No controls left: the turn is written (a log line now), or the message is gone. */
  over: boolean;
  write: string[] | null;
  declare: boolean;
  throw: boolean;
}

function lookAt(message: Locator): Promise<TurnLook> {
  return message.evaluate((el) => {
    // The project's TypeScript has no DOM library: the elements are read through the properties they have.
    type Control = { disabled: boolean; textContent: string | null; getAttribute(name: string): string | null };
    const all = (selector: string) => [...el.querySelectorAll(selector)] as unknown as Control[];
    const usable = (selector: string) => all(selector).find((c) => !c.disabled) ?? null;
    const write = usable('select[aria-label^="Write your dice"]');
    const writeOptions = write ? (all('select[aria-label^="Write your dice"] option') as Control[]) : [];
    return {
      html: el.innerHTML,
      over: el.querySelector('.components') === null,
      write: write ? writeOptions.slice(1).map((o) => o.textContent ?? '') : null,
      declare: usable('select[aria-label^="Declare your column"]') !== null,
      throw: all('button').some((b) => !b.disabled && /Throw/.test(b.textContent ?? '')),
    };
  });
}

/** Plays the person's open turn from the page; resolves once the turn is written (its controls are gone). */
export async function playTurnOnPage(page: Page, name: string): Promise<void> {
  const id = await turnOn(page, name).last().getAttribute('data-id');
  const message = page.locator(`#message-list article.message[data-id="${id}"]`);
  for (let step = 0; step < 20; step++) {
    if ((await message.count()) === 0) return;
    const look = await lookAt(message);
    if (look.over) return;
    if (look.write) {
      const best = look.write.reduce((a, b) => (worth(b) > worth(a) ? b : a));
      await message.locator('select[aria-label^="Write your dice"]').selectOption({ label: best });
    } else if (look.declare) {
      await message.locator('select[aria-label^="Declare your column"]').selectOption({ index: 1 });
    } else if (look.throw) {
      await message.getByRole('button', { name: /Throw/ }).click();
    }
    // Nothing usable: a control is still disabled from the last step until its redraw, which this waits for.
    await changed(message, look.html);
  }
  throw new Error(`${name}'s turn did not end`);
}

/** The first answer of `look` that is not null, asked again every 100 ms for up to `timeoutMs`. */
async function until<T>(what: string, look: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await look();
    if (found !== null) return found;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Plays the person's turns in the thread shown until `done` says their game is over; the others at the table
 * play meanwhile (computer players on their own, people by the test's clicks). Returns how many turns they played.
 */
export async function playOnPageUntil(page: Page, name: string, done: () => Promise<boolean>): Promise<number> {
  let turns = 0;
  for (;;) {
    const next = await until(
      `${name}'s turn or the end`,
      async () => ((await done()) ? 'done' : (await turnOn(page, name).count()) > 0 ? 'turn' : null),
      30_000,
    );
    if (next === 'done') return turns;
    await playTurnOnPage(page, name);
    turns++;
  }
}
