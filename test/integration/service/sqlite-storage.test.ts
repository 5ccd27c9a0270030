// What is SQLite's own in its Storage under an asynchronous service: one write transaction at a time, and a
// read waits for it (storage-transactions.test.ts holds what both engines do). Each test holds a transaction
// open on a promise it resolves itself.
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
});
