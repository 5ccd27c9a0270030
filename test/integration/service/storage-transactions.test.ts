// A Storage's transactions under an asynchronous service, on the project's engine: a write transaction stays
// whole while other work of the process runs between its statements, rolls back whole, says when it lost a
// race, and its stores stop working once it ended. Each test holds a transaction open on a promise it
// resolves itself.
import { afterAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../../src/db/storage';
import { gate, lobby, removeTempDirs, tempDbPath } from './helpers';
import { openTestStorage } from '../../support/storage';

afterAll(removeTempDirs);

/** SQLite's one connection is out of its transaction (PostgreSQL's pool closes a connection it cannot reset). */
function expectNoTransactionLeftOpen(storage: Storage): void {
  if (storage.engine === 'sqlite')
    expect((storage as unknown as { db: { inTransaction: boolean } }).db.inTransaction).toBe(false);
}

describe('a Storage transaction', () => {
  it('runs an asynchronous function in one transaction, committed when it resolves', async () => {
    const storage = await openTestStorage(tempDbPath());
    const id = await storage.transaction(async (tx) => {
      const gameId = await tx.games.insertGame(lobby('c1'));
      await tx.games.insertPlayer({ game_id: gameId, seat: 0, user_id: 'ann', name: 'Ann', is_bot: 0, joined_at: 1 });
      return gameId;
    });
    expectNoTransactionLeftOpen(storage);
    expect((await storage.games.gameWithPlayers(id))!.players.map((p) => p.user_id)).toEqual(['ann']);
    await storage.close();
  });

  it('rolls everything back when the function throws, and rejects with its error', async () => {
    const storage = await openTestStorage(tempDbPath());
    await expect(
      storage.transaction(async (tx) => {
        await tx.games.insertGame(lobby('c1'));
        throw new Error('refused halfway');
      }),
    ).rejects.toThrow('refused halfway');
    expectNoTransactionLeftOpen(storage);
    expect(await storage.games.openGameIdInChannel('c1')).toBeNull();
    await storage.close();
  });

  it('a write made outside a transaction is not swept into one that is open (nor into its rollback)', async () => {
    const storage = await openTestStorage(tempDbPath());
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

  it('says a unique key taken by a racing writer is a lost race, and rolls that transaction back', async () => {
    const storage = await openTestStorage(tempDbPath());
    await storage.transaction((tx) => tx.games.insertGame(lobby('c1')));
    // The unique index on one open game per channel refuses the second lobby.
    const error = await storage.transaction((tx) => tx.games.insertGame(lobby('c1'))).catch((e: unknown) => e);
    expect(storage.isLostRace(error)).toBe(true);
    expect(storage.isLostRace(new Error('disk full'))).toBe(false);
    expectNoTransactionLeftOpen(storage);
    await storage.close();
  });

  it("refuses a transaction's stores once it has ended", async () => {
    const storage = await openTestStorage(tempDbPath());
    const kept = await storage.transaction(async (tx) => tx);
    await expect(kept.games.openGameIds()).rejects.toThrow(/after it ended/);
    await storage.close();
  });

  it('reads one committed state in a snapshot, whatever commits while it reads', async () => {
    const storage = await openTestStorage(tempDbPath());
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
