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
  it('stores the game, its options and the host in seat 0', () => {
    const { service, clock } = harness();
    const view = lobby(service);
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
    expect(service.game(view.id)).toEqual(view);
    expect(service.openGameInChannel('chan')).toEqual(view);
  });

  it('refuses a second open game in the channel, but not in another channel', () => {
    const { service } = harness();
    lobby(service, 'chan');
    expect(refusal(() => lobby(service, 'chan')).code).toBe('channel-busy');
    expect(lobby(service, 'other').status).toBe('lobby');
  });

  it('refuses options the rules do not allow, with the rule in plain words', () => {
    const { service } = harness();
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
      const error = refusal(() => lobby(service, 'c', options));
      expect(error.code).toBe('bad-options');
      expect(error.message).toMatch(message);
    }
    const timeout = refusal(() =>
      service.openLobby({ guildId: 'g', channelId: 'c', host: user('h'), options: OLATHE, turnTimeoutMs: 0 }),
    );
    expect(timeout.code).toBe('bad-options');
    expect(service.openGameInChannel('c')).toBeNull();
  });

  it('keeps a custom turn timeout and strips unknown option fields', () => {
    const { service } = harness();
    const view = service.openLobby({
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
  it('seats players in join order, up to eight', () => {
    const { service } = harness();
    let view = lobby(service);
    for (let i = 1; i < 8; i++) view = service.join(view.id, user(`p${i}`));
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
    expect(service.game(view.id)!.players).toEqual(view.players);
    expect(refusal(() => service.join(view.id, user('p8'))).code).toBe('lobby-full');
  });

  it('refuses a second join by the same player, and a join to a missing game', () => {
    const { service, db } = harness();
    const view = service.join(lobby(service).id, user('ann'));
    const before = snapshotOf(db, view.id);
    expect(refusal(() => service.join(view.id, user('ann'))).code).toBe('already-joined');
    expect(refusal(() => service.join(view.id, user('host'))).code).toBe('already-joined');
    expect(snapshotOf(db, view.id)).toEqual(before);
    expect(refusal(() => service.join(9999, user('ann'))).code).toBe('no-game');
  });

  it('closes the gap when a player leaves', () => {
    const { service } = harness();
    let view = lobby(service);
    for (const id of ['a', 'b', 'c']) view = service.join(view.id, user(id));
    view = service.leave(view.id, 'a');
    expect(view.players.map((p) => [p.seat, p.userId])).toEqual([
      [0, 'host'],
      [1, 'b'],
      [2, 'c'],
    ]);
    expect(service.game(view.id)!.players).toEqual(view.players);
    expect(refusal(() => service.leave(view.id, 'a')).code).toBe('not-a-player');
    view = service.join(view.id, user('a'));
    expect(view.players.at(-1)).toMatchObject({ seat: 3, userId: 'a' });
  });

  it('hands the lobby to the longest-waiting player when the host leaves, and cancels it when the last one goes', () => {
    const { service } = harness();
    let view = lobby(service);
    view = service.join(view.id, user('ann'));
    view = service.join(view.id, user('ben'));
    view = service.leave(view.id, 'host');
    expect(view.hostId).toBe('ann');
    expect(view.players.map((p) => p.userId)).toEqual(['ann', 'ben']);
    view = service.leave(view.id, 'ann');
    expect(view.hostId).toBe('ben');
    view = service.leave(view.id, 'ben');
    expect(view.status).toBe('cancelled');
    expect(view.finishedAt).not.toBeNull();
    expect(service.openGameInChannel('chan')).toBeNull();
    expect(lobby(service).status).toBe('lobby'); // the channel is free again
  });

  it('a player may wait in lobbies of several channels at once', () => {
    const { service } = harness();
    const one = service.join(lobby(service, 'one').id, user('ann'));
    const two = service.join(lobby(service, 'two').id, user('ann'));
    expect(service.start(one.id, 'host').status).toBe('playing');
    expect(service.start(two.id, 'host').status).toBe('playing');
  });
});

describe('cancelling and starting', () => {
  it('only the host cancels, and only a lobby', () => {
    const { service } = harness();
    const view = service.join(lobby(service).id, user('ann'));
    expect(refusal(() => service.cancel(view.id, 'ann')).code).toBe('not-host');
    expect(service.cancel(view.id, 'host').status).toBe('cancelled');
    expect(refusal(() => service.cancel(view.id, 'host')).code).toBe('game-over');
    expect(refusal(() => service.join(view.id, user('ben'))).code).toBe('game-over');
    expect(refusal(() => service.start(view.id, 'host')).code).toBe('game-over');
  });

  it('only the host starts; the game begins with seat 0 on the clock', () => {
    const { service, clock } = harness();
    const view = service.join(lobby(service).id, user('ann'));
    expect(refusal(() => service.start(view.id, 'ann')).code).toBe('not-host');
    expect(refusal(() => service.throwDice(view.id, 'host')).code).toBe('not-started');
    const started = service.start(view.id, 'host');
    expect(started.status).toBe('playing');
    expect(started.startedAt).toBe(clock.t);
    expect(started.state!.players.map((p) => p.id)).toEqual(['host', 'ann']);
    expect(started.state!.version).toBe(0);
    expect(started.deadlines).toEqual({ 0: clock.t + 600_000 });
    expect(service.game(view.id)).toEqual(started);
    expect(refusal(() => service.start(view.id, 'host')).code).toBe('not-in-lobby');
    expect(refusal(() => service.join(view.id, user('ben'))).code).toBe('not-in-lobby');
    expect(refusal(() => service.leave(view.id, 'ann')).code).toBe('not-in-lobby');
    expect(refusal(() => service.cancel(view.id, 'host')).code).toBe('not-in-lobby');
  });

  it('starts Balut with every player on their own clock, and a solo game', () => {
    const { service, clock } = harness();
    let view = service.openLobby({
      guildId: 'g',
      channelId: 'b',
      host: user('h'),
      options: BALUT,
      turnTimeoutMs: 60_000,
    });
    view = service.join(view.id, user('ann'));
    expect(service.start(view.id, 'h').deadlines).toEqual({ 0: clock.t + 60_000, 1: clock.t + 60_000 });
    const solo = lobby(service, 'solo');
    expect(service.start(solo.id, 'host').state!.players).toHaveLength(1);
  });

  it('quit in a lobby leaves it; end in a lobby cancels it (host or manager only)', () => {
    const { service } = harness();
    const view = service.join(lobby(service).id, user('ann'));
    const quit = service.quit(view.id, 'ann');
    expect(quit).toMatchObject({ before: null, events: [], shouts: [], turnEnded: false, finished: false });
    expect(quit.view.players.map((p) => p.userId)).toEqual(['host']);
    expect(refusal(() => service.end(view.id, 'stranger', { canManage: false })).code).toBe('not-host');
    const ended = service.end(view.id, 'moderator', { canManage: true });
    expect(ended.finished).toBe(true);
    expect(ended.view.status).toBe('cancelled');
  });
});

describe('message ids', () => {
  it('are stored, replaced and forgotten by key, and come back in every view', () => {
    const { service } = harness();
    const view = lobby(service);
    service.recordShown(view.id, 'lobby', '111', null);
    service.recordShown(view.id, 'card:0', '222', null);
    service.recordShown(view.id, 'lobby', '333', null);
    expect(service.game(view.id)!.messages).toEqual({ lobby: '333', 'card:0': '222' });
    expect(service.join(view.id, user('ann')).messages).toEqual({ lobby: '333', 'card:0': '222' });
    service.recordShown(view.id, 'card:0', null, null);
    expect(service.start(view.id, 'host').messages).toEqual({ lobby: '333' });
    expect(() => service.recordShown(view.id, 'bad key"', '1', null)).toThrow(ServiceError);
    expect(() => service.recordShown(424242, 'lobby', '1', null)).toThrow(/no longer exists/);
  });
});
