// A database outage on SQLite: a solo Balut game in its thread, dice on the table, and the database file locked
// by another process for 8 s (a `BEGIN EXCLUSIVE` held open, as a backup tool or an operator's sqlite3 shell
// may). The clicks meanwhile (test/e2e/outage.ts: a hold at 0.8 s, Throw at 2.6 s, a write at 4.4 s, a hold at
// 6.2 s) are each answered within Discord's 3 s, privately, that nothing changed; within 15 s of the lock's
// release a hold on the same turn message works, and the game is played to the end with every cell written once.
// SQLite only (vitest.config.ts): the lock is SQLite's own.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { tr } from '../../src/discord/i18n';
import { ROOT } from '../support/project';
import type { World } from './harness';
import { startWorld } from './harness';
import { clickThroughOutage, finishAndCheck, openSoloBalut, throwOn, untilAHoldWorks } from './outage';

const LOCK_MS = 8000;

// Another process's write lock on the file, held `ms` and then let go: it says `locked` once it holds it.
const HOLD_LOCK = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.prepare('BEGIN EXCLUSIVE').run();
console.log('locked');
setTimeout(() => { db.prepare('COMMIT').run(); db.close(); }, Number(process.argv[2]));
`;

let world: World | undefined;
let locker: ChildProcess | undefined;

afterEach(async () => {
  locker?.kill('SIGKILL');
  await world?.close();
  world = locker = undefined;
});

/** Locks the file at `path` for `ms`; resolves with when the lock was taken and a promise of its release. */
async function lockFor(path: string, ms: number): Promise<{ at: number; released: Promise<number> }> {
  locker = spawn(process.execPath, ['-e', HOLD_LOCK, path, String(ms)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const released = new Promise<number>((resolve) => locker!.once('exit', () => resolve(Date.now())));
  for await (const line of createInterface({ input: locker.stdout! })) if (line === 'locked') break;
  return { at: Date.now(), released };
}

describe('the SQLite file locked by another process for 8 s in a solo Balut game', () => {
  it('answers the clicks meanwhile in time, then the old card holds again and the game finishes', async () => {
    world = await startWorld({ diceSeed: 'outage-balut' });
    const w = world;
    const card = await throwOn(w, await openSoloBalut(w));

    const lock = await lockFor(w.env.DATABASE_PATH!, LOCK_MS);
    const unreachable = tr('en')('refusal.databaseUnavailable');
    expect(await clickThroughOutage(w, card, lock.at)).toEqual([unreachable, unreachable, unreachable, unreachable]);
    const back = await lock.released;

    const recovery = await untilAHoldWorks(w, card.id, back);
    console.info(`file lock released: first hold taken ${recovery.holdTakenMs} ms after`);
    expect(recovery.refusals).toEqual([]);
    await finishAndCheck(w);
  }, 120_000);
});
