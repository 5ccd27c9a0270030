// How much SQL a click costs: every statement the service runs is counted through a wrapped connection. A
// click reads its game at most once (row and seats in one statement) and writes in one transaction; the Discord
// layer adds no read of its own (it hands the clicked card's seat to the service, which checks the owner). When
// this process saved the game last and has written nothing else since, the click decides on the game as that
// save left it and reads nothing (src/db/sqlite/known-rows.ts): it checks total_changes, and its save checks
// data_version in its transaction, where another connection's commit would be seen.
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/sqlite/open';
import { SqliteStorage } from '../../../src/db/sqlite/storage';
import { GameService, turnStamp } from '../../../src/service/game-service';
import { writableCells } from '../../../src/game';
import { OLATHE, removeTempDirs, riggedRng, startedGame, tempDbPath } from './helpers';

afterAll(removeTempDirs);

/** The connection, with every statement's SQL logged each time it runs. */
function counted(db: Database.Database): { db: Database.Database; ran: string[] } {
  const ran: string[] = [];
  const statement = (stmt: Database.Statement, sql: string): Database.Statement =>
    new Proxy(stmt, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        if (prop === 'run' || prop === 'get' || prop === 'all' || prop === 'iterate') {
          return (...args: unknown[]) => {
            ran.push(sql.replace(/\s+/g, ' ').trim());
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        // raw(), pluck(), expand() return the statement itself: keep counting through it.
        return (...args: unknown[]) => {
          const out = (value as (...a: unknown[]) => unknown).apply(target, args);
          return out === target ? receiver : out;
        };
      },
    });
  const wrapped = new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => statement(target.prepare(sql), sql);
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: wrapped, ran };
}

/** Reads of a game's row and seats (the store's one read of a game). */
const gameReads = (ran: string[]) => ran.filter((sql) => /^SELECT g\.id, g\.guild_id/.test(sql));
/** The store's check that this connection wrote nothing unaccounted for since it last read or saved the game. */
const checks = (ran: string[]) => ran.filter((sql) => sql === 'SELECT total_changes()');
/** The save's check, in its transaction, that no other connection committed since the game was read. */
const versions = (ran: string[]) => ran.filter((sql) => sql === 'PRAGMA data_version');
/** What the click itself ran: the transaction's BEGIN and COMMIT around it are not its statements. */
const own = (ran: string[]) => ran.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql));

describe('statements a click runs', () => {
  it('a throw, a hold and a write read no game after this process saved it, and read it again after any other write', async () => {
    const file = tempDbPath();
    const { db, ran } = counted(openDatabase(file));
    const service = new GameService(new SqliteStorage(db), { rng: riggedRng() });
    let view = await startedGame(service, ['ann', 'ben'], OLATHE);
    const stamp = () => turnStamp(view.state!.players[0]!);
    // Starting the game was its last save here: the declare reads nothing but the check.
    ran.length = 0;
    view = (await service.declare(view.id, 'ann', 0, stamp(), 0)).view;
    expect(gameReads(ran)).toHaveLength(0);

    ran.length = 0;
    view = (await service.throwDice(view.id, 'ann', stamp(), 0)).view;
    expect(gameReads(ran)).toHaveLength(0);
    expect(checks(ran)).toHaveLength(1);
    expect(versions(ran)).toHaveLength(1);
    expect(own(ran)).toHaveLength(4); // the two checks, the game row's guarded UPDATE, the event
    const throwStatements = own(ran).length;

    ran.length = 0;
    view = (await service.setHold(view.id, 'ann', 0, true, stamp(), 0)).view;
    expect(gameReads(ran)).toHaveLength(0);
    expect(own(ran).length).toBe(throwStatements);

    ran.length = 0;
    const cell = writableCells(view.state!, 0)[0]!;
    view = (await service.write(view.id, 'ann', cell.column, cell.category, stamp(), 0)).view;
    expect(gameReads(ran)).toHaveLength(0);
    // The write also saves the ended turn's log line for the channel, in the same transaction.
    expect(ran.filter((sql) => sql.startsWith('INSERT INTO outbox'))).toHaveLength(1);
    const writeStatements = own(ran).length;

    // That outbox row is a write the game store did not make: Ben's first click reads the game again.
    ran.length = 0;
    const benStamp = () => turnStamp(view.state!.players[1]!);
    view = (await service.declare(view.id, 'ben', 1, benStamp(), 1)).view;
    expect(gameReads(ran)).toHaveLength(1);
    ran.length = 0;
    view = (await service.throwDice(view.id, 'ben', benStamp(), 1)).view;
    expect(gameReads(ran)).toHaveLength(0);

    // Another connection (another process) commits anything at all: the save decided on the remembered game is
    // refused in its transaction, and the click reads the game and decides again.
    const other = openDatabase(file);
    other.prepare(`UPDATE games SET shown = json_set(shown, '$.lobby', 'x') WHERE id = ?`).run(view.id);
    other.close();
    ran.length = 0;
    await service.setHold(view.id, 'ben', 0, true, benStamp(), 1);
    expect(versions(ran)).toHaveLength(1);
    expect(gameReads(ran)).toHaveLength(1);
    expect(ran.filter((sql) => sql.startsWith('UPDATE games'))).toHaveLength(1);
    expect(ran.filter((sql) => sql.startsWith('INSERT INTO events'))).toHaveLength(1);
    expect(ran.filter((sql) => sql === 'ROLLBACK')).toHaveLength(1);
    console.log(
      `statements per click: throw ${throwStatements}, hold ${throwStatements}, write ${writeStatements} (no read of the game)`,
    );
  });

  it("refuses a click on another player's card on a read of the game, changing nothing", async () => {
    const { db, ran } = counted(openDatabase(tempDbPath()));
    const service = new GameService(new SqliteStorage(db), { rng: riggedRng() });
    const view = await startedGame(service, ['ann', 'ben'], OLATHE);
    ran.length = 0;
    await expect(service.throwDice(view.id, 'ben', turnStamp(view.state!.players[0]!), 0)).rejects.toThrow(
      `This is ${view.players[0]!.name}'s card — only they can use its buttons.`,
    );
    // Refused on the game as starting it left it, then again on the game read now: another process may have
    // moved it on (a refusal is not a save, which data_version would guard).
    expect(gameReads(ran)).toHaveLength(1);
    expect(own(ran).filter((sql) => !sql.startsWith('SELECT'))).toEqual([]);
  });
});
