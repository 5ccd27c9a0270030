// A move's one write (GameStore.saveMove): the game row saved at the revision it was decided on and the
// move's events appended, all or nothing, committed by itself through a Storage's own stores — on PostgreSQL one
// statement, one round trip, counted on the wire by a relay. The same contract on both engines: a save made
// since (another connection's) is a conflict, a seq already taken a lost race, and the Publisher's own writes
// (message ids, digests), which leave the revision alone, never make the next move a conflict.
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import { newGame } from '../../../src/game';
import type { EventRow } from '../../../src/db/event-rows';
import type { MoveWrites, Storage, StoredWork } from '../../../src/db/storage';
import { openPostgresStorage } from '../../../src/db/postgres/storage';
import { GameService, turnStamp } from '../../../src/service/game-service';
import type { EngineStorage } from '../../support/engines';
import { ENGINES, openEngineStorage } from '../../support/engines';
import { freshDatabase } from '../../support/postgres';
import { removeTempDirs, riggedRng, startedGame } from '../service/helpers';
import type { RoundTripRelay } from './round-trips';
import { startRoundTripRelay } from './round-trips';
import type { GameView, OutboxItem } from '../../../src/service/game-service';

afterAll(removeTempDirs);

const BALUT: GameOptions = { variant: 'balut', columns: ['free', 'free'], throwsPerTurn: 3, predictions: false };

const hold = (gameId: number, seq: number): EventRow => ({
  ...{ game_id: gameId, seq, at: seq * 10, type: 'hold', seat: 0, dice: null, holds: null, five: 0 },
  ...{ col: null, category: null, written: null, score: null, die: seq % 5, count: null },
});

const moved = (events: EventRow[], outbox: StoredWork[] = []): MoveWrites => ({ events, outbox, at: 50 });

async function playing(storage: Storage): Promise<number> {
  const id = await storage.games.insertGame({
    ...{ guild_id: 'g', channel_id: 'c', variant: 'balut', options: BALUT, turn_timeout_ms: 60_000 },
    ...{ host_id: 'ann', created_at: 1, thread_mode: 0, next_deadline: 1_000_000, locale: 'en' },
  });
  await storage.games.insertPlayer({ game_id: id, seat: 0, user_id: 'ann', name: 'Ann', is_bot: 0, joined_at: 1 });
  await storage.games.saveGame(id, 0, { status: 'playing', state: newGame(BALUT, ['ann']) });
  return id;
}

describe.each(ENGINES)("a move's one write on %s", (engine) => {
  let s: EngineStorage;
  afterEach(async () => s.close());
  const rowOf = async (id: number) => (await s.storage.games.gameWithPlayers(id))!.row;
  const seqs = async (id: number) =>
    (await s.sql('SELECT seq FROM events WHERE game_id = $1 ORDER BY seq', [id])) as Array<{ seq: number }>;

  it('saves the row and appends the events, committed by itself, answering the message ids', async () => {
    s = await openEngineStorage(engine);
    const id = await playing(s.storage);
    await s.storage.games.setShown(id, 'card:0', '42', 'digest');
    const saved = await s.storage.games.saveMove(id, 1, { next_deadline: 7 }, moved([hold(id, 1), hold(id, 2)]));
    expect(saved).toEqual({ messages: { 'card:0': '42' }, outbox: [] });
    const other = await s.another();
    const row = (await other.games.gameWithPlayers(id))!.row;
    expect([row.rev, row.next_deadline]).toEqual([2, 7]);
    expect((await seqs(id)).map((r) => r.seq)).toEqual([1, 2]);
    // With no events it is the save alone.
    expect(await s.storage.games.saveMove(id, 2, { next_deadline: 8 }, moved([]))).toEqual(saved);
    expect((await rowOf(id)).rev).toBe(3);
  });

  it('saves its channel work in the outbox, the ids rising in the order given', async () => {
    s = await openEngineStorage(engine);
    const id = await playing(s.storage);
    const work = [
      { kind: 'shout', n: 1 },
      { kind: 'log', n: 2 },
    ];
    const saved = await s.storage.games.saveMove(id, 1, { next_deadline: 9 }, moved([hold(id, 1)], work));
    const pending = await s.storage.outbox.pending(id);
    expect(pending).toEqual(work.map((w, n) => ({ id: saved!.outbox[n], gameId: id, work: w })));
    expect(saved!.outbox[0]).toBeLessThan(saved!.outbox[1]!);
    // A conflict saves none of it.
    expect(await s.storage.games.saveMove(id, 1, { next_deadline: 3 }, moved([hold(id, 2)], work))).toBeNull();
    expect(await s.storage.outbox.pending(id)).toHaveLength(2);
  });

  it('is a conflict when another connection moved the row since: nothing saved, no event', async () => {
    s = await openEngineStorage(engine);
    const id = await playing(s.storage);
    const other = await s.another();
    expect(await other.games.saveMove(id, 1, { next_deadline: 5 }, moved([hold(id, 1)]))).not.toBeNull();
    expect(await s.storage.games.saveMove(id, 1, { next_deadline: 9 }, moved([hold(id, 2)]))).toBeNull();
    expect((await rowOf(id)).next_deadline).toBe(5);
    expect((await seqs(id)).map((r) => r.seq)).toEqual([1]);
  });

  it('is a lost race, whole, when its event took a seq already taken', async () => {
    s = await openEngineStorage(engine);
    const id = await playing(s.storage);
    await s.sql(`INSERT INTO events (game_id, seq, at, type, seat, five) VALUES ($1, 1, 5, 'hold', 0, 0)`, [id]);
    const made = s.storage.games.saveMove(id, 1, { next_deadline: 9 }, moved([hold(id, 1)]));
    await expect(made).rejects.toSatisfy((error) => s.storage.isLostRace(error));
    expect((await rowOf(id)).rev).toBe(1);
    expect((await rowOf(id)).next_deadline).toBe(1_000_000);
  });

  it("is not a conflict after the Publisher's writes: message ids and digests leave the revision as it was", async () => {
    s = await openEngineStorage(engine);
    const id = await playing(s.storage);
    const other = await s.another();
    await other.games.setShown(id, 'card:0', '7', 'd');
    await s.storage.games.forgetDigest(id, 'card:0');
    await s.storage.games.setPlayChannel(id, 'thread');
    const saved = await s.storage.games.saveMove(id, 1, { next_deadline: 9 }, moved([hold(id, 1)]));
    expect(saved?.messages).toEqual({ 'card:0': '7' });
  });

  it('inside a transaction is part of it: rolled back with it', async () => {
    s = await openEngineStorage(engine);
    const id = await playing(s.storage);
    const failed = s.storage.transaction(async (tx) => {
      await tx.games.saveMove(id, 1, { next_deadline: 9 }, moved([hold(id, 1)]));
      throw new Error('after the move');
    });
    await expect(failed).rejects.toThrow('after the move');
    expect((await rowOf(id)).rev).toBe(1);
    expect(await seqs(id)).toEqual([]);
  });
});

describe('a move on PostgreSQL, counted on the wire', () => {
  const opened: Storage[] = [];
  let relay: RoundTripRelay | undefined;
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
    await relay?.close();
  });

  /** A solo Balut game on a service whose process talks to the server through a relay; `other`: another process. */
  async function relayed() {
    const url = await freshDatabase(inject('postgresUrl'), 'olathe_template');
    relay = await startRoundTripRelay(Number(new URL(url).port));
    const storage = await openPostgresStorage(relay.via(url));
    const otherStorage = await openPostgresStorage(url);
    opened.push(storage, otherStorage);
    const rng = riggedRng();
    const service = new GameService(storage, { rng });
    const other = new GameService(otherStorage, { rng });
    const view = await startedGame(service, ['ann'], { ...BALUT, columns: ['free', 'free', 'free', 'free'] });
    const counted = async <T>(act: () => Promise<T>): Promise<[T, number]> => {
      relay!.reset();
      const result = await act();
      return [result, relay!.count];
    };
    return { service, other, rng, view, counted, stamp: (v: GameView) => turnStamp(v.state!.players[0]!) };
  }

  it("the relay times a timed connection's last wait for the server, for the click bench", async () => {
    const [url, otherUrl] = [
      await freshDatabase(inject('postgresUrl'), 'olathe_template'),
      await freshDatabase(inject('postgresUrl'), 'olathe_template'),
    ];
    const database = new URL(url).pathname.slice(1);
    relay = await startRoundTripRelay(Number(new URL(url).port), undefined, (startup) =>
      startup.includes(`${database}\0`),
    );
    const storage = await openPostgresStorage(relay.via(url));
    const untimed = await openPostgresStorage(relay.via(otherUrl));
    opened.push(storage, untimed);
    const service = new GameService(storage, { rng: riggedRng() });
    const options = { ...BALUT, columns: ['free', 'free', 'free', 'free'] as const };
    const view = await startedGame(service, ['ann'], options);
    const last = relay.lastWait;
    await startedGame(new GameService(untimed), ['bob'], options);
    expect(relay.lastWait).toBe(last);
    const before = performance.now();
    await service.throwDice(view.id, 'ann', turnStamp(view.state!.players[0]!));
    const after = performance.now();
    const wait = relay.lastWait!;
    expect(wait.sent).toBeGreaterThanOrEqual(before);
    expect(wait.answered).toBeGreaterThan(wait.sent);
    expect(wait.answered).toBeLessThanOrEqual(after);
  });

  it('a throw, a hold and a write decided on the game this process last moved are one round trip each', async () => {
    const { service, rng, counted, stamp, ...start } = await relayed();
    let view = start.view;
    rng.push([1, 2, 3, 4, 6], [6, 6, 2, 3, 1]);
    let trips: number;
    // The game was last written by the start's transaction: read once.
    [{ view }, trips] = await counted(() => service.throwDice(view.id, 'ann', stamp(view)));
    expect(trips).toBe(2);
    [{ view }, trips] = await counted(() => service.setHold(view.id, 'ann', 4, true, stamp(view)));
    expect(trips).toBe(1);
    [{ view }, trips] = await counted(() => service.throwDice(view.id, 'ann', stamp(view)));
    expect(trips).toBe(1);
    expect(view.state!.players[0]!.turn.dice).toEqual([6, 6, 2, 3, 6]);
    const [written, writeTrips] = await counted(() => service.write(view.id, 'ann', 0, 'sixes', stamp(view)));
    expect(writeTrips).toBe(1);
    ({ view } = written);
    const outbox: OutboxItem[] = written.outbox;
    expect(outbox.map((o) => o.work.kind)).toEqual(['log']);
    expect(await service.pendingChannelWork(view.id)).toEqual(outbox);
    expect(view.state!.players[0]!.card.columns[0]!.cells.sixes).toEqual([6, 6, 2, 3, 6]);
    expect(view.state).toEqual((await service.game(view.id))!.state);
  });

  it("is a conflict when another process moved the game since, decided again on a read: the other's move stands", async () => {
    const { service, other, rng, counted, stamp, ...start } = await relayed();
    let view = start.view;
    rng.push([1, 2, 3, 4, 6]);
    view = (await service.throwDice(view.id, 'ann', stamp(view))).view;
    // Another process holds die 1; this one, remembering the game before that, holds die 2 on the same stamp.
    await other.setHold(view.id, 'ann', 0, true, stamp(view));
    const [held, trips] = await counted(() => service.setHold(view.id, 'ann', 1, true, stamp(view)));
    expect(trips).toBe(3); // the refused statement, the read, the statement again
    ({ view } = held);
    expect(view.state!.players[0]!.turn.held).toEqual([true, true, false, false, false]);
    expect(view.state).toEqual((await other.game(view.id))!.state);
  });

  it('decides a refusal made on a remembered game again on a read: the click another process made possible', async () => {
    const { service, other, rng, stamp, ...start } = await relayed();
    let view = start.view;
    rng.push([1, 2, 3, 4, 6], [5, 5, 5, 1, 1]);
    view = (await service.throwDice(view.id, 'ann', stamp(view))).view;
    // Another process throws again: the stamp on the buttons is new, ahead of what this process remembers.
    const thrown = (await other.throwDice(view.id, 'ann', stamp(view))).view;
    const held = (await service.setHold(view.id, 'ann', 0, true, stamp(thrown))).view;
    expect(held.state!.players[0]!.turn.dice).toEqual([5, 5, 5, 1, 1]);
    expect(held.state!.players[0]!.turn.held).toEqual([true, false, false, false, false]);
    // And the old stamp is refused on the game as it is now.
    await expect(service.setHold(view.id, 'ann', 1, true, stamp(view))).rejects.toThrow();
  });

  it("is not a conflict after this process's own writes of message ids and digests (the Publisher's)", async () => {
    const { service, rng, counted, stamp, ...start } = await relayed();
    let view = start.view;
    rng.push([1, 2, 3, 4, 6]);
    view = (await service.throwDice(view.id, 'ann', stamp(view))).view;
    await service.recordShown(view.id, 'card:0', '99', 'digest');
    let trips: number;
    // Read again once (the write forgot the game), never refused: the write left the revision as it was.
    [{ view }, trips] = await counted(() => service.setHold(view.id, 'ann', 0, true, stamp(view)));
    expect(trips).toBe(2);
    expect(view.messages['card:0']).toBe('99');
    [{ view }, trips] = await counted(() => service.setHold(view.id, 'ann', 1, true, stamp(view)));
    expect(trips).toBe(1);
    expect(view.messages['card:0']).toBe('99');
  });
});
