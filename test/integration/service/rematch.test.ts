// The results' Rematch button, in the service: a lobby where the game was played, with its options and
// everyone who played it in their seats (computer players too), hosted by whoever clicked; one lobby however
// many clicks, racing ones too; refused for spectators, for a channel with another game, and for games that
// offer none. The lobby then works like any other, and the Publisher posts it (its message is wanted).
import { afterAll, describe, expect, it } from 'vitest';
import type { GameOptions } from '../../../src/game';
import type { GameService, GameView } from '../../../src/service/game-service';
import { MESSAGES } from '../../../src/service/errors';
import { offersRematch } from '../../../src/service/rematch';
import { wantedMessages } from '../../../src/discord/channel-view';
import { parseCustomId } from '../../../src/discord/custom-id';
import { checkMessageLimits } from '../../../src/fake-discord';
import type { Harness } from './helpers';
import { SMALL, autoStep, harness, refusal, removeTempDirs, snapshotOf, tempDbPath, user } from './helpers';
import { sql, sqlRow } from '../../support/storage';

afterAll(removeTempDirs);

let channels = 0;

/** A game in a fresh channel: `people` (the first hosts) then `bots`, started. */
async function started(
  h: Harness,
  people: string[],
  more: { bots?: number; options?: GameOptions; threads?: boolean; locale?: string; turnTimeoutMs?: number } = {},
): Promise<GameView> {
  const { service } = h;
  const [host, ...others] = people;
  let view = await service.openLobby({
    guildId: 'guild',
    channelId: `chan-${++channels}`,
    host: user(host!),
    options: more.options ?? SMALL,
    threads: more.threads ?? false,
    locale: more.locale,
    turnTimeoutMs: more.turnTimeoutMs,
  });
  for (const id of others) view = await service.join(view.id, user(id));
  for (let n = 0; n < (more.bots ?? 0); n++) view = await service.addBot(view.id, host!, 'expert');
  return service.start(view.id, host!);
}

/** Plays the game to its end: people by autoStep, computer players on the clock. */
async function finish(h: Harness, view: GameView): Promise<GameView> {
  while (view.status === 'playing') {
    const seat = view.state!.current;
    if (view.players[seat]!.isBot) {
      h.clock.t = Math.max(h.clock.t, (await h.service.nextDeadline())!);
      await h.service.expireTurns();
      view = (await h.service.game(view.id))!;
    } else view = (await autoStep(h.service, view, seat)).view;
  }
  return view;
}

/** A game of ann and ben, ended early by its host: played, so it offers a rematch. */
async function ended(h: Harness, people = ['ann', 'ben']): Promise<GameView> {
  const view = await started(h, people);
  return (await h.service.end(view.id, people[0]!, { canManage: false })).view;
}

const rematchesOf = (h: Harness, gameId: number) =>
  sql<{ id: number }>(h.storage, 'SELECT id FROM games WHERE rematch_of = $1', [gameId]);

describe('a rematch', () => {
  it('opens where the game was, with its options, timer and language, everyone seated as before', async () => {
    const h = await harness();
    const options: GameOptions = { ...SMALL, predictions: true, hints: false };
    let lobby0 = await h.service.openLobby({
      guildId: 'guild',
      channelId: 'chan-seats',
      host: user('ann'),
      options,
      threads: false,
      locale: 'da',
      turnTimeoutMs: 120_000,
    });
    await h.service.join(lobby0.id, user('ben'));
    await h.service.addBot(lobby0.id, 'ann', 'expert');
    // Cid joined last, after the computer player: seat 3.
    lobby0 = await h.service.join(lobby0.id, user('cid'));
    const old = await finish(h, await h.service.start(lobby0.id, 'ann'));
    expect(old.status).toBe('finished');
    expect(offersRematch(old)).toBe(true);

    h.clock.advance(5000);
    const { view, opened } = await h.service.rematch(old.id, 'ben');
    expect(opened).toBe(true);
    expect(view).toMatchObject({
      status: 'lobby',
      channelId: old.channelId,
      guildId: 'guild',
      hostId: 'ben',
      options,
      turnTimeoutMs: 120_000,
      locale: 'da',
      threadMode: false,
      rematchOf: old.id,
      lobbyExpiresAt: h.clock.t + 30 * 60_000,
    });
    expect(view.players.map((p) => [p.seat, p.userId, p.name, p.isBot])).toEqual(
      old.players.map((p) => [p.seat, p.userId, p.name, p.isBot]),
    );
    expect(view.players[2]).toMatchObject({ userId: 'bot:expert:1', isBot: true });
    expect((await h.service.openGameInChannel(old.channelId))?.id).toBe(view.id);

    // The Publisher posts it (no /olathe start did), pinging the others seated; it is reconciled until it has.
    const lobby = wantedMessages(view, new Map()).find((w) => w.key === 'lobby')!;
    expect(lobby).toMatchObject({ where: 'parent', ping: ['ann', 'cid'] });
    expect(lobby.editOnly).toBeUndefined();
    expect(lobby.body.content).toContain('<@ann> <@ben> <@cid>');
    expect(lobby.body.content).toMatch(/^🔁 Omkamp af spil \d+/);
    expect(await h.service.gamesToReconcile()).toContain(view.id);
    await h.service.recordShown(view.id, 'lobby', '999', null);
    expect(await h.service.gamesToReconcile()).not.toContain(view.id);
    // Still the Publisher's while it is open (deleted, it is posted again); once started, only ever edited.
    const posted = wantedMessages((await h.service.game(view.id))!, new Map()).find((w) => w.key === 'lobby')!;
    expect(posted).toMatchObject({ ping: ['ann', 'cid'] });
    expect(posted.editOnly).toBeUndefined();

    // It is a lobby like any other: it starts, and the computer player plays in it.
    const playing = await h.service.start(view.id, 'ben');
    expect(wantedMessages(playing, new Map()).find((w) => w.key === 'lobby')!.editOnly).toBe(true);
    const again = await finish(h, playing);
    expect(again.status).toBe('finished');
    expect(again.state!.players).toHaveLength(4);
  });

  it('of a game played in a thread opens in that thread, and plays there', async () => {
    const h = await harness();
    const view = await started(h, ['ann', 'ben'], { threads: true });
    expect(view.threadMode).toBe(true);
    await h.service.setPlayChannel(view.id, 'thread-1');
    const old = (await h.service.end(view.id, 'ann', { canManage: false })).view;
    const { view: lobby } = await h.service.rematch(old.id, 'ann');
    expect(lobby).toMatchObject({ channelId: 'thread-1', threadMode: false, hostId: 'ann' });
    expect((await h.service.start(lobby.id, 'ann')).playChannelId).toBe('thread-1');
  });

  it('seats those who left the game too; anyone can leave the lobby, the host hands it on, bots go', async () => {
    const h = await harness();
    const view = await started(h, ['ann', 'ben', 'cid'], { bots: 1 });
    await h.service.quit(view.id, 'cid');
    const old = (await h.service.end(view.id, 'ann', { canManage: false })).view;
    let lobby = (await h.service.rematch(old.id, 'ben')).view;
    expect(lobby.players.map((p) => p.userId)).toEqual(['ann', 'ben', 'cid', 'bot:expert:1']);
    lobby = await h.service.leave(lobby.id, 'cid');
    expect(lobby.players.map((p) => [p.seat, p.userId])).toEqual([
      [0, 'ann'],
      [1, 'ben'],
      [2, 'bot:expert:1'],
    ]);
    lobby = await h.service.leave(lobby.id, 'ben');
    expect(lobby).toMatchObject({ hostId: 'ann', hostLeft: 'BEN', status: 'lobby' });
    lobby = await h.service.removeBot(lobby.id, 'ann', 'bot:expert:1');
    expect(lobby.players.map((p) => p.userId)).toEqual(['ann']);
    lobby = await h.service.leave(lobby.id, 'ann');
    expect(lobby).toMatchObject({ status: 'cancelled', closedReason: 'empty' });
  });
});

describe('one rematch lobby', () => {
  it('however often, and by whom, Rematch is clicked', async () => {
    const h = await harness();
    const old = await ended(h);
    const first = await h.service.rematch(old.id, 'ann');
    const second = await h.service.rematch(old.id, 'ben');
    const third = await h.service.rematch(old.id, 'ann');
    expect(first.opened).toBe(true);
    expect([second.opened, third.opened]).toEqual([false, false]);
    expect(second.view.id).toBe(first.view.id);
    expect(third.view.id).toBe(first.view.id);
    // The first click's host stays host.
    expect(third.view.hostId).toBe('ann');
    expect(await rematchesOf(h, old.id)).toEqual([{ id: first.view.id }]);
  });

  it('when two clicks race from two connections: the database lets one insert win, the other gets its lobby', async () => {
    const file = tempDbPath();
    const other = await harness(file);
    let raced: Awaited<ReturnType<GameService['rematch']>> | undefined;
    const h = await harness(file, {
      clock: other.clock,
      hooks: {
        // Between this click's decision and its write, the other player's click opens the lobby.
        beforeWrite: async (gameId, attempt) => {
          if (gameId === null && attempt === 1 && !raced) raced = await other.service.rematch(old.id, 'ben');
        },
      },
    });
    const old = await ended(other);
    const mine = await h.service.rematch(old.id, 'ann');
    expect(raced!.opened).toBe(true);
    expect(mine).toMatchObject({ opened: false, view: { id: raced!.view.id, hostId: 'ben' } });
    expect(await rematchesOf(h, old.id)).toHaveLength(1);
    expect(await sqlRow(h.storage, "SELECT COUNT(*) AS n FROM games WHERE status = 'lobby'")).toEqual({ n: 1 });
  });

  it('when the other click opens the lobby after this one looked for a rematch: this one gets that lobby, not "channel busy"', async () => {
    const file = tempDbPath();
    const other = await harness(file);
    const h = await harness(file, { clock: other.clock });
    const old = await ended(other);
    // This click finds no rematch yet; the other player's click then opens one before this click looks at the
    // channel, where that lobby is now the open game.
    let raced: Awaited<ReturnType<GameService['rematch']>> | undefined;
    const games = h.storage.games;
    const rematchOf = games.rematchOf.bind(games);
    games.rematchOf = async (id) => {
      const found = await rematchOf(id);
      if (!raced) raced = await other.service.rematch(old.id, 'ben');
      return found;
    };
    const mine = await h.service.rematch(old.id, 'ann');
    expect(raced!.opened).toBe(true);
    expect(mine).toMatchObject({ opened: false, view: { id: raced!.view.id, hostId: 'ben' } });
    expect(await rematchesOf(h, old.id)).toHaveLength(1);
  });

  it('once it started or was played, a click is refused; once it closed unplayed, a click opens a new one', async () => {
    const h = await harness();
    const old = await ended(h);
    const first = (await h.service.rematch(old.id, 'ann')).view;
    await h.service.cancel(first.id, 'ann');
    const second = await h.service.rematch(old.id, 'ben');
    expect(second).toMatchObject({ opened: true, view: { hostId: 'ben', rematchOf: old.id } });
    expect((await h.service.game(first.id))!.rematchOf).toBeNull();

    await h.service.start(second.view.id, 'ben');
    expect(await refusal(() => h.service.rematch(old.id, 'ann'))).toMatchObject({
      code: 'no-rematch',
      message: MESSAGES.rematchStarted,
    });
    await h.service.end(second.view.id, 'ben', { canManage: false });
    expect((await refusal(() => h.service.rematch(old.id, 'ann'))).message).toBe(MESSAGES.rematchPlayed);
    // The rematch's own results offer the next one.
    expect((await h.service.rematch(second.view.id, 'ann')).opened).toBe(true);
  });
});

describe('refused, changing nothing', () => {
  it('for someone who did not play the game', async () => {
    const h = await harness();
    const old = await ended(h);
    const snapshot = await snapshotOf(h.storage, old.id);
    expect(await refusal(() => h.service.rematch(old.id, 'spectator'))).toMatchObject({
      code: 'not-a-player',
      message: MESSAGES.rematchNotAPlayer,
    });
    // A computer player's id is no way in either.
    const withBot = await finish(h, await started(h, ['ann'], { bots: 1 }));
    expect((await refusal(() => h.service.rematch(withBot.id, 'bot:expert:1'))).code).toBe('not-a-player');
    expect(await snapshotOf(h.storage, old.id)).toEqual(snapshot);
    expect(await rematchesOf(h, old.id)).toEqual([]);
  });

  it('when the channel already has another game open', async () => {
    const h = await harness();
    const old = await ended(h);
    const other = await h.service.openLobby({
      guildId: 'guild',
      channelId: old.channelId,
      host: user('cid'),
      options: SMALL,
    });
    const count = () => sqlRow(h.storage, 'SELECT COUNT(*) AS n FROM games');
    const games = await count();
    expect(await refusal(() => h.service.rematch(old.id, 'ann'))).toMatchObject({
      code: 'channel-busy',
      message: MESSAGES.rematchChannelBusy,
    });
    expect(await count()).toEqual(games);
    // Once that game is over, the rematch opens.
    await h.service.cancel(other.id, 'cid');
    expect((await h.service.rematch(old.id, 'ann')).opened).toBe(true);
  });

  it('for a game not over, one cancelled before it started, and one whose channel is gone', async () => {
    const h = await harness();
    const playing = await started(h, ['ann', 'ben']);
    expect(offersRematch(playing)).toBe(false);
    expect(await refusal(() => h.service.rematch(playing.id, 'ann'))).toMatchObject({
      code: 'no-rematch',
      message: MESSAGES.rematchNotOver,
    });
    const lobby = await h.service.openLobby({ guildId: 'guild', channelId: 'c-x', host: user('ann'), options: SMALL });
    expect((await refusal(() => h.service.rematch(lobby.id, 'ann'))).message).toBe(MESSAGES.rematchNotOver);
    const cancelled = await h.service.cancel(lobby.id, 'ann');
    expect(offersRematch(cancelled)).toBe(false);
    expect((await refusal(() => h.service.rematch(lobby.id, 'ann'))).message).toBe(MESSAGES.rematchNeverPlayed);

    await h.service.channelLost(playing.id);
    const gone = (await h.service.game(playing.id))!;
    expect(gone.status).toBe('ended');
    expect(offersRematch(gone)).toBe(false);
    expect((await refusal(() => h.service.rematch(playing.id, 'ann'))).message).toBe(MESSAGES.rematchChannelGone);
    expect((await refusal(() => h.service.rematch(424242, 'ann'))).code).toBe('no-game');

    // A daily challenge (its view carries its day's result) is one attempt a day: no rematch.
    const played = await ended(h);
    expect(offersRematch(played)).toBe(true);
    expect(offersRematch({ ...played, daily: {} as NonNullable<GameView['daily']> })).toBe(false);
  });
});

describe('the results message', () => {
  const resultsOf = (game: GameView) => wantedMessages(game, new Map()).find((w) => w.key === 'results')?.body;
  const buttons = (game: GameView) =>
    (resultsOf(game)?.components ?? []).flatMap((row) =>
      (row as { components: Array<{ custom_id: string; label: string }> }).components.map((b) => ({
        id: parseCustomId(b.custom_id),
        label: b.label,
      })),
    );

  it("offers Rematch, in the game's language, beside the analysis; within Discord's limits", async () => {
    const h = await harness();
    const view = await started(h, ['ann', 'ben'], { locale: 'da', bots: 1 });
    await h.service.setPlayChannel(view.id, view.channelId);
    const old = (await h.service.end(view.id, 'ann', { canManage: false })).view;
    expect(buttons(old)).toEqual([
      { id: { action: 'analysis', gameId: old.id }, label: '📊 Min analyse' },
      { id: { action: 'rematch', gameId: old.id }, label: '🔁 Omkamp' },
    ]);
    const body = resultsOf(old)!;
    const shape = { content: body.content ?? '', embeds: body.embeds, components: body.components, flags: 0 };
    expect(checkMessageLimits(shape)).toEqual([]);
  });

  it('has no Rematch where the game offers none', async () => {
    const h = await harness();
    const view = await started(h, ['ann'], { bots: 1 });
    await h.service.setPlayChannel(view.id, view.channelId);
    const old = (await h.service.end(view.id, 'ann', { canManage: false })).view;
    // A game whose channel is gone shows no results there; offersRematch is what the button asks.
    expect(buttons({ ...old, channelGone: true }).map((b) => b.id?.action)).toEqual(['analysis']);
    expect(buttons({ ...old, players: old.players.filter((p) => p.isBot) }).map((b) => b.id?.action)).toEqual([]);
  });
});
