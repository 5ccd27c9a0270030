// The daily challenge in the service, on real database files: the day's dice for identical choices in two
// servers (and two processes on one database), one attempt a day enforced by the database, the day turning at
// UTC midnight on an injected clock, abandoned games scored as they stand, ranks with ties, the solver's
// score, and a secret that never reaches the database file.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Category, Dice, GameEvent } from '../../../src/game';
import { dailyThrow, declarableColumns, scoreCard, thrownDice, writableCells } from '../../../src/game';
import { openTestStorage, sql, sqlRow, testEngine } from '../../support/storage';
import type { GameView } from '../../../src/service/game-service';
import { GameService, ServiceError, turnStamp } from '../../../src/service/game-service';
import { dailyHash, solverDaily } from '../../../src/service/daily';
import { Clock, removeTempDirs, startedGame, tempDbPath, user } from './helpers';

afterAll(removeTempDirs);

const SECRET = 'daily-secret-for-the-integration-test-7f3a9c';
const NOON = Date.UTC(2026, 10, 24, 12, 0, 0);

async function daily(file = tempDbPath(), clock = new Clock(NOON), secret = SECRET) {
  const storage = await openTestStorage(file);
  return {
    storage,
    file,
    clock,
    service: new GameService(storage, { now: clock.now, dailySecret: secret }),
  };
}

let channels = 0;
async function startDaily(service: GameService, id: string, guildId = 'guild-1'): Promise<GameView> {
  return service.startDaily({ guildId, channelId: `thread-${++channels}`, user: user(id) });
}

/**
 * One fixed way to play: declare the leftmost open column, throw, hold every die showing 5 or 6, throw up to
 * `throws` times in all, then write the first legal cell. Returns the view after the step.
 */
async function step(service: GameService, view: GameView, throws = 3): Promise<GameView> {
  const state = view.state!;
  const player = state.players[0]!;
  const userId = view.players[0]!.userId;
  const stamp = turnStamp(player);
  if (player.turn.column === null)
    return (await service.declare(view.id, userId, declarableColumns(state, 0)[0]!, stamp)).view;
  const dice = player.turn.dice;
  if (dice === null) return (await service.throwDice(view.id, userId, stamp)).view;
  const want = dice.map((f) => f >= 5);
  if (player.turn.throwsUsed < throws && !want.every(Boolean)) {
    if (want.some((w, i) => w !== player.turn.held[i]))
      return (await service.setHolds(view.id, userId, want, stamp)).view;
    return (await service.throwDice(view.id, userId, stamp)).view;
  }
  const cell = writableCells(state, 0)[0]!;
  return (await service.write(view.id, userId, cell.column, cell.category as Category, stamp)).view;
}

async function playTurns(service: GameService, view: GameView, turns: number): Promise<GameView> {
  while (view.status === 'playing' && view.state!.players[0]!.turnsTaken < turns) view = await step(service, view);
  return view;
}

const throwsOf = (events: GameEvent[]): Dice[] => events.flatMap((e) => (thrownDice(e) ? [thrownDice(e)!] : []));

async function expectRefused(run: () => unknown, code: string): Promise<void> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe(code);
    return;
  }
  throw new Error(`expected a ${code} refusal`);
}

describe('the daily dice', () => {
  it('are the same for identical choices in two servers and in a second process on the database', async () => {
    const { service, file, clock } = await daily();
    const other = (await daily(file, clock)).service; // another shard: same database, same secret
    let ann = await startDaily(service, 'ann', 'guild-1');
    let ben = await startDaily(other, 'ben', 'guild-2');
    expect(ann.options).toMatchObject({ variant: 'olathe', throwsPerTurn: 3, predictions: false, hints: false });
    expect(ann.status).toBe('playing');
    for (let turn = 1; turn <= 10; turn++) {
      ann = await playTurns(service, ann, turn);
      ben = await playTurns(other, ben, turn);
    }
    const dice = throwsOf(await service.events(ann.id));
    expect(dice.length).toBeGreaterThanOrEqual(10);
    expect(throwsOf(await other.events(ben.id))).toEqual(dice);
    // They are the day's dice: the first throw of the first turn is its five positions.
    const hash = dailyHash(SECRET);
    expect(dice[0]).toEqual(dailyThrow(hash, { day: '2026-11-24', turn: 0, throwNo: 0 }, null, []));
    // A game that is not a daily one is not: it throws from the fair source.
    const normal = await startedGame(service, ['cat'], ann.options);
    const thrown = await step(service, await step(service, normal));
    expect(thrown.state!.players[0]!.turn.dice).not.toBeNull();
    expect(await service.dailyResult(normal.id)).toBeNull();
  });

  it('differ with another secret', async () => {
    const a = await daily();
    const b = await daily(tempDbPath(), new Clock(NOON), 'a-completely-different-secret');
    const first = async (s: GameService, id: string) =>
      throwsOf(await s.events((await playTurns(s, await startDaily(s, id), 3)).id));
    expect(await first(b.service, 'ann')).not.toEqual(await first(a.service, 'ann'));
  });
});

describe('one attempt a day', () => {
  it('refuses a second attempt the same day, in any server, with nothing written', async () => {
    const { service, storage } = await daily();
    const game = await startDaily(service, 'ann');
    const games = () => sqlRow(storage, 'SELECT COUNT(*) AS n FROM games');
    const before = await games();
    await expectRefused(() => startDaily(service, 'ann'), 'daily-played');
    await expectRefused(() => startDaily(service, 'ann', 'guild-2'), 'daily-played');
    await expectRefused(() => service.checkDailyOpen('ann'), 'daily-played');
    expect(await games()).toEqual(before);
    // Quitting uses the attempt up; the card scores what it has.
    const played = await playTurns(service, game, 2);
    const quit = (await service.quit(played.id, 'ann')).view;
    expect(quit.status).toBe('ended');
    await expectRefused(() => startDaily(service, 'ann'), 'daily-played');
    const result = (await service.game(quit.id))!.daily!;
    expect(result).toMatchObject({ day: '2026-11-24', rankServer: 1, ofServer: 1, rankWorld: 1, ofWorld: 1 });
    const card = scoreCard(quit.state!.players[0]!.card);
    expect(quit.state!.players[0]!.turnsTaken).toBe(2);
    expect(result).toMatchObject({ final: card.final, raw: card.rawTotal });
  });

  it('is kept by the database even when the check before it is passed', async () => {
    const { service, storage } = await daily();
    await startDaily(service, 'ann');
    // As if a second start had read before the first committed: the row's key refuses it.
    await expect(
      sql(
        storage,
        "INSERT INTO daily_attempts (user_id, day, game_id, guild_id, started_at) VALUES ('ann', '2026-11-24', 99, 'g', 0)",
      ),
    ).rejects.toThrow(/UNIQUE|PRIMARY KEY|FOREIGN KEY|duplicate key|foreign key constraint/);
  });

  it('turns at midnight UTC on the injected clock', async () => {
    const clock = new Clock(Date.UTC(2026, 10, 24, 23, 59, 59));
    const { service } = await daily(tempDbPath(), clock);
    const late = await startDaily(service, 'ann');
    expect(service.dailyDay()).toBe('2026-11-24');
    clock.t = Date.UTC(2026, 10, 24, 23, 59, 59, 999);
    await expectRefused(() => startDaily(service, 'ann'), 'daily-played');
    clock.t = Date.UTC(2026, 10, 25, 0, 0, 0);
    expect(service.dailyDay()).toBe('2026-11-25');
    const next = await startDaily(service, 'ann');
    // The game begun before midnight keeps its day's dice; the new one has the new day's.
    const hash = dailyHash(SECRET);
    const lateDice = throwsOf(await service.events((await playTurns(service, late, 1)).id))[0];
    const nextDice = throwsOf(await service.events((await playTurns(service, next, 1)).id))[0];
    expect(lateDice).toEqual(dailyThrow(hash, { day: '2026-11-24', turn: 0, throwNo: 0 }, null, []));
    expect(nextDice).toEqual(dailyThrow(hash, { day: '2026-11-25', turn: 0, throwNo: 0 }, null, []));
    await expectRefused(() => startDaily(service, 'ann'), 'daily-played');
  });

  it('scores a game abandoned by timeouts, whose timed-out turns throw the day’s dice', async () => {
    const clock = new Clock(NOON);
    const { service } = await daily(tempDbPath(), clock);
    const game = await startDaily(service, 'ann');
    for (let n = 0; n < 3; n++) await service.expireTurns(clock.advance(game.turnTimeoutMs));
    const over = (await service.game(game.id))!;
    expect(over.status).toBe('ended');
    const hash = dailyHash(SECRET);
    expect(throwsOf(await service.events(game.id))).toEqual(
      [0, 1, 2].map((turn) => dailyThrow(hash, { day: '2026-11-24', turn, throwNo: 0 }, null, [])),
    );
    expect(over.daily).toMatchObject({ rankWorld: 1, ofWorld: 1 });
  });
});

describe('results and boards', () => {
  it("ranks with ties (1, 2, 2, 4), per server and in the world, and shows the solver's score", async () => {
    const { service, storage } = await daily();
    const games: GameView[] = [];
    for (const [i, id] of ['ann', 'ben', 'cat', 'dan'].entries())
      games.push(await startDaily(service, id, i < 2 ? 'guild-1' : 'guild-2'));
    // Ben and Cat play identically (so tie); Ann plays the whole game, Dan quits at once.
    const ann = await playTurns(service, games[0]!, 28);
    const ben = await playTurns(service, games[1]!, 6);
    const cat = await playTurns(service, games[2]!, 6);
    await service.quit(ben.id, 'ben');
    await service.quit(cat.id, 'cat');
    await service.quit(games[3]!.id, 'dan');
    expect(ann.status).toBe('finished');
    const result = (await service.game(ann.id))!.daily!;
    const solver = solverDaily(dailyHash(SECRET), '2026-11-24');
    expect(result).toMatchObject({ rankServer: 1, ofServer: 1, rankWorld: 1, ofWorld: 1 });
    expect({ final: result.solverFinal, raw: result.solverRaw }).toEqual(solver);
    // Ranks are frozen at the end of each game: Cat was 1st of 1 on her server, then 2nd of 3 in the world.
    expect((await service.game(cat.id))!.daily).toMatchObject({ rankServer: 1, ofServer: 1, rankWorld: 2, ofWorld: 3 });
    const world = await service.dailyBoard(null, 'ben');
    expect(world.rows.map((r) => [r.rank, r.userId])).toEqual([
      [1, 'ann'],
      [2, 'ben'],
      [2, 'cat'],
      [4, 'dan'],
    ]);
    expect(world.rows[1]!.name).toBe('BEN');
    expect(world).toMatchObject({ total: 4, own: { rank: 2 }, played: true, finished: true, solver });
    const server2 = await service.dailyBoard('guild-2', 'ann');
    expect(server2.rows.map((r) => [r.rank, r.userId])).toEqual([
      [1, 'cat'],
      [2, 'dan'],
    ]);
    expect(server2).toMatchObject({ own: null, played: true, finished: true });
    // Someone who has not finished today is not told the solver's score.
    expect(await service.dailyBoard(null, 'eve')).toMatchObject({
      own: null,
      played: false,
      finished: false,
      solver: null,
    });
    expect(await sqlRow(storage, 'SELECT COUNT(*) AS n FROM daily_solver')).toEqual({ n: 1 });
  });

  it('plays in a channel only when it is free, and holds it while in play', async () => {
    const { service } = await daily();
    const open = await startedGame(service, ['zed'], undefined, { channelId: 'busy' });
    await expectRefused(
      () => service.startDaily({ guildId: 'guild-1', channelId: 'busy', user: user('ann') }),
      'channel-busy',
    );
    await expect(service.checkDailyOpen('ann')).resolves.toBeUndefined();
    await service.end(open.id, 'zed', { canManage: false });
    const game = await service.startDaily({ guildId: 'guild-1', channelId: 'busy', user: user('ann') });
    expect((await service.openGameInChannel('busy'))!.id).toBe(game.id);
    expect(game.playChannelId).toBe('busy');
  });

  it('a second /olathe daily racing the first in the same channel is told it was played today, not that the channel is busy', async () => {
    const first = await daily();
    const second = await daily(first.file, first.clock);
    // The second looked for today's attempt and found none; the first then starts today's game in the channel.
    let raced: GameView | undefined;
    const games = second.storage.games;
    const openGameIdInChannel = games.openGameIdInChannel.bind(games);
    games.openGameIdInChannel = async (channelId) => {
      raced ??= await first.service.startDaily({ guildId: 'guild-1', channelId, user: user('ann') });
      return openGameIdInChannel(channelId);
    };
    await expectRefused(
      () => second.service.startDaily({ guildId: 'guild-1', channelId: 'racing', user: user('ann') }),
      'daily-played',
    );
    expect((await second.service.openGameInChannel('racing'))!.id).toBe(raced!.id);
  });
});

describe('the secret', () => {
  it("appears nowhere in the database: not in its rows, nor in SQLite's file or journal", async () => {
    const { service, storage, file } = await daily();
    const game = await playTurns(service, await startDaily(service, 'ann'), 28);
    expect(game.status).toBe('finished');
    await service.dailyBoard(null, 'ann');
    // Every row of every table, on either engine.
    const tables = await sql<{ name: string }>(
      storage,
      testEngine() === 'postgres'
        ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'"
        : "SELECT name FROM sqlite_master WHERE type = 'table'",
    );
    expect(tables.map((t) => t.name)).toContain('daily_attempts');
    for (const { name } of tables)
      expect(JSON.stringify(await sql(storage, `SELECT * FROM ${name}`))).not.toContain(SECRET.slice(0, 16));
    if (testEngine() === 'sqlite') {
      // And SQLite's file itself, its journal included (free pages keep what rows no longer show).
      const files = [file, `${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f));
      for (const f of files) expect(fs.readFileSync(f).includes(Buffer.from(SECRET))).toBe(false);
    }
    await storage.close();
    if (testEngine() === 'sqlite') {
      expect(fs.readFileSync(file).includes(Buffer.from(SECRET))).toBe(false);
      expect(fs.readFileSync(file).includes(Buffer.from(SECRET.slice(0, 16)))).toBe(false);
    }
  }, 30_000);
});
