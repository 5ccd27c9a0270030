// Opening, joining, leaving, cancelling and starting a game, and every refusal on the way.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import type { GameService } from '../../../src/service/game-service';
import { ServiceError } from '../../../src/service/game-service';
import { BALUT, OLATHE, harness, removeTempDirs, snapshotOf, user, refusal } from './helpers';

afterAll(removeTempDirs);

function lobby(service: GameService, channelId = 'chan', options: GameOptions = OLATHE) {
  return service.openLobby({ guildId: 'guild', channelId, host: user('host', 'Hosty'), options });
}

describe('opening a lobby', () => {
  it('stores the game, its options and the host in seat 0', async () => {
    const { service, clock } = await harness();
    const view = await lobby(service);
    expect(view).toMatchObject({
      guildId: 'guild',
      channelId: 'chan',
      hostId: 'host',
      status: 'lobby',
      options: OLATHE,
      turnTimeoutMs: 600_000,
      createdAt: clock.t,
      startedAt: null,
      finishedAt: null,
      state: null,
      messages: {},
      deadlines: {},
      players: [{ seat: 0, userId: 'host', name: 'Hosty', isBot: false, left: null }],
    });
    expect(typeof view.id).toBe('number');
    expect(await service.game(view.id)).toEqual(view);
    expect(await service.openGameInChannel('chan')).toEqual(view);
  });

  it('refuses a second open game in the channel, but not in another channel', async () => {
    const { service } = await harness();
    await lobby(service, 'chan');
    expect((await refusal(() => lobby(service, 'chan'))).code).toBe('channel-busy');
    expect((await lobby(service, 'other')).status).toBe('lobby');
  });

  it('refuses options the rules do not allow, with the rule in plain words', async () => {
    const { service } = await harness();
    const bad: Array<[GameOptions, RegExp]> = [
      [{ ...OLATHE, columns: ['free', 'down', 'up'] }, /2 to 4 Free/],
      [{ ...OLATHE, columns: ['free', 'free', 'down', 'down'] }, /at most one Down/],
      [{ ...BALUT, columns: ['free', 'free', 'free'] }, /4 Free columns only/],
      [{ ...OLATHE, throwsPerTurn: 6 }, /1 to 5 throws/],
      [{ ...BALUT, throwsPerTurn: 4 }, /up to 3 throws/],
      [{ ...OLATHE, variant: 'yahtzee' as 'olathe' }, /Olathe or Balut/],
      [{ ...OLATHE, columns: ['free', 'free', 'sideways' as 'free'] }, /Free, Down or Up/],
    ];
    for (const [options, message] of bad) {
      const error = await refusal(() => lobby(service, 'c', options));
      expect(error.code).toBe('bad-options');
      expect(error.message).toMatch(message);
    }
    const timeout = await refusal(() =>
      service.openLobby({ guildId: 'g', channelId: 'c', host: user('h'), options: OLATHE, turnTimeoutMs: 0 }),
    );
    expect(timeout.code).toBe('bad-options');
    expect(await service.openGameInChannel('c')).toBeNull();
  });

  it('keeps a custom turn timeout and strips unknown option fields', async () => {
    const { service } = await harness();
    const view = await service.openLobby({
      guildId: 'g',
      channelId: 'c',
      host: user('h'),
      options: { ...BALUT, extra: 'x' } as GameOptions,
      turnTimeoutMs: 120_000,
    });
    expect(view.turnTimeoutMs).toBe(120_000);
    expect(view.options).toEqual(BALUT);
  });
});

describe('joining and leaving', () => {
  it('seats players in join order, up to eight', async () => {
    const { service } = await harness();
    let view = await lobby(service);
    for (let i = 1; i < 8; i++) view = await service.join(view.id, user(`p${i}`));
    expect(view.players.map((p) => [p.seat, p.userId])).toEqual([
      [0, 'host'],
      [1, 'p1'],
      [2, 'p2'],
      [3, 'p3'],
      [4, 'p4'],
      [5, 'p5'],
      [6, 'p6'],
      [7, 'p7'],
    ]);
    expect((await service.game(view.id))!.players).toEqual(view.players);
    expect((await refusal(() => service.join(view.id, user('p8')))).code).toBe('lobby-full');
  });

  it('refuses a second join by the same player, and a join to a missing game', async () => {
    const { service, storage } = await harness();
    const view = await service.join((await lobby(service)).id, user('ann'));
    const before = await snapshotOf(storage, view.id);
    expect((await refusal(() => service.join(view.id, user('ann')))).code).toBe('already-joined');
    expect((await refusal(() => service.join(view.id, user('host')))).code).toBe('already-joined');
    expect(await snapshotOf(storage, view.id)).toEqual(before);
    expect((await refusal(() => service.join(9999, user('ann')))).code).toBe('no-game');
  });

  it('closes the gap when a player leaves', async () => {
    const { service } = await harness();
    let view = await lobby(service);
    for (const id of ['a', 'b', 'c']) view = await service.join(view.id, user(id));
    view = await service.leave(view.id, 'a');
    expect(view.players.map((p) => [p.seat, p.userId])).toEqual([
      [0, 'host'],
      [1, 'b'],
      [2, 'c'],
    ]);
    expect((await service.game(view.id))!.players).toEqual(view.players);
    expect((await refusal(() => service.leave(view.id, 'a'))).code).toBe('not-a-player');
    view = await service.join(view.id, user('a'));
    expect(view.players.at(-1)).toMatchObject({ seat: 3, userId: 'a' });
  });

  it('hands the lobby to the longest-waiting player when the host leaves, and cancels it when the last one goes', async () => {
    const { service } = await harness();
    let view = await lobby(service);
    view = await service.join(view.id, user('ann'));
    view = await service.join(view.id, user('ben'));
    view = await service.leave(view.id, 'host');
    expect(view.hostId).toBe('ann');
    expect(view.players.map((p) => p.userId)).toEqual(['ann', 'ben']);
    view = await service.leave(view.id, 'ann');
    expect(view.hostId).toBe('ben');
    view = await service.leave(view.id, 'ben');
    expect(view.status).toBe('cancelled');
    expect(view.finishedAt).not.toBeNull();
    expect(await service.openGameInChannel('chan')).toBeNull();
    expect((await lobby(service)).status).toBe('lobby'); // the channel is free again
  });

  it('a player may wait in lobbies of several channels at once', async () => {
    const { service } = await harness();
    const one = await service.join((await lobby(service, 'one')).id, user('ann'));
    const two = await service.join((await lobby(service, 'two')).id, user('ann'));
    expect((await service.start(one.id, 'host')).status).toBe('playing');
    expect((await service.start(two.id, 'host')).status).toBe('playing');
  });
});

describe('cancelling and starting', () => {
  it('only the host cancels, and only a lobby', async () => {
    const { service } = await harness();
    const view = await service.join((await lobby(service)).id, user('ann'));
    expect((await refusal(() => service.cancel(view.id, 'ann'))).code).toBe('not-host');
    expect((await service.cancel(view.id, 'host')).status).toBe('cancelled');
    expect((await refusal(() => service.cancel(view.id, 'host'))).code).toBe('game-over');
    expect((await refusal(() => service.join(view.id, user('ben')))).code).toBe('game-over');
    expect((await refusal(() => service.start(view.id, 'host'))).code).toBe('game-over');
  });

  it('only the host starts; the game begins with seat 0 on the clock', async () => {
    const { service, clock } = await harness();
    const view = await service.join((await lobby(service)).id, user('ann'));
    expect((await refusal(() => service.start(view.id, 'ann'))).code).toBe('not-host');
    expect((await refusal(() => service.throwDice(view.id, 'host'))).code).toBe('not-started');
    const started = await service.start(view.id, 'host');
    expect(started.status).toBe('playing');
    expect(started.startedAt).toBe(clock.t);
    expect(started.state!.players.map((p) => p.id)).toEqual(['host', 'ann']);
    expect(started.state!.version).toBe(0);
    expect(started.deadlines).toEqual({ 0: clock.t + 600_000 });
    expect(await service.game(view.id)).toEqual(started);
    expect((await refusal(() => service.start(view.id, 'host'))).code).toBe('not-in-lobby');
    expect((await refusal(() => service.join(view.id, user('ben')))).code).toBe('not-in-lobby');
    expect((await refusal(() => service.leave(view.id, 'ann'))).code).toBe('not-in-lobby');
    expect((await refusal(() => service.cancel(view.id, 'host'))).code).toBe('not-in-lobby');
  });

  it('starts Balut with every player on their own clock, and a solo game', async () => {
    const { service, clock } = await harness();
    let view = await service.openLobby({
      guildId: 'g',
      channelId: 'b',
      host: user('h'),
      options: BALUT,
      turnTimeoutMs: 60_000,
    });
    view = await service.join(view.id, user('ann'));
    expect((await service.start(view.id, 'h')).deadlines).toEqual({ 0: clock.t + 60_000, 1: clock.t + 60_000 });
    const solo = await lobby(service, 'solo');
    expect((await service.start(solo.id, 'host')).state!.players).toHaveLength(1);
  });

  it('quit in a lobby leaves it; end in a lobby cancels it (host or manager only)', async () => {
    const { service } = await harness();
    const view = await service.join((await lobby(service)).id, user('ann'));
    const quit = await service.quit(view.id, 'ann');
    expect(quit).toMatchObject({ before: null, events: [], shouts: [], turnEnded: false, finished: false });
    expect(quit.view.players.map((p) => p.userId)).toEqual(['host']);
    expect((await refusal(() => service.end(view.id, 'stranger', { canManage: false }))).code).toBe('not-host');
    const ended = await service.end(view.id, 'moderator', { canManage: true });
    expect(ended.finished).toBe(true);
    expect(ended.view.status).toBe('cancelled');
  });
});

describe('message ids', () => {
  it('are stored, replaced and forgotten by key, and come back in every view', async () => {
    const { service } = await harness();
    const view = await lobby(service);
    await service.recordShown(view.id, 'lobby', '111', null);
    await service.recordShown(view.id, 'card:0', '222', null);
    await service.recordShown(view.id, 'lobby', '333', null);
    expect((await service.game(view.id))!.messages).toEqual({ lobby: '333', 'card:0': '222' });
    expect((await service.join(view.id, user('ann'))).messages).toEqual({ lobby: '333', 'card:0': '222' });
    await service.recordShown(view.id, 'card:0', null, null);
    expect((await service.start(view.id, 'host')).messages).toEqual({ lobby: '333' });
    await expect(service.recordShown(view.id, 'bad key"', '1', null)).rejects.toThrow(ServiceError);
    await expect(service.recordShown(424242, 'lobby', '1', null)).rejects.toThrow(/no longer exists/);
  });
});
