// The board's refusals are counted, not narrated: a page sending garbage, moves out of turn and a flood make one log
// line per person a minute, a sign-in Discord refuses is counted for "anonymous", and the metrics count each refusal
// by reason. The Activity server against the loopback Discord, with a real service, as in server.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../../src/fake-discord';
import { GameService } from '../../../src/service/game-service';
import type { ActivityServer } from '../../../src/activity/server';
import type { Logger } from '../../../src/app/logger';
import { NO_METRICS } from '../../../src/discord/metrics';
import { tr } from '../../../src/discord/i18n';
import { openTestStorage } from '../../support/storage';
import { OLATHE, tempDbPath } from '../service/helpers';
import { connectBoard, is, openBoard, startBoardServer } from './board-client';

let fake: FakeDiscord;
let service: GameService;
let server: ActivityServer;
let alice: FakeUser;
let bob: FakeUser;
let instanceId: string;
let serverOpen = false;
const lines: { level: string; msg: string; context: Record<string, unknown> }[] = [];
const counted: string[] = [];

beforeEach(async () => {
  lines.length = 0;
  counted.length = 0;
  fake = await startFakeDiscord();
  alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  bob = fake.addUser({ username: 'bob', globalName: 'Bob' });
  fake.enableActivities();
  const launched = fake.useEntryPoint(alice);
  if (!('instance' in launched)) throw new Error('the default entry point opens the Activity');
  instanceId = launched.instance.instanceId;
  fake.joinActivity(bob, instanceId);
  service = new GameService(await openTestStorage(tempDbPath()));
  const line =
    (level: string) =>
    (msg: string, context: Record<string, unknown> = {}) =>
      void lines.push({ level, msg, context });
  const log: Logger = { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
  server = await startBoardServer(fake, service, {
    log,
    membershipCheckMs: 60_000,
    metrics: { ...NO_METRICS, refusal: (kind, reason) => void counted.push(`${kind}/${reason}`) },
  });
  serverOpen = true;
});

afterEach(async () => {
  if (serverOpen) await server.close();
  await service.storage.close();
  await fake.close();
});

const tally = (list: string[]) =>
  Object.fromEntries([...new Set(list)].map((k) => [k, list.filter((x) => x === k).length]));

describe("the board's refusals", () => {
  it('make one line per person a minute, and are each counted by reason', async () => {
    const lobby = await service.openLobby({
      guildId: fake.guildId,
      channelId: fake.channelId,
      host: { id: alice.id, name: 'Alice' },
      options: OLATHE,
      threads: false,
    });
    await service.join(lobby.id, { id: bob.id, name: 'Bob' });
    await service.start(lobby.id, alice.id);
    const b = await openBoard(fake, bob, server.port, instanceId);
    await b.board();
    // Out of turn, garbled, unknown: each answered, none a line of its own.
    for (let n = 0; n < 4; n++) expect((await b.move(n + 1, { kind: 'throw', stamp: '0.0' })).ok).toBe(false);
    for (let n = 0; n < 5; n++) {
      b.send('{not json');
      b.send({ t: 'nonsense' } as never);
    }
    b.send({ t: 'ping' });
    await b.next(is('pong'));
    // Then a flood, which is cut.
    for (let n = 0; n < 40; n++) b.send({ t: 'ping' });
    expect(await b.closed).toBe(1008);
    // A sign-in Discord refuses, before anyone is known.
    const stranger = await connectBoard(server.port);
    stranger.send({ t: 'hello', accessToken: 'forged', instanceId, channelId: fake.channelId, guildId: null });
    expect(await stranger.closed).toBe(1008);

    expect(tally(counted)).toEqual({
      'activity/not-your-turn': 4,
      'activity/not-json': 5,
      'activity/unknown-message': 5,
      'activity/flood': 1,
      'activity/bad-token': 1,
    });
    const refused = lines.filter((l) => l.msg === 'refused');
    expect(refused.map((l) => [l.level, l.context.user, l.context.kind, l.context.count])).toEqual([
      ['info', bob.id, 'activity', 1],
      ['info', 'anonymous', 'activity', 1],
    ]);
    // Nothing else about them: the only lines are the joins and the server's own.
    expect(lines.filter((l) => l.msg !== 'refused' && l.level !== 'debug').map((l) => l.msg)).toEqual([
      'activity server listening',
      'activity joined',
    ]);
    // Closing the server writes the rest of the minute: every refusal but the two first, in one line.
    await server.close();
    serverOpen = false;
    const rest = lines.filter((l) => l.msg === 'refused').slice(2);
    expect(rest.map((l) => [l.context.user, l.context.count])).toEqual([[bob.id, 4 + 5 + 5 + 1 - 1]]);
  });

  it('let made-up sign-ins cost Discord 20 refusals at once, and the same one none again', async () => {
    const refusedByDiscord = () =>
      fake.requests.filter((r) => r.path.endsWith('/users/@me') && r.status >= 400 && r.status < 500).length;
    const hello = async (accessToken: string) => {
      const board = await connectBoard(server.port);
      board.send({ t: 'hello', accessToken, instanceId, channelId: fake.channelId, guildId: null });
      const refused = await board.next(is('refused'));
      return { code: await board.closed, refused };
    };
    // 60 made-up tokens at once: Discord is asked about the first 20 (and what refills meanwhile), no more.
    const all = await Promise.all(Array.from({ length: 60 }, (_, n) => hello(`forged-${n}`)));
    const asked = refusedByDiscord();
    expect(asked).toBeGreaterThanOrEqual(20);
    expect(asked).toBeLessThan(30);
    const busy = all.filter((a) => a.code === 1013);
    expect(busy.length).toBe(60 - asked);
    expect(busy.every((a) => a.refused.retry === true)).toBe(true);
    expect(busy[0]!.refused.reason).toBe(tr('en')('board.server.signInBusy'));
    // A token Discord refused is refused again without asking it.
    expect((await hello('forged-0')).code).toBe(1008);
    expect(refusedByDiscord()).toBe(asked);
    // Counted, not narrated: no warning a sign-in.
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
    expect(counted.filter((c) => c === 'activity/sign-in-busy').length).toBe(busy.length);
  });
});
