// What is SQLite's own in its Storage under an asynchronous service: one write transaction at a time, and a
// read waits for it (storage-transactions.test.ts holds what both engines do). Each test holds a transaction
// open on a promise it resolves itself.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { gate, lobby, removeTempDirs, tempDbPath } from './helpers';
import { openSqliteTestStorage } from '../../support/storage';

afterAll(removeTempDirs);

describe("SQLite's Storage", () => {
  it('a read made while a transaction is open waits for its end, and never sees what it rolled back', async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    const hold = gate();
    const inserted = gate();
    const order: string[] = [];
    const running = storage
      .transaction(async (tx) => {
        await tx.games.insertGame(lobby('c1'));
        inserted.open();
        await hold.opened;
        order.push('transaction ends');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await inserted.opened;
    const read = storage.games.openGameIdInChannel('c1').then((id) => {
      order.push('read answers');
      return id;
    });
    hold.open();
    expect(await read).toBeNull();
    await running;
    expect(order).toEqual(['transaction ends', 'read answers']);
    await storage.close();
  });

  it('runs one write transaction at a time, in the order they were asked for', async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    const hold = gate();
    const order: string[] = [];
    const first = storage.transaction(async (tx) => {
      order.push('first begins');
      await tx.games.insertGame(lobby('c1'));
      await hold.opened;
      order.push('first ends');
    });
    const second = storage.transaction(async (tx) => {
      order.push('second begins');
      await tx.games.insertGame(lobby('c2'));
    });
    const third = storage.transaction(async () => {
      order.push('third begins');
    });
    await Promise.resolve();
    hold.open();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['first begins', 'first ends', 'second begins', 'third begins']);
    await storage.close();
  });

  it("waits for another process's write lock without holding up the process, and gives up in time for a click", async () => {
    const path = tempDbPath();
    const storage = openSqliteTestStorage(path);
    // Another connection's write lock, as a backup tool or an sqlite3 shell would hold it.
    const other = new Database(path);
    other.prepare('BEGIN EXCLUSIVE').run();
    let last = performance.now();
    let longestGap = 0;
    const beat = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const error = await storage.transaction((tx) => tx.games.insertGame(lobby('c1'))).catch((e: unknown) => e);
    const waited = performance.now() - started;
    clearInterval(beat);
    expect(storage.isUnavailable(error)).toBe(true);
    // Answered well inside Discord's 3 s, having waited for the lock a while (SQLite's own wait would be 5 s).
    expect(waited).toBeGreaterThan(1000);
    expect(waited).toBeLessThan(2500);
    // The event loop kept running: SQLite's busy handler held it for 50 ms at a time, not for the whole wait.
    expect(longestGap).toBeLessThan(500);
    other.prepare('COMMIT').run();
    other.close();
    expect(await storage.transaction((tx) => tx.games.insertGame(lobby('c1')))).toBeGreaterThan(0);
    await storage.close();
  });
});
