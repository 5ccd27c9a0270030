// The Activity server against the loopback Discord, in one process with a real service and real WebSockets: the
// token exchange, who may watch (Discord says who is in the instance, never the page), who may move (only seated
// players, through the same service and refusals as a card's click), live boards, floods and reconnects.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeDiscord } from '../../../src/fake-discord';
import type { FakeDiscord, FakeUser } from '../../../src/fake-discord';
import { GameService } from '../../../src/service/game-service';
import type { GameView } from '../../../src/service/game-service';
import { discordActivityApi } from '../../../src/activity/discord-api';
import type { ActivityServer } from '../../../src/activity/server';
import { startActivityServer } from '../../../src/activity/server';
import type { Logger } from '../../../src/app/logger';
import { openTestStorage } from '../../support/storage';
import { renderScoreSheet } from '../../../src/picture/score-sheet';
import { OLATHE, SMALL, playOut, riggedRng, tempDbPath } from '../service/helpers';
import { connectBoard, is, openBoard, signIn } from './board-client';
import en from '../../../src/discord/i18n/locales/en';
import da from '../../../src/discord/i18n/locales/da';
import { picturePath } from '../../../src/activity/picture';

/** Signs the results pictures' addresses in these tests. */
const PICTURE_KEY = 'the picture key of these tests';

interface World {
  fake: FakeDiscord;
  service: GameService;
  server: ActivityServer;
  alice: FakeUser;
  bob: FakeUser;
  carol: FakeUser;
  instanceId: string;
  kicks: number[];
  /** The results pictures the server drew. */
  drawn: number[];
  logLines: string[];
  rng: ReturnType<typeof riggedRng>;
}

let world: World;

beforeEach(async () => {
  const fake = await startFakeDiscord();
  const alice = fake.addUser({ username: 'alice', globalName: 'Alice' });
  const bob = fake.addUser({ username: 'bob', globalName: 'Bob' });
  const carol = fake.addUser({ username: 'carol', globalName: 'Carol', locale: 'da' });
  fake.enableActivities();
  const launched = fake.useEntryPoint(alice);
  if (!('instance' in launched)) throw new Error('the default entry point opens the Activity');
  fake.joinActivity(bob, launched.instance.instanceId);
  const rng = riggedRng();
  const service = new GameService(await openTestStorage(tempDbPath()), { rng });
  const logLines: string[] = [];
  const line = (level: string) => (message: string, context?: Record<string, unknown>) =>
    logLines.push(
      `${level} ${message} ${JSON.stringify(context ?? {}, (_k, v: unknown) => (v instanceof Error ? v.message : v))}`,
    );
  const log: Logger = { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error') };
  const kicks: number[] = [];
  const drawn: number[] = [];
  const discord = discordActivityApi({
    apiUrl: fake.apiUrl,
    clientId: fake.applicationId,
    clientSecret: fake.clientSecret,
    botToken: fake.botToken,
  });
  const server = await startActivityServer({
    port: 0,
    host: '127.0.0.1',
    service,
    discord,
    log,
    kick: (id) => kicks.push(id),
    membershipCheckMs: 0,
    pictureKey: PICTURE_KEY,
    renderPicture: (sheet) => {
      drawn.push(sheet.gameId);
      return renderScoreSheet(sheet);
    },
  });
  world = {
    fake,
    service,
    server,
    alice,
    bob,
    carol,
    instanceId: launched.instance.instanceId,
    kicks,
    drawn,
    logLines,
    rng,
  };
});

afterEach(async () => {
  await world.server.close();
  await world.service.storage.close();
  await world.fake.close();
});

async function aliceAndBobPlay(): Promise<GameView> {
  const { service, fake, alice, bob } = world;
  const lobby = await service.openLobby({
    guildId: fake.guildId,
    channelId: fake.channelId,
    host: { id: alice.id, name: 'Alice' },
    options: OLATHE,
    threads: false,
  });
  await service.join(lobby.id, { id: bob.id, name: 'Bob' });
  return service.start(lobby.id, alice.id);
}

describe('POST /api/token', () => {
  it('exchanges a code once for an access token Discord knows, and never echoes the client secret', async () => {
    const { fake, alice, server, logLines } = world;
    const token = await signIn(fake, alice, server.port);
    expect(fake.accessGrant(token)?.userId).toBe(alice.id);
    const code = fake.authorizeCode(alice, ['identify']);
    const post = (body: string) =>
      fetch(`http://127.0.0.1:${server.port}/api/token`, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
      });
    expect((await post(JSON.stringify({ code }))).status).toBe(200);
    const again = await post(JSON.stringify({ code }));
    expect(again.status).toBe(400);
    expect(await again.text()).not.toContain(fake.clientSecret);
    expect((await post('not json')).status).toBe(400);
    expect(logLines.join('\n')).not.toContain(fake.clientSecret);
    expect(logLines.join('\n')).not.toContain(token);
  });
});

describe('the live board', () => {
  it('lets a seated player move: the game changes, the channel is kicked, and both boards show it', async () => {
    const game = await aliceAndBobPlay();
    const { fake, alice, bob, server, service, kicks, instanceId } = world;
    const a = await openBoard(fake, alice, server.port, instanceId);
    const welcome = await a.next(is('welcome'));
    expect(welcome).toMatchObject({ userId: alice.id, seat: 0 });
    const first = await a.board();
    expect(first.you?.declarable).toEqual([0, 1, 2, 3]);
    const b = await openBoard(fake, bob, server.port, instanceId);
    expect((await b.board()).viewerSeat).toBe(1);
    const played = await a.move(1, { kind: 'declare', column: 0, stamp: first.you!.stamp });
    expect(played).toEqual({ t: 'result', id: 1, ok: true });
    expect((await service.game(game.id))?.state?.players[0]?.turn.column).toBe(0);
    expect(kicks).toContain(game.id);
    expect((await b.board((v) => v.players[0]!.column === 0)).you?.acting).toBe(false);
    // Out of turn, Bob's move is refused with the card's words and changes nothing.
    const refused = await b.move(2, { kind: 'declare', column: 1, stamp: '0.0' });
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining("Alice's turn") });
    // A stale stamp (a double click) is refused as the card's would be.
    const stale = await a.move(3, { kind: 'declare', column: 1, stamp: '0.0' });
    expect(stale.ok).toBe(false);
  });

  it('shows a move made elsewhere (a card click, the clock) within a second', async () => {
    const game = await aliceAndBobPlay();
    const { fake, alice, server, service, instanceId } = world;
    const a = await openBoard(fake, alice, server.port, instanceId);
    await a.board();
    const started = performance.now();
    await service.declare(game.id, alice.id, 2, '0.0', 0);
    const board = await a.board((v) => v.players[0]!.column === 2, 1000);
    expect(board.you?.canThrow).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a stranger, a forged token, and a spectator’s moves', async () => {
    const game = await aliceAndBobPlay();
    const { fake, carol, server, instanceId, service } = world;
    // Carol can see the channel but is not in the Activity; her Discord is in Danish, and so is the refusal.
    const stranger = await openBoard(fake, carol, server.port, instanceId);
    expect((await stranger.next(is('refused'))).reason).toBe(da.board.server.notInActivity);
    expect(await stranger.closed).toBe(1008);
    const forged = await connectBoard(server.port);
    forged.send({ t: 'hello', accessToken: 'forged', instanceId, channelId: fake.channelId, guildId: fake.guildId });
    // Nobody Discord knows: English, the language of last resort.
    expect((await forged.next(is('refused'))).reason).toBe(en.board.server.badToken);
    // In the instance but not seated: she watches and cannot act.
    fake.joinActivity(carol, instanceId);
    const spectator = await openBoard(fake, carol, server.port, instanceId);
    expect((await spectator.next(is('welcome'))).seat).toBeNull();
    const watched = await spectator.board();
    expect(watched.you).toBeNull();
    const before = (await service.game(game.id))!.state!.version;
    const refused = await spectator.move(1, { kind: 'declare', column: 0, stamp: '0.0' });
    expect(refused.ok).toBe(false);
    // Carol's Discord is in Danish: the refusal is the catalogue's Danish one, not the English.
    expect(refused.ok === false && refused.reason).not.toBe('You are not playing in this game.');
    expect((await service.game(game.id))!.state!.version).toBe(before);
    // An instance in another channel does not show this channel's game.
    const elsewhere = await openBoard(fake, carol, server.port, instanceId, '123456789012345678');
    expect((await elsewhere.next(is('refused'))).reason).toBe(da.board.server.notInActivity);
  });

  it('answers bad JSON and unknown messages without dropping the board, and cuts a flood', async () => {
    await aliceAndBobPlay();
    const { fake, alice, server, instanceId } = world;
    const a = await openBoard(fake, alice, server.port, instanceId);
    await a.board();
    a.send('{not json');
    await a.next(is('refused'));
    a.send({ t: 'nonsense' } as never);
    a.send({ t: 'ping' });
    await a.next(is('pong'));
    for (let i = 0; i < 40; i++) a.send({ t: 'ping' });
    const cut = await a.next(
      (m): m is { t: 'refused'; reason: string } => m.t === 'refused' && m.reason.includes('Too many'),
    );
    expect(cut.reason).toContain('Too many');
    expect(await a.closed).toBe(1008);
  });

  it('words its own refusals in the game’s language when the person’s Discord names none', async () => {
    const { fake, alice, bob, server, service, instanceId } = world;
    const lobby = await service.openLobby({
      guildId: fake.guildId,
      channelId: fake.channelId,
      host: { id: alice.id, name: 'Alice' },
      options: OLATHE,
      threads: false,
      locale: 'da',
    });
    await service.join(lobby.id, { id: bob.id, name: 'Bob' });
    await service.start(lobby.id, alice.id);
    // Her Discord (en-US) is asked first: English.
    const english = await openBoard(fake, alice, server.port, instanceId);
    await english.board();
    english.send({ t: 'hello' } as never);
    expect((await english.next(is('refused'))).reason).toBe(en.board.server.garbled);
    english.close();
    // A /users/@me without a locale (it is the `identify` scope's, but not promised): the game's language, Danish.
    const discord = discordActivityApi({
      apiUrl: fake.apiUrl,
      clientId: fake.applicationId,
      clientSecret: fake.clientSecret,
      botToken: fake.botToken,
    });
    const localeless = await startActivityServer({
      port: 0,
      host: '127.0.0.1',
      service,
      discord: { ...discord, userOf: async (token) => ({ ...(await discord.userOf(token))!, locale: null }) },
      log: { debug() {}, info() {}, warn() {}, error() {} },
      kick() {},
    });
    try {
      const a = await openBoard(fake, alice, localeless.port, instanceId);
      expect((await a.next(is('welcome'))).locale).toBe('da');
      await a.board();
      for (let i = 0; i < 40; i++) a.send({ t: 'ping' });
      expect((await a.next(is('refused'))).reason).toBe(da.board.server.flood);
      expect(await a.closed).toBe(1008);
    } finally {
      await localeless.close();
    }
  });

  it('comes back to the current moment on a new connection, and waits for a game when there is none', async () => {
    const { fake, alice, server, instanceId, service } = world;
    const early = await openBoard(fake, alice, server.port, instanceId);
    await early.next(is('no-game'));
    const game = await aliceAndBobPlay();
    // The board takes up the channel's new game by itself.
    expect((await early.board(undefined, 4000)).gameId).toBe(game.id);
    early.close();
    await service.declare(game.id, alice.id, 1, '0.0', 0);
    const again = await openBoard(fake, alice, server.port, instanceId);
    const board = await again.board();
    expect(board.players[0]!.column).toBe(1);
    expect(board.you?.stamp).toBe('0.0');
  });

  it('shows a board opened after the end the results, and follows its rematch', async () => {
    const { fake, alice, bob, server, service, instanceId, kicks } = world;
    const lobby = await service.openLobby({
      guildId: fake.guildId,
      channelId: fake.channelId,
      host: { id: alice.id, name: 'Alice' },
      options: SMALL,
      threads: false,
    });
    await service.join(lobby.id, { id: bob.id, name: 'Bob' });
    const over = await playOut(service, await service.start(lobby.id, alice.id));
    expect(over.status).toBe('finished');
    const a = await openBoard(fake, alice, server.port, instanceId);
    const results = await a.board();
    expect(results.gameId).toBe(over.id);
    expect(results.results?.standings).toHaveLength(2);
    // Signed in, the board is given its picture's signed address.
    expect(results.results?.picture).toBe(picturePath(over.id, PICTURE_KEY));
    a.send({ t: 'rematch', id: 5 });
    expect(await a.next((m): m is { t: 'result'; id: number; ok: true } => m.t === 'result' && m.id === 5)).toEqual({
      t: 'result',
      id: 5,
      ok: true,
    });
    const rematch = await a.board((b) => b.gameId !== over.id);
    expect(rematch.status).toBe('lobby');
    expect(kicks).toContain(rematch.gameId);
  });

  it('serves a finished game’s score-sheet picture as a PNG, kept once drawn, and a 404 while it is in play', async () => {
    const { fake, alice, bob, server, service } = world;
    const lobby = await service.openLobby({
      guildId: fake.guildId,
      channelId: fake.channelId,
      host: { id: alice.id, name: 'Alice' },
      options: SMALL,
      threads: false,
    });
    await service.join(lobby.id, { id: bob.id, name: 'Bob' });
    const at = (path: string, base = '') => fetch(`http://127.0.0.1:${server.port}${base}/${path}`);
    const picture = (id: number, base = '') => at(picturePath(id, PICTURE_KEY), base);
    const refused = async (response: Response, what: string) => {
      expect(response.status, what).toBe(404);
      expect(response.headers.get('content-type')).not.toBe('image/png');
    };
    // In play, and so are a lobby's, an unknown game's and a malformed path's: plain 404s, nothing drawn.
    const playing = await service.start(lobby.id, alice.id);
    for (const id of [playing.id, 999_999]) await refused(await picture(id), String(id));
    for (const path of ['abc', '-1', `${playing.id}.png/..`]) await refused(await at(`api/picture/${path}.png`), path);
    const over = await playOut(service, playing);
    expect(over.status).toBe('finished');
    // Over, but asked for without the signature a signed-in board is given, or with another key's: still 404.
    await refused(await at(`api/picture/${over.id}.png`), 'unsigned');
    await refused(await at(picturePath(over.id, 'another key')), 'signed with another key');
    expect(world.drawn).toEqual([]);
    const first = await picture(over.id);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await first.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Two players' score sheets: tens of kilobytes, several hundred pixels each way (IHDR's width and height).
    expect(png.length).toBeGreaterThan(10_000);
    expect(png.length).toBeLessThan(3_000_000);
    expect(png.readUInt32BE(16)).toBeGreaterThan(300);
    expect(png.readUInt32BE(20)).toBeGreaterThan(200);
    // Kept: the same bytes again, under the proxy's prefix too, drawn once for both.
    const second = await picture(over.id, '/.proxy');
    expect(Buffer.from(await second.arrayBuffer()).equals(png)).toBe(true);
    expect(world.drawn).toEqual([over.id]);
  });

  it('cuts a player who left the Activity at their next move', async () => {
    await aliceAndBobPlay();
    const { fake, alice, server, instanceId, service } = world;
    const a = await openBoard(fake, alice, server.port, instanceId);
    const board = await a.board();
    fake.leaveActivity(alice, instanceId);
    const before = (await service.game(board.gameId))!.state!.version;
    a.send({ t: 'move', id: 1, move: { kind: 'declare', column: 0, stamp: board.you!.stamp } });
    expect((await a.next(is('refused'))).reason).toContain('not in this Activity');
    expect(await a.closed).toBe(1008);
    expect((await service.game(board.gameId))!.state!.version).toBe(before);
  });
});
