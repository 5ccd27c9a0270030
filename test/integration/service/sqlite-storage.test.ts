// SQLite's Storage under an asynchronous service: a write transaction stays whole while other work of the
// process runs between its statements. Each test holds a transaction open on a promise it resolves itself.
import { afterAll, describe, expect, it } from 'vitest';
import type { NewGame } from '../../../src/db/rows';
import { OLATHE, removeTempDirs, tempDbPath } from './helpers';
import { openSqliteTestStorage } from '../../support/storage';

afterAll(removeTempDirs);

const lobby = (channel: string): NewGame => ({
  guild_id: 'g',
  channel_id: channel,
  variant: 'olathe',
  options: OLATHE,
  turn_timeout_ms: 600_000,
  host_id: 'ann',
  created_at: 1,
  thread_mode: 0,
  next_deadline: 10,
  locale: 'en',
});

/** A promise the test settles when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("SQLite's Storage", () => {
  it('runs an asynchronous function in one transaction, committed when it resolves', async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    const id = await storage.transaction(async (tx) => {
      const gameId = await tx.games.insertGame(lobby('c1'));
      await tx.games.insertPlayer({ game_id: gameId, seat: 0, user_id: 'ann', name: 'Ann', is_bot: 0, joined_at: 1 });
      return gameId;
    });
    expect(storage.db.inTransaction).toBe(false);
    expect((await storage.games.gameWithPlayers(id))!.players.map((p) => p.user_id)).toEqual(['ann']);
    await storage.close();
  });

  it('rolls everything back when the function throws, and rejects with its error', async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    await expect(
      storage.transaction(async (tx) => {
        await tx.games.insertGame(lobby('c1'));
        throw new Error('refused halfway');
      }),
    ).rejects.toThrow('refused halfway');
    expect(storage.db.inTransaction).toBe(false);
    expect(await storage.games.openGameIdInChannel('c1')).toBeNull();
    await storage.close();
  });

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

  it('a write made outside a transaction is not swept into one that is open (nor into its rollback)', async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    const id = await storage.transaction((tx) => tx.games.insertGame(lobby('c1')));
    const hold = gate();
    const running = storage
      .transaction(async (tx) => {
        await tx.games.insertGame(lobby('c2'));
        await hold.opened;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const shown = storage.games.setShown(id, 'lobby', '123', 'digest');
    hold.open();
    expect(await shown).toBe(true);
    await running;
    expect((await storage.games.gameWithPlayers(id))!.row.messages).toEqual({ lobby: '123' });
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

  it('says a unique key taken by a racing writer is a lost race, and rolls that transaction back', async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    await storage.transaction((tx) => tx.games.insertGame(lobby('c1')));
    // The unique index on one open game per channel refuses the second lobby.
    const error = await storage.transaction((tx) => tx.games.insertGame(lobby('c1'))).catch((e: unknown) => e);
    expect(storage.isLostRace(error)).toBe(true);
    expect(storage.isLostRace(new Error('disk full'))).toBe(false);
    expect(storage.db.inTransaction).toBe(false);
    await storage.close();
  });

  it("refuses a transaction's stores once it has ended", async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    const kept = await storage.transaction(async (tx) => tx);
    await expect(kept.games.openGameIds()).rejects.toThrow(/after it ended/);
    await storage.close();
  });

  it('reads one committed state in a snapshot, whatever commits while it reads', async () => {
    const storage = openSqliteTestStorage(tempDbPath());
    const id = await storage.transaction((tx) => tx.games.insertGame(lobby('c1')));
    const hold = gate();
    const seen = storage.snapshot(async (s) => {
      const before = (await s.games.gameWithPlayers(id))!.row.rev;
      await hold.opened;
      const after = (await s.games.gameWithPlayers(id))!.row.rev;
      return [before, after];
    });
    const write = storage.transaction((tx) => tx.games.saveGame(id, 0, { host_id: 'ben' }));
    hold.open();
    expect(await seen).toEqual([0, 0]);
    expect(await write).toEqual({});
    expect((await storage.games.gameWithPlayers(id))!.row.rev).toBe(1);
    await storage.close();
  });
});
