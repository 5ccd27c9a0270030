// The playground's fake Discord is a new server each run, so games left open by an earlier run are ended
// (scored as they stand) before its bot starts — through the service, like every other change to a game.
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/app/logger';
import { endLeftoverGames } from '../../src/playground/playground';
import { OLATHE, harness, removeTempDirs, startedGame, tempDbPath, user } from './service/helpers';

afterAll(removeTempDirs);

describe('endLeftoverGames', () => {
  it('ends the lobbies and games in play, leaves finished ones alone, and counts what it ended', async () => {
    const file = tempDbPath();
    const { service, storage } = await harness(file);
    const lobby = await service.openLobby({ guildId: 'g', channelId: 'c1', host: user('ann'), options: OLATHE });
    const playing = await startedGame(service, ['ben', 'cat'], OLATHE, { channelId: 'c2' });
    const ended = await startedGame(service, ['dan', 'eve'], OLATHE, { channelId: 'c3' });
    const endedAt = (await service.end(ended.id, 'dan', { canManage: true })).view.finishedAt;
    await storage.close();

    const log = createLogger('error');
    expect(await endLeftoverGames(file, log)).toBe(2);

    const { service: after, storage: again } = await harness(file);
    expect((await after.game(lobby.id))!.status).toBe('cancelled');
    expect((await after.game(playing.id))!.status).toBe('ended');
    expect((await after.game(ended.id))!.finishedAt).toBe(endedAt);
    expect(await after.openGameIds()).toEqual([]);
    expect(await endLeftoverGames(file, log)).toBe(0);
    await again.close();
  });
});
