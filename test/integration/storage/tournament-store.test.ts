// The tournament store's contract (migration 0016), the same test on both engines: a row and its JSON read back as
// written, one open tournament per channel, saves guarded by rev (the status following the state), a locked
// row that two transactions take in turn, a table's game made once, tournament games beside the channel's one
// open game, this shard's due and reconcile reads, the clock's next deadline, and the Discord layer's bookkeeping.
import { afterAll, describe, expect, it } from 'vitest';
import type { Storage } from '../../../src/db/storage';
import type { NewTournament } from '../../../src/db/tournament-rows';
import type { TournamentState } from '../../../src/tournament';
import { applyTournamentEvent, newTournament } from '../../../src/tournament';
import { shardOfGuild } from '../../../src/fake-discord';
import { ENGINES, openEngineStorage } from '../../support/engines';
import { SMALL, lobby, removeTempDirs } from '../service/helpers';

afterAll(removeTempDirs);

const GUILD = '81384788765712384';
const OTHER = shardOfGuild(GUILD, 2) === 0 ? '81384788769906688' : '81384788765712384';
const NOW = 1_700_000_000_000;
const START = NOW + 3_600_000;

function signup(name = 'Night'): TournamentState {
  const state = newTournament({ name, game: SMALL, startsAt: START, rounds: 2, tableSize: 2 }, NOW);
  return ['ann', 'bob'].reduce((s, userId) => applyTournamentEvent(s, { type: 'join', userId, at: NOW }), state);
}

const night = (channel: string, over: Partial<NewTournament> = {}): NewTournament => ({
  guild_id: GUILD,
  channel_id: channel,
  host_id: 'host',
  state: signup(),
  names: { ann: 'Ann «the» <b>', bob: 'Bob' },
  next_deadline: START,
  locale: 'da',
  created_at: NOW,
  ...over,
});

const tableGame = (tournamentId: number, round: number, table: number, channel = 'c1') => ({
  ...lobby(channel),
  guild_id: GUILD,
  tournament: { tournamentId, round, table },
});

async function lostRace(storage: Storage, write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return false;
  } catch (error) {
    return storage.isLostRace(error);
  }
}

describe.each(ENGINES)('the tournament store on %s', (engine) => {
  it('reads a row back as written, and keeps one open tournament per channel', async () => {
    const s = await openEngineStorage(engine);
    const t = s.storage.tournaments;
    const id = await t.insert(night('c1'));
    const row = (await t.get(id))!;
    expect(row).toEqual({
      id,
      ...night('c1'),
      status: 'signup',
      rev: 0,
      finished_at: null,
      closed_reason: null,
      messages: {},
      shown: {},
      event_id: null,
      event_shown: null,
      event_problem: null,
    });
    expect(await t.get(id + 1)).toBeUndefined();
    expect(await t.openInChannel('c1')).toBe(id);
    expect(await t.openInChannel('c2')).toBeNull();
    expect(await lostRace(s.storage, () => s.storage.transaction((tx) => tx.tournaments.insert(night('c1'))))).toBe(
      true,
    );
    // Once it is over, the channel may have another.
    const cancelled = applyTournamentEvent(row.state, { type: 'cancel' });
    expect(await t.save(id, 0, { state: cancelled, finished_at: NOW, closed_reason: 'cancelled' })).toBe(true);
    expect(await t.openInChannel('c1')).toBeNull();
    const next = await t.insert(night('c1', { created_at: NOW + 1 }));
    expect((await t.recent(GUILD, 5)).map((r) => [r.id, r.status])).toEqual([
      [next, 'signup'],
      [id, 'cancelled'],
    ]);
    expect(await t.recent(GUILD, 1)).toHaveLength(1);
    expect(await t.recent('elsewhere', 5)).toEqual([]);
    await s.close();
  });

  it('saves only at the revision a change was decided on, the status following the state', async () => {
    const s = await openEngineStorage(engine);
    const t = s.storage.tournaments;
    const id = await t.insert(night('c1'));
    const row = (await t.get(id))!;
    const started = applyTournamentEvent(row.state, { type: 'start', ratings: { ann: 1500, bob: 1600 } });
    expect(await t.save(id, 0, { state: started, next_deadline: null })).toBe(true);
    expect(await t.save(id, 0, { next_deadline: 5 })).toBe(false);
    const saved = (await t.get(id))!;
    expect(saved).toMatchObject({ rev: 1, status: 'running', next_deadline: null, state: started });
    expect(await t.save(id, 1, { names: { ann: 'A' } })).toBe(true);
    expect((await t.get(id))!).toMatchObject({ rev: 2, names: { ann: 'A' }, state: started });
    await s.close();
  });

  it('hands a locked row to two transactions in turn, so both of their saves land', async () => {
    const s = await openEngineStorage(engine);
    const other = await s.another();
    const id = await s.storage.tournaments.insert(night('c1'));
    const bump = (storage: Storage, name: string) =>
      storage.transaction(async (tx) => {
        const row = (await tx.tournaments.lock(id))!;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return tx.tournaments.save(id, row.rev, { names: { ...row.names, [name]: name } });
      });
    expect(await Promise.all([bump(s.storage, 'x'), bump(other, 'y')])).toEqual([true, true]);
    expect((await s.storage.tournaments.get(id))!).toMatchObject({ rev: 2, names: { x: 'x', y: 'y' } });
    await s.close();
  });

  it('makes a table’s game once, and lets a round’s games share the channel with its one open game', async () => {
    const s = await openEngineStorage(engine);
    const { games, tournaments } = s.storage;
    const id = await tournaments.insert(night('c1'));
    const first = await games.insertGame(tableGame(id, 1, 1));
    const second = await games.insertGame(tableGame(id, 1, 2));
    const again = () => s.storage.transaction((tx) => tx.games.insertGame(tableGame(id, 1, 1)));
    expect(await lostRace(s.storage, again)).toBe(true);
    expect(await tournaments.tableOf(first)).toEqual({ tournamentId: id, round: 1, table: 1 });
    expect(await tournaments.tableGame(id, 1, 2)).toBe(second);
    expect(await tournaments.tableGame(id, 2, 1)).toBeNull();
    expect((await games.gameWithPlayers(second))!.row.tournament_id).toBe(id);
    // The channel's own open game is not one of the tables, which play in its threads.
    expect(await games.openGameIdInChannel('c1')).toBeNull();
    const own = await games.insertGame({ ...lobby('c1'), guild_id: GUILD });
    expect(await tournaments.tableOf(own)).toBeNull();
    expect((await games.gameWithPlayers(own))!.row.tournament_id).toBeNull();
    expect(await games.openGameIdInChannel('c1')).toBe(own);
    expect(await lostRace(s.storage, () => s.storage.transaction((tx) => tx.games.insertGame(lobby('c1'))))).toBe(true);
    await s.close();
  });

  it('gives each shard its own due and open tournaments, and the clock their start times', async () => {
    const s = await openEngineStorage(engine);
    const t = s.storage.tournaments;
    const mine = await t.insert(night('c1', { next_deadline: START }));
    const theirs = await t.insert(night('c2', { guild_id: OTHER, next_deadline: START - 10 }));
    const done = await t.insert(night('c3', { next_deadline: null }));
    await t.save(done, 0, { state: applyTournamentEvent(signup(), { type: 'cancel' }), finished_at: NOW });
    expect(await t.dueIds(START - 11)).toEqual([]);
    expect(await t.dueIds(START)).toEqual([theirs, mine]);
    expect(await s.storage.games.nextDeadline()).toBe(START - 10);
    expect(await t.toSync(NOW)).toEqual([mine, theirs, done]);
    expect(await t.toSync(NOW + 1)).toEqual([mine, theirs]);
    const shard = await s.another({ id: shardOfGuild(GUILD, 2), count: 2 });
    expect(await shard.tournaments.dueIds(START)).toEqual([mine]);
    expect(await shard.tournaments.toSync(NOW + 1)).toEqual([mine]);
    expect(await shard.games.nextDeadline()).toBe(START);
    // A game's deadline earlier than any start time is still the clock's next.
    await s.storage.games.insertGame({ ...lobby('c9'), guild_id: GUILD, next_deadline: 7 });
    expect(await shard.games.nextDeadline()).toBe(7);
    await s.close();
  });

  it('records what the Discord layer showed: messages, digests and the scheduled event', async () => {
    const s = await openEngineStorage(engine);
    const t = s.storage.tournaments;
    const id = await t.insert(night('c1'));
    expect(await t.setShown(id, 'signup', '111', 'd1')).toBe(true);
    expect(await t.setShown(id, 'standings', '222', null)).toBe(true);
    expect(await t.setShown(id + 1, 'signup', '1', 'd')).toBe(false);
    expect((await t.get(id))!).toMatchObject({
      messages: { signup: '111', standings: '222' },
      shown: { signup: 'd1' },
    });
    expect(await t.setShown(id, 'signup', null, 'ignored')).toBe(true);
    expect((await t.get(id))!).toMatchObject({ messages: { standings: '222' }, shown: {} });
    expect(await t.setEvent(id, { problem: 'no-permission' })).toBe(true);
    expect(await t.setEvent(id, { id: '999', shown: 'scheduled', problem: null })).toBe(true);
    expect(await t.setEvent(id, { shown: 'active' })).toBe(true);
    expect(await t.setEvent(id + 1, { shown: 'active' })).toBe(false);
    const row = (await t.get(id))!;
    expect([row.event_id, row.event_shown, row.event_problem]).toEqual(['999', 'active', null]);
    // None of it moves the rev: a change decided meanwhile still saves.
    expect(row.rev).toBe(0);
    await s.close();
  });
});
