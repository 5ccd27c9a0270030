// The game store's contract, the same test on both engines: what the service writes it reads back unchanged,
// a save guarded by `rev` loses to any save made since the read, and the queries that pick a shard's games
// agree. A method one engine gets wrong fails here before any game is played on it.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import { newGame } from '../../../src/game';
import type { EventRow } from '../../../src/db/event-rows';
import type { NewGame } from '../../../src/db/rows';
import type { EngineStorage } from '../../support/engines';
import { ENGINES, openEngineStorage } from '../../support/engines';
import { removeTempDirs } from '../service/helpers';

afterAll(removeTempDirs);

const BALUT: GameOptions = {
  variant: 'balut',
  columns: ['free', 'free', 'free', 'free'],
  throwsPerTurn: 3,
  predictions: false,
};
// Real snowflakes: (id >> 22) % 2 is 0 for the first and 1 for the second.
const GUILD_ON_SHARD_0 = '81384788765712384';
const GUILD_ON_SHARD_1 = '81384788769906688';

function lobby(over: Partial<NewGame> = {}): NewGame {
  return {
    guild_id: GUILD_ON_SHARD_0,
    channel_id: 'c1',
    variant: 'balut',
    options: BALUT,
    turn_timeout_ms: 60_000,
    host_id: 'ann',
    created_at: 1_000,
    thread_mode: 1,
    next_deadline: 5_000,
    locale: 'da',
    ...over,
  };
}

function event(gameId: number, seq: number, over: Partial<EventRow>): EventRow {
  return {
    ...{ game_id: gameId, seq, at: seq * 10, type: 'throw', seat: 0, dice: null, holds: null, five: 0 },
    ...{ col: null, category: null, written: null, score: null, die: null, count: null },
    ...over,
  };
}

async function seated(s: EngineStorage, over: Partial<NewGame> = {}): Promise<number> {
  const id = await s.storage.games.insertGame(lobby(over));
  // Inserted out of seat order: the read gives them in seat order.
  for (const [seat, user] of [
    [1, 'bob'],
    [0, 'ann'],
  ] as const)
    await s.storage.games.insertPlayer({
      game_id: id,
      seat,
      user_id: user,
      name: user.toUpperCase(),
      is_bot: 0,
      joined_at: 2,
    });
  return id;
}

describe.each(ENGINES)('the game store on %s', (engine) => {
  const open = () => openEngineStorage(engine);

  it('reads a new lobby back as written, with its seats in order', async () => {
    const s = await open();
    const id = await seated(s);
    const found = (await s.storage.games.gameWithPlayers(id))!;
    expect(found.row).toMatchObject({
      id,
      guild_id: GUILD_ON_SHARD_0,
      variant: 'balut',
      options: BALUT,
      status: 'lobby',
    });
    expect(found.row).toMatchObject({
      rev: 0,
      version: 0,
      state: null,
      deadlines: {},
      next_deadline: 5_000,
      messages: {},
    });
    expect(found.row).toMatchObject({ thread_mode: 1, channel_gone: 0, shown: {}, locale: 'da', rematch_of: null });
    expect(found.row.daily_day).toBeNull();
    expect(found.players.map((p) => [p.seat, p.user_id, p.name, p.is_bot, p.prediction])).toEqual([
      [0, 'ann', 'ANN', 0, null],
      [1, 'bob', 'BOB', 0, null],
    ]);
    expect(await s.storage.games.gameWithPlayers(id + 1000)).toBeUndefined();
    expect(await s.storage.games.openGameIdInChannel('c1')).toBe(id);
    await s.close();
  });

  it('saves only at the revision read: the second of two saves from one read loses', async () => {
    const s = await open();
    const id = await seated(s);
    const state = newGame(BALUT, ['ann', 'bob']);
    const saved = await s.storage.transaction((tx) =>
      tx.games.saveGame(id, 0, { status: 'playing', state, deadlines: { 0: 9_000 }, next_deadline: 9_000 }),
    );
    expect(saved).toEqual({});
    expect(await s.storage.games.saveGame(id, 0, { status: 'ended' })).toBeNull();
    const found = (await s.storage.games.gameWithPlayers(id))!;
    expect(found.row).toMatchObject({ status: 'playing', rev: 1, deadlines: { 0: 9_000 }, next_deadline: 9_000 });
    // The state this process wrote is handed out again, not read and parsed.
    expect(found.row.state).toBe(state);
    const raw = (await s.sql('SELECT state FROM games WHERE id = $1', [id])) as Array<{ state: string }>;
    expect(JSON.parse(raw[0]!.state)).toEqual(JSON.parse(JSON.stringify(state)));
    await s.close();
  });

  it('forgets a save whose transaction rolled back', async () => {
    const s = await open();
    const id = await seated(s);
    const state = newGame(BALUT, ['ann', 'bob']);
    await expect(
      s.storage.transaction(async (tx) => {
        await tx.games.saveGame(id, 0, { status: 'playing', state });
        throw new Error('crash after the save');
      }),
    ).rejects.toThrow('crash after the save');
    const found = (await s.storage.games.gameWithPlayers(id))!;
    expect(found.row).toMatchObject({ status: 'lobby', rev: 0, state: null });
    await s.close();
  });

  it('commits nothing of a transaction whose event insert failed, though nothing awaited its answer', async () => {
    const s = await open();
    const id = await seated(s);
    await s.storage.games.insertEvent(event(id, 1, {}));
    const state = newGame(BALUT, ['ann', 'bob']);
    // The second insert takes a seq already used (another writer's move, say): the whole move is refused.
    await expect(
      s.storage.transaction(async (tx) => {
        await tx.games.saveGame(id, 0, { status: 'playing', state });
        await tx.games.insertEvent(event(id, 2, {}));
        await tx.games.insertEvent(event(id, 1, { type: 'hold', die: 0 }));
        return 'saved';
      }),
    ).rejects.toSatisfy((error: unknown) => s.storage.isLostRace(error));
    const found = (await s.storage.games.gameWithPlayers(id))!;
    expect(found.row).toMatchObject({ status: 'lobby', rev: 0 });
    expect((await s.storage.games.events(id)).map((e) => e.type)).toEqual(['throw']);
    // The next transaction on a connection of the pool starts clean.
    await s.storage.transaction((tx) => tx.games.insertEvent(event(id, 2, { type: 'hold', die: 1 })));
    expect((await s.storage.games.events(id)).map((e) => e.type)).toEqual(['throw', 'hold']);
    await s.close();
  });

  it('records the messages shown and their digests, one key at a time', async () => {
    const s = await open();
    const id = await seated(s);
    expect(await s.storage.games.setShown(id, 'lobby', '111', 'd1')).toBe(true);
    expect(await s.storage.games.setShown(id, 'turn:0', '222', null)).toBe(true);
    expect(await s.storage.games.setShown(id + 1000, 'lobby', '1', 'd')).toBe(false);
    await s.storage.games.forgetDigest(id, 'lobby');
    let row = (await s.storage.games.gameWithPlayers(id))!.row;
    expect(row.messages).toEqual({ lobby: '111', 'turn:0': '222' });
    expect(row.shown).toEqual({});
    await s.storage.games.setShown(id, 'lobby', null, null);
    expect(await s.storage.games.setPlayChannel(id, 'thread-9')).toBe(true);
    expect(await s.storage.games.setPlayChannel(id, 'thread-10')).toBe(false);
    row = (await s.storage.games.gameWithPlayers(id))!.row;
    expect(row.messages).toEqual({ 'turn:0': '222' });
    expect(row.play_channel_id).toBe('thread-9');
    expect(await s.storage.games.openGameIdInChannel('thread-9')).toBe(id);
    await s.close();
  });

  it('keeps the events in order, and finds the five of a kinds and each seat’s last write', async () => {
    const s = await open();
    const id = await seated(s);
    await s.storage.games.insertEvent(
      event(id, 1, { dice: '[6,6,6,6,6]', holds: '[false,false,false,false,false]', five: 1 }),
    );
    await s.storage.games.insertEvent(event(id, 2, { type: 'hold', die: 2, holds: '[false,false,true,false,false]' }));
    await s.storage.games.insertEvent(
      event(id, 3, { type: 'write', col: 0, category: 'sixes', written: '[6,6,6,6,6]', score: 30 }),
    );
    await s.storage.games.insertEvent(
      event(id, 4, { type: 'timeout', seat: 1, col: 1, category: 'choice', written: '[1,2,3,4,5]', score: 15 }),
    );
    expect((await s.storage.games.events(id)).map((e) => e.type)).toEqual(['throw', 'hold', 'write', 'timeout']);
    expect(await s.storage.games.fivesBySeat(id)).toEqual(new Map([[0, 1]]));
    const writes = await s.storage.games.lastWrites(id);
    expect(writes.get(0)).toEqual({
      seat: 0,
      timedOut: false,
      column: 0,
      category: 'sixes',
      dice: [6, 6, 6, 6, 6],
      score: 30,
    });
    expect(writes.get(1)).toMatchObject({ seat: 1, timedOut: true, category: 'choice', score: 15 });
    await expect(async () => s.storage.games.insertEvent(event(id, 4, {}))).rejects.toThrow();
    await s.close();
  });

  it('moves seats, predictions, departures and results', async () => {
    const s = await open();
    const id = await seated(s);
    await s.storage.games.setPrediction(id, 0, 7);
    await s.storage.games.setLeft(id, 1, 'quit', 50);
    await s.storage.games.deletePlayer(id, 1);
    await s.storage.games.insertPlayer({ game_id: id, seat: 3, user_id: 'cy', name: 'Cy', is_bot: 1, joined_at: 3 });
    await s.storage.games.moveSeat(id, 3, 1);
    const result = { final_score: 12, raw_total: 400, place: 1, won: 1 as const, olathes_thrown: 2 };
    await s.storage.games.setResult(id, 0, { ...result, olathes_scored: 1, exact_prediction: 0, incentives_met: 5 });
    const found = (await s.storage.games.gameWithPlayers(id))!;
    expect(found.players.map((p) => [p.seat, p.user_id, p.prediction, p.is_bot])).toEqual([
      [0, 'ann', 7, 0],
      [1, 'cy', null, 1],
    ]);
    const rows = await s.sql('SELECT final_score, won, incentives_met FROM players WHERE game_id = $1 AND seat = 0', [
      id,
    ]);
    expect(rows).toEqual([{ final_score: 12, won: 1, incentives_met: 5 }]);
    await s.close();
  });

  it('picks each shard’s due games and games to reconcile, whatever the guild id', async () => {
    const s = await open();
    const a = await seated(s, { guild_id: GUILD_ON_SHARD_0, channel_id: 'a', next_deadline: 100 });
    const b = await seated(s, { guild_id: GUILD_ON_SHARD_1, channel_id: 'b', next_deadline: 200 });
    // Not a snowflake (the playground's guild): shard 0, as SQLite's cast makes it.
    const c = await seated(s, { guild_id: 'playground', channel_id: 'c', next_deadline: 300 });
    for (const id of [a, b, c])
      await s.storage.games.saveGame(id, 0, { status: 'playing', state: newGame(BALUT, ['ann', 'bob']) });
    const shard0 = (await s.another({ id: 0, count: 2 })).games;
    const shard1 = (await s.another({ id: 1, count: 2 })).games;
    expect(await shard0.dueGameIds(1_000)).toEqual([a, c]);
    expect(await shard1.dueGameIds(1_000)).toEqual([b]);
    expect(await shard0.dueGameIds(150)).toEqual([a]);
    expect(await shard1.nextDeadline()).toBe(200);
    expect((await shard0.gamesToReconcile(0)).sort((x, y) => x - y)).toEqual([a, c]);
    expect(await shard1.gamesToReconcile(0)).toEqual([b]);
    expect(await s.storage.games.openGameIds()).toEqual([a, b, c]);
    await s.close();
  });

  it('links a rematch to its game, and lets go of it once the rematch closed unplayed', async () => {
    const s = await open();
    const first = await seated(s, { channel_id: 'r' });
    await s.storage.games.saveGame(first, 0, { status: 'finished', finished_at: 10 });
    const second = await s.storage.games.insertGame(lobby({ channel_id: 'r', rematch_of: first }));
    expect(await s.storage.games.rematchOf(first)).toBe(second);
    expect(await s.storage.games.lastFinishedGameId('ann', GUILD_ON_SHARD_0)).toBe(first);
    await s.storage.games.detachRematch(second);
    expect(await s.storage.games.rematchOf(first)).toBe(second);
    await s.storage.games.saveGame(second, 0, { status: 'cancelled', closed_reason: 'cancelled' });
    await s.storage.games.detachRematch(second);
    expect(await s.storage.games.rematchOf(first)).toBeNull();
    await s.close();
  });
});
