// How a lobby ends without a game, and what it keeps so its message can say so: it expires on the turn clock
// (a stored deadline, so a restart loses none), a leaving host hands it on, the last one out closes it; and
// a game that closes leaves its lobby message to be drawn again, even after a crash.
import { afterAll, describe, expect, it } from 'vitest';
import type { GameService } from '../../../src/service/game-service';
import { DEFAULT_LOBBY_EXPIRY_MS } from '../../../src/service/game-service';
import { Clock, OLATHE, SMALL, harness, playOut, removeTempDirs, startedGame, tempDbPath, user } from './helpers';

afterAll(removeTempDirs);

const MINUTE = 60_000;

function open(service: GameService, channelId = 'chan') {
  return service.openLobby({ guildId: 'guild', channelId, host: user('host', 'Hosty'), options: OLATHE });
}

describe('a lobby nobody starts', () => {
  it('expires after 30 minutes on the turn clock, freeing its channel', async () => {
    const { service, clock } = await harness();
    expect(DEFAULT_LOBBY_EXPIRY_MS).toBe(30 * MINUTE);
    const view = await open(service);
    const expiresAt = clock.t + 30 * MINUTE;
    expect(view.lobbyExpiresAt).toBe(expiresAt);
    expect(await service.nextDeadline()).toBe(expiresAt);
    // Joining and leaving keep the deadline: it counts from the opening.
    clock.advance(10 * MINUTE);
    await service.join(view.id, user('ann'));
    await service.leave(view.id, 'ann');
    expect((await service.game(view.id))!.lobbyExpiresAt).toBe(expiresAt);

    expect(await service.expireTurns(expiresAt - 1)).toEqual([]);
    const [result, ...more] = await service.expireTurns(expiresAt);
    expect(more).toEqual([]);
    expect(result).toMatchObject({ finished: true, events: [], outbox: [] });
    expect(result!.view).toMatchObject({
      status: 'cancelled',
      closedReason: 'expired',
      lobbyExpiresAt: null,
      finishedAt: expiresAt,
    });
    expect(await service.game(view.id)).toEqual(result!.view);
    expect(await service.nextDeadline()).toBeNull();
    expect(await service.expireTurns(expiresAt + MINUTE)).toEqual([]);
    expect(await service.openGameInChannel('chan')).toBeNull();
    expect((await open(service)).status).toBe('lobby');
  });

  it('is kept in the database: a restarted service closes it', async () => {
    const clock = new Clock();
    const first = await harness(tempDbPath(), { clock });
    const view = await open(first.service);
    await first.storage.close();
    clock.advance(31 * MINUTE);
    const again = await harness(first.file, { clock });
    expect(await again.service.nextDeadline()).toBe(view.createdAt + 30 * MINUTE);
    expect((await again.service.expireTurns()).map((r) => r.view.closedReason)).toEqual(['expired']);
  });

  it('takes its length from the service options; a started game never expires as a lobby', async () => {
    const { service, clock } = await harness(tempDbPath(), { lobbyExpiryMs: 5000 });
    const lobby = await open(service, 'a');
    expect(lobby.lobbyExpiresAt).toBe(clock.t + 5000);
    const game = await startedGame(service, ['ann', 'ben'], SMALL, { channelId: 'b', turnTimeoutMs: 60 * MINUTE });
    expect(game.lobbyExpiresAt).toBeNull();
    const closed = await service.expireTurns(clock.advance(5000));
    expect(closed.map((r) => r.view.id)).toEqual([lobby.id]);
    expect((await service.game(game.id))!.status).toBe('playing');
  });
});

describe('leaving a lobby', () => {
  it('a leaving host hands it to the longest-waiting person, and the lobby keeps who left', async () => {
    const { service } = await harness();
    const view = await open(service);
    await service.join(view.id, user('ann', 'Ann'));
    await service.join(view.id, user('ben', 'Ben'));
    const handed = await service.leave(view.id, 'host');
    expect(handed).toMatchObject({ status: 'lobby', hostId: 'ann', hostLeft: 'Hosty', closedReason: null });
    expect(handed.players.map((p) => p.userId)).toEqual(['ann', 'ben']);
    expect(await service.game(view.id)).toEqual(handed);
    // Someone else leaving changes neither.
    expect(await service.leave(view.id, 'ben')).toMatchObject({ hostId: 'ann', hostLeft: 'Hosty' });
    // /olathe quit in a lobby is the same as leaving.
    const last = await service.quit(view.id, 'ann');
    expect(last.finished).toBe(true);
    expect(last.view).toMatchObject({ status: 'cancelled', closedReason: 'empty', players: [], lobbyExpiresAt: null });
    expect(await service.nextDeadline()).toBeNull();
  });

  it('with only computer players left it closes as empty; a host cancelling says cancelled', async () => {
    const { service } = await harness();
    const bots = await open(service, 'a');
    await service.addBot(bots.id, 'host', 'easy');
    expect(await service.leave(bots.id, 'host')).toMatchObject({ status: 'cancelled', closedReason: 'empty' });
    const cancelled = await open(service, 'b');
    expect(await service.cancel(cancelled.id, 'host')).toMatchObject({
      status: 'cancelled',
      closedReason: 'cancelled',
    });
    const ended = await open(service, 'c');
    expect((await service.end(ended.id, 'host', { canManage: false })).view.closedReason).toBe('cancelled');
  });
});

describe('the lobby message of a game that closes', () => {
  it('is drawn again: the reconcile looks at it until it is shown, also after a crash', async () => {
    const { service } = await harness();
    const lobby = await open(service, 'l');
    await service.recordShown(lobby.id, 'lobby', 'm1', 'digest-of-the-open-lobby');
    const game = await startedGame(service, ['ann', 'ben'], SMALL, { channelId: 'g' });
    await service.recordShown(game.id, 'lobby', 'm2', 'digest-of-the-game-in-play');
    await service.recordShown(game.id, 'results', 'm3', 'shown');
    expect(await service.gamesToReconcile()).toEqual([game.id]);

    await service.cancel(lobby.id, 'host');
    await playOut(service, (await service.game(game.id))!);
    expect((await service.game(lobby.id))!.shown).toEqual({});
    expect((await service.game(game.id))!.shown).toEqual({ results: 'shown' });
    expect((await service.gamesToReconcile()).sort()).toEqual([lobby.id, game.id].sort());
    // Once the Publisher has delivered the game's log lines and drawn the lobbies, they are left alone.
    for (const item of await service.pendingChannelWork(game.id)) await service.channelWorkDone(item.id);
    await service.recordShown(lobby.id, 'lobby', 'm1', 'digest-of-the-closed-lobby');
    await service.recordShown(game.id, 'lobby', 'm2', 'digest-of-the-ended-game');
    expect(await service.gamesToReconcile()).toEqual([]);
  });
});
