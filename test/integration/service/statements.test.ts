// How much SQL a click costs: every statement the service runs is counted through a wrapped connection. A
// click reads its game once (row and seats in one statement) and writes in one transaction; the Discord
// layer adds no read of its own (it hands the clicked card's seat to the service, which checks the owner).
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

const reads = (ran: string[]) => ran.filter((sql) => /^SELECT/i.test(sql));
/** What the click itself ran: the transaction's BEGIN and COMMIT around it are not its statements. */
const own = (ran: string[]) => ran.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql));

describe('statements a click runs', () => {
  it('a throw, a hold and a write each read the game once', async () => {
    const { db, ran } = counted(openDatabase(tempDbPath()));
    const service = new GameService(new SqliteStorage(db), { rng: riggedRng() });
    let view = await startedGame(service, ['ann', 'ben'], OLATHE);
    const stamp = () => turnStamp(view.state!.players[0]!);
    view = (await service.declare(view.id, 'ann', 0, stamp(), 0)).view;

    ran.length = 0;
    view = (await service.throwDice(view.id, 'ann', stamp(), 0)).view;
    expect(reads(ran)).toHaveLength(1);
    expect(own(ran)).toHaveLength(3); // the read, the game row's guarded UPDATE, the event
    const throwStatements = own(ran).length;

    ran.length = 0;
    view = (await service.setHold(view.id, 'ann', 0, true, stamp(), 0)).view;
    expect(reads(ran)).toHaveLength(1);
    expect(own(ran).length).toBe(throwStatements);

    ran.length = 0;
    const cell = writableCells(view.state!, 0)[0]!;
    await service.write(view.id, 'ann', cell.column, cell.category, stamp(), 0);
    expect(reads(ran)).toHaveLength(1);
    // The write also saves the ended turn's log line for the channel, in the same transaction.
    expect(ran.filter((sql) => sql.startsWith('INSERT INTO outbox'))).toHaveLength(1);
    console.log(
      `statements per click: throw ${throwStatements}, hold ${throwStatements}, write ${own(ran).length} (1 read each)`,
    );
  });

  it("refuses a click on another player's card on that one read, changing nothing", async () => {
    const { db, ran } = counted(openDatabase(tempDbPath()));
    const service = new GameService(new SqliteStorage(db), { rng: riggedRng() });
    const view = await startedGame(service, ['ann', 'ben'], OLATHE);
    ran.length = 0;
    await expect(service.throwDice(view.id, 'ben', turnStamp(view.state!.players[0]!), 0)).rejects.toThrow(
      `This is ${view.players[0]!.name}'s card — only they can use its buttons.`,
    );
    expect(own(ran)).toHaveLength(1);
    expect(reads(ran)).toHaveLength(1);
  });
});
