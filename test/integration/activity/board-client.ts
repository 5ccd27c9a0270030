// A board as the tests drive it: the page's side of the Activity server's protocol over a real WebSocket, and the
// token exchange the page makes first. Every server message is kept, so a test can wait for the one it expects.
import WebSocket from 'ws';
import type { FakeDiscord, FakeUser } from '../../../src/fake-discord';
import type { BoardMove, BoardView, ClientMessage, ServerMessage } from '../../../src/activity/protocol';
import { discordActivityApi } from '../../../src/activity/discord-api';
import type { ActivityServer, ActivityServerOptions } from '../../../src/activity/server';
import { startActivityServer } from '../../../src/activity/server';
import type { GameService } from '../../../src/service/game-service';

export interface BoardClient {
  messages: ServerMessage[];
  send(message: ClientMessage | string): void;
  /** The first message (from `from` on) that `match` accepts, within `timeoutMs`. */
  next<T extends ServerMessage>(match: (m: ServerMessage) => m is T, timeoutMs?: number, from?: number): Promise<T>;
  /** The first board received (from the start) that `match` accepts, waiting for it if need be. */
  board(match?: (b: BoardView) => boolean, timeoutMs?: number): Promise<BoardView>;
  move(id: number, move: BoardMove): Promise<Extract<ServerMessage, { t: 'result' }>>;
  closed: Promise<number>;
  close(): void;
}

/** The Activity server on a free port, signing in through `fake`, quiet and kicking nothing unless `extra` says. */
export function startBoardServer(
  fake: FakeDiscord,
  service: GameService,
  extra: Partial<ActivityServerOptions> = {},
): Promise<ActivityServer> {
  return startActivityServer({
    port: 0,
    host: '127.0.0.1',
    service,
    discord: discordActivityApi({
      apiUrl: fake.apiUrl,
      clientId: fake.applicationId,
      clientSecret: fake.clientSecret,
      botToken: fake.botToken,
    }),
    log: { debug() {}, info() {}, warn() {}, error() {} },
    kick() {},
    ...extra,
  });
}

export const is =
  <K extends ServerMessage['t']>(t: K) =>
  (m: ServerMessage): m is Extract<ServerMessage, { t: K }> =>
    m.t === t;

export async function connectBoard(port: number): Promise<BoardClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`);
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')) as ServerMessage);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = <T extends ServerMessage>(match: (m: ServerMessage) => m is T, timeoutMs = 3000, from = 0) =>
    new Promise<T>((resolve, reject) => {
      const look = () => {
        const found = messages.slice(from).find(match);
        if (!found) return false;
        waiters.delete(look);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.t))}`));
      }, timeoutMs);
      waiters.add(look);
      look();
    });
  let ids = 0;
  return {
    messages,
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    next,
    async board(match = () => true, timeoutMs = 3000) {
      const m = await next(
        (x): x is Extract<ServerMessage, { t: 'board' }> => x.t === 'board' && match(x.board),
        timeoutMs,
      );
      return m.board;
    },
    async move(id, move) {
      const from = messages.length;
      ids = id;
      ws.send(JSON.stringify({ t: 'move', id: ids, move }));
      return next((m): m is Extract<ServerMessage, { t: 'result' }> => m.t === 'result' && m.id === id, 3000, from);
    },
    closed,
    close: () => ws.close(),
  };
}

/** The page's first steps: the code Discord hands it, exchanged at the server for an access token. */
export async function signIn(fake: FakeDiscord, user: FakeUser, port: number): Promise<string> {
  const code = fake.authorizeCode(user, ['identify']);
  const response = await fetch(`http://127.0.0.1:${port}/api/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!response.ok) throw new Error(`token exchange: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A board opened by `user` in the instance, said hello to. */
export async function openBoard(
  fake: FakeDiscord,
  user: FakeUser,
  port: number,
  instanceId: string,
  channelId = fake.channelId,
): Promise<BoardClient> {
  const accessToken = await signIn(fake, user, port);
  const client = await connectBoard(port);
  client.send({ t: 'hello', accessToken, instanceId, channelId, guildId: fake.guildId });
  return client;
}
