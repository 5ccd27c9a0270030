// PostgreSQL's move in one round trip (issue 36): a save decided on a read, with its events, goes to the server as
// one statement at the transaction's end, which writes only if the row still has the revision and the messages
// that read saw. Counted on the wire by a relay; a lost race, an outbox row and a failure still behave as the
// store contract (game-store.test.ts) says on both engines.
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import { newGame } from '../../../src/game';
import type { EventRow } from '../../../src/db/event-rows';
import type { Storage } from '../../../src/db/storage';
import { openPostgresStorage } from '../../../src/db/postgres/storage';
import { freshDatabase } from '../../support/postgres';
import type { RoundTripRelay } from './round-trips';
import { startRoundTripRelay } from './round-trips';

const BALUT: GameOptions = { variant: 'balut', columns: ['free', 'free'], throwsPerTurn: 3, predictions: false };

const hold = (gameId: number, seq: number): EventRow => ({
  ...{ game_id: gameId, seq, at: seq * 10, type: 'hold', seat: 0, dice: null, holds: null, five: 0 },
  ...{ col: null, category: null, written: null, score: null, die: 1, count: null },
});

let relay: RoundTripRelay;
let storage: Storage;
/** The same database as another process opens it, not through the relay. */
let other: Storage;
const opened: Storage[] = [];

beforeEach(async () => {
  const url = await freshDatabase(inject('postgresUrl'), 'olathe_template');
  relay = await startRoundTripRelay(Number(new URL(url).port));
  storage = await openPostgresStorage(relay.via(url));
  other = await openPostgresStorage(url);
  opened.push(storage, other);
});
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
  await relay.close();
});

async function playing(): Promise<{ id: number; rev: number }> {
  const id = await storage.games.insertGame({
    ...{ guild_id: 'g', channel_id: 'c', variant: 'balut', options: BALUT, turn_timeout_ms: 60_000 },
    ...{ host_id: 'ann', created_at: 1, thread_mode: 0, next_deadline: 1_000_000, locale: 'en' },
  });
  await storage.games.insertPlayer({ game_id: id, seat: 0, user_id: 'ann', name: 'Ann', is_bot: 0, joined_at: 1 });
  await storage.games.saveGame(id, 0, { status: 'playing', state: newGame(BALUT, ['ann']) });
  return { id, rev: 1 };
}

/** A move as the service makes it: read, then save at the revision read and insert its event. */
async function move(s: Storage, id: number, seq: number, between?: () => Promise<void>) {
  const read = (await s.games.gameWithPlayers(id))!;
  await between?.();
  return s.transaction(async (tx) => {
    const messages = await tx.games.saveGame(id, read.row.rev, { next_deadline: seq });
    await tx.games.insertEvent(hold(id, seq));
    return messages;
  });
}

const rowOf = async (id: number) => (await other.games.gameWithPlayers(id))!.row;

describe('a move on PostgreSQL', () => {
  it('saves and inserts its event in one round trip after its read', async () => {
    const { id } = await playing();
    await storage.games.setShown(id, 'card:0', '42', 'digest');
    relay.reset();
    const messages = await move(storage, id, 1);
    expect(relay.count).toBe(2);
    expect(messages).toEqual({ 'card:0': '42' });
    expect((await rowOf(id)).rev).toBe(2);
    expect(await other.games.events(id)).toHaveLength(1);
  });

  it('loses the race to a save made since its read, and writes nothing', async () => {
    const { id } = await playing();
    const made = move(storage, id, 1, async () => void (await move(other, id, 1)));
    await expect(made).rejects.toSatisfy((error) => storage.isLostRace(error));
    expect((await rowOf(id)).rev).toBe(2);
    expect((await rowOf(id)).next_deadline).toBe(1);
    expect(await other.games.events(id)).toHaveLength(1);
  });

  it('loses the race to messages changed since its read, though the revision is the same', async () => {
    const { id } = await playing();
    const made = move(storage, id, 1, async () => void (await other.games.setShown(id, 'card:0', '7', 'd')));
    await expect(made).rejects.toSatisfy((error) => storage.isLostRace(error));
    expect((await rowOf(id)).rev).toBe(1);
    expect(await other.games.events(id)).toEqual([]);
    // Read again, it goes through, answering the messages the row has.
    expect(await move(storage, id, 1)).toEqual({ 'card:0': '7' });
  });

  it('opens a real transaction for what needs an answer, the save and events still one statement in it', async () => {
    const { id } = await playing();
    await storage.games.gameWithPlayers(id);
    relay.reset();
    const outboxId = await storage.transaction(async (tx) => {
      await tx.games.saveGame(id, 1, { next_deadline: 5 });
      await tx.games.insertEvent(hold(id, 1));
      return tx.outbox.insert(id, { kind: 'log' }, 5);
    });
    // BEGIN, the save with its event, the outbox row, COMMIT.
    expect(relay.count).toBe(4);
    expect((await other.outbox.pending(id)).map((e) => e.id)).toEqual([outboxId]);
    expect((await rowOf(id)).rev).toBe(2);
  });

  it('rolls the save and its event back with what failed after them', async () => {
    const { id } = await playing();
    await storage.games.gameWithPlayers(id);
    const failed = storage.transaction(async (tx) => {
      await tx.games.saveGame(id, 1, { next_deadline: 5 });
      await tx.games.insertEvent(hold(id, 1));
      await tx.outbox.insert(id, { kind: 'log' }, 5);
      throw new Error('after the outbox');
    });
    await expect(failed).rejects.toThrow('after the outbox');
    expect((await rowOf(id)).rev).toBe(1);
    expect(await other.games.events(id)).toEqual([]);
    expect(await other.outbox.pending(id)).toEqual([]);
  });

  it('sends nothing for a transaction that wrote nothing', async () => {
    await playing();
    relay.reset();
    await storage.transaction(async () => 'nothing');
    expect(relay.count).toBe(0);
  });
});
