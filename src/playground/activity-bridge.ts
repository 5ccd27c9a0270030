// The playground's side of the Activity: what Discord does around an Activity, for the playground page
// that plays Discord's client.
//
// Discord serves an Activity under https://<app id>.discordsays.com through its proxy (the app's URL mapping → the
// operator's server), and the page talks only to that origin. Here the playground's own origin plays
// discordsays.com: /activity/… is forwarded to the bot's Activity server (ACTIVITY_PORT), WebSocket upgrades
// included, so the page loads, exchanges its code and opens its socket exactly as under Discord's proxy. The
// page then sits in an iframe of the playground page, which answers the Embedded App SDK's messages as Discord's
// client does (static/activity.js); what only Discord knows — who authorizes, whom a token stands for, who is in
// the instance — it asks here, and here asks the loopback Discord:
//
//   POST /api/activity/launch    { user, channel }        the App Launcher's Entry Point command in that channel
//   POST /api/activity/open      { user, instanceId }     the person joins a running instance (Discord's "Join")
//   POST /api/activity/leave     { user, instanceId }     the person closes the Activity
//   POST /api/activity/authorize { user, scopes }         the SDK's AUTHORIZE: a code, as Discord's consent gives it
//   POST /api/activity/authenticate { user, accessToken } the SDK's AUTHENTICATE: whom the token stands for
//   GET  /api/activity/participants?instance=ID            GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS
import { request } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FakeActivityInstance, FakeDiscord, FakeUser } from '../fake-discord';
import { HttpError } from './http';

/** Where the Activity is mounted on the playground's origin (Discord's proxy mounts it at the root of its own). */
export const ACTIVITY_PREFIX = '/activity';

/** What the playground page needs to open an instance's iframe, with the query Discord's client gives it. */
export interface ActivityFrame {
  instanceId: string;
  channelId: string;
  guildId: string | null;
  clientId: string;
  /** The iframe's address: the Activity's root with frame_id, instance_id, platform, channel_id, guild_id. */
  src: string;
}

export interface ActivityBridgeOptions {
  fake: FakeDiscord;
  users: FakeUser[];
  /** The bot's Activity server, e.g. http://127.0.0.1:4100; null: the bot serves no Activity. */
  activityUrl: string | null;
}

type Handler = (body: Record<string, unknown>) => unknown;

let frames = 0;

/** The iframe's query as Discord's client builds it (the SDK's constructor requires the first three). */
export function frameOf(fake: FakeDiscord, instance: FakeActivityInstance): ActivityFrame {
  const query = new URLSearchParams({
    frame_id: `playground-frame-${++frames}`,
    instance_id: instance.instanceId,
    platform: 'desktop',
    channel_id: instance.channelId,
  });
  if (instance.guildId) query.set('guild_id', instance.guildId);
  return {
    instanceId: instance.instanceId,
    channelId: instance.channelId,
    guildId: instance.guildId || null,
    clientId: fake.applicationId,
    src: `${ACTIVITY_PREFIX}/?${query}`,
  };
}

/** The running instance a click answered with LAUNCH_ACTIVITY (callback type 12) opened or joined for this person. */
export function launchedBy(fake: FakeDiscord, userId: string, channelId: string): ActivityFrame | undefined {
  const instance = fake.activityInstances().find((i) => i.channelId === channelId && i.userIds.includes(userId));
  return instance && frameOf(fake, instance);
}

export function activityBridge(options: ActivityBridgeOptions) {
  const { fake, users } = options;
  const requireUser = (id: unknown): FakeUser => {
    const user = users.find((u) => u.id === id);
    if (!user) throw new HttpError(400, 'Pick one of the playground users.');
    return user;
  };
  const requireInstance = (id: unknown): FakeActivityInstance => {
    const instance = typeof id === 'string' ? fake.activityInstance(id) : undefined;
    if (!instance) throw new HttpError(404, 'That Activity has ended (its last person left).');
    return instance;
  };
  /** What the fake refuses (Activities off, a channel the person cannot see) is the page's 400, as Discord's UI would not offer it. */
  const asRefusal = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, error instanceof Error ? error.message : String(error));
    }
  };

  const post: Record<string, Handler> = {
    '/api/activity/launch': async (body) => {
      const user = requireUser(body.user);
      const channelId = typeof body.channel === 'string' && body.channel ? body.channel : fake.channelId;
      const used = asRefusal(() => fake.useEntryPoint(user, { channelId }));
      if ('instance' in used) return frameOf(fake, used.instance);
      // An Entry Point with the app's own handler: the bot answers, and only callback type 12 opens the Activity.
      const ack = await used.interaction.acked();
      const frame = ack.type === 12 ? launchedBy(fake, user.id, channelId) : undefined;
      if (!frame) throw new HttpError(409, 'The app answered its Launch command without opening the Activity.');
      return frame;
    },
    '/api/activity/open': (body) => {
      const user = requireUser(body.user);
      const instance = asRefusal(() => fake.joinActivity(user, requireInstance(body.instanceId).instanceId));
      return frameOf(fake, instance);
    },
    '/api/activity/leave': (body) => {
      const user = requireUser(body.user);
      const instance = fake.activityInstance(String(body.instanceId ?? ''));
      if (instance?.userIds.includes(user.id)) fake.leaveActivity(user, instance.instanceId);
      return { ok: true };
    },
    '/api/activity/authorize': (body) => {
      const user = requireUser(body.user);
      const scopes = Array.isArray(body.scopes) ? body.scopes.map(String) : [];
      return { code: fake.authorizeCode(user, scopes) };
    },
    '/api/activity/authenticate': (body) => {
      const user = requireUser(body.user);
      const grant = typeof body.accessToken === 'string' ? fake.accessGrant(body.accessToken) : undefined;
      // Discord's client refuses a token that is not the signed-in person's: the SDK gets an ERROR frame.
      if (!grant || grant.userId !== user.id) throw new HttpError(401, 'Invalid access token');
      return {
        access_token: body.accessToken,
        user: sdkUser(user, true),
        scopes: grant.scopes,
        expires: new Date(grant.expiresAt).toISOString(),
        application: {
          id: fake.applicationId,
          name: fake.botUser.globalName ?? fake.botUser.username,
          description: '',
        },
      };
    },
  };

  return {
    /** Answers the request if it is the Activity's or the bridge's; false: not ours. */
    async handle(
      req: IncomingMessage,
      res: ServerResponse,
      url: URL,
      readBody: () => Promise<Record<string, unknown>>,
    ) {
      if (url.pathname === ACTIVITY_PREFIX || url.pathname.startsWith(`${ACTIVITY_PREFIX}/`)) {
        forward(options.activityUrl, req, res, url);
        return true;
      }
      if (req.method === 'GET' && url.pathname === '/api/activity/participants') {
        const instance = fake.activityInstance(url.searchParams.get('instance') ?? '');
        const participants = (instance?.userIds ?? []).flatMap((id) => {
          const user = users.find((u) => u.id === id);
          return user ? [sdkUser(user, false)] : [];
        });
        sendJson(res, 200, { participants });
        return true;
      }
      const handler = req.method === 'POST' ? post[url.pathname] : undefined;
      if (!handler) return false;
      sendJson(res, 200, await handler(await readBody()));
      return true;
    },
    /** Forwards a WebSocket upgrade under /activity/ (the page's /api/live); false: not ours. */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const url = new URL(req.url ?? '/', 'http://playground.invalid');
      if (!url.pathname.startsWith(`${ACTIVITY_PREFIX}/`)) return false;
      forwardUpgrade(options.activityUrl, req, socket, head, url);
      return true;
    },
  };
}

/** A person as the SDK's schemas describe one (AUTHENTICATE's `user`, and a connected participant). */
function sdkUser(user: FakeUser, authenticated: boolean) {
  const common = {
    id: user.id,
    username: user.username,
    discriminator: '0',
    avatar: null,
    global_name: user.globalName,
  };
  return authenticated ? { ...common, public_flags: 0 } : { ...common, flags: 0, bot: false };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** The path on the Activity server: the playground's /activity/x is its /x, as the proxy maps / to the server. */
function targetPath(url: URL): string {
  return (url.pathname.slice(ACTIVITY_PREFIX.length) || '/') + url.search;
}

function forward(activityUrl: string | null, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (!activityUrl) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('The bot serves no Activity (no ACTIVITY_PORT).\n');
  }
  const target = new URL(targetPath(url), activityUrl);
  const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return void res.end();
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end("The bot's Activity server did not answer.\n");
  });
  req.pipe(upstream);
}

function forwardUpgrade(activityUrl: string | null, req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
  if (!activityUrl) return void socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
  const target = new URL(targetPath(url), activityUrl);
  const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } });
  upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
    const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
    for (let i = 0; i < answer.rawHeaders.length; i += 2)
      lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
    const close = () => {
      upstreamSocket.destroy();
      socket.destroy();
    };
    upstreamSocket.on('error', close).on('close', close);
    socket.on('error', close).on('close', close);
  });
  // Refused without an upgrade (a 4xx from the server): its answer, then the connection closes.
  upstream.on('response', (answer) => {
    socket.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nconnection: close\r\n\r\n`);
  });
  upstream.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
  upstream.end();
}
