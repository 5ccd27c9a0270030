// The playground's web server (node:http): the page and its script, a small JSON API to act as a fake
// user (slash command, click, select), and Server-Sent Events that push every change of the channel and
// its threads to the page — each page only gets what its current user may see (public messages and their
// ephemerals) and keeps the ones of the channel or thread it shows.
//
// The DMs, the group DM and the server without the bot (places.ts) are shown to the people in them only.
//
//   GET  /api/state                            guild, channel, bot, cdn, users, commands, threads, events, places
//   GET  /api/messages?user=ID[&channel=ID]    { seq, channel, messages, starter?, threads } of a channel, thread or place
//   GET  /api/events?user=ID                   SSE: message, delete (with channelId), threads, events, breach
//   POST /api/command { user, text, channel? } a slash command in the channel (default), a thread or a place
//   POST /api/click   { user, messageId, customId }
//   POST /api/select  { user, messageId, customId, values }
//   /activity/…, /api/activity/…               the Activity in its iframe, as Discord serves it (activity-bridge.ts)
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ChangeEvent, FakeChannel, FakeDiscord, FakeInteraction, FakeUser } from '../fake-discord';
import { HttpError, readJson } from './http';
import { activityBridge, launchedBy } from './activity-bridge';
import type { PageThread } from './page-view';
import { channelThreads, pageChannel, pageMessage } from './page-view';
import { watchEvents } from './event-list';
import { parseCommandLine } from './command-line';
import { describeCommands } from './command-usage';
import { pageUrl } from './port';
import { placeOf } from './places';
import type { PagePlace } from './places';

export interface PlaygroundServerOptions {
  fake: FakeDiscord;
  users: FakeUser[];
  /** Places outside the server (places.ts); default none. */
  places?: PagePlace[];
  /** Already listening (listenFirst, src/playground/port.ts); the page replaces its placeholder answer. */
  server: Server;
  host: string;
  /** The bot's Activity server, forwarded under /activity/ (activity-bridge.ts); default none. */
  activityUrl?: string | null;
}

export interface PlaygroundServer {
  url: string;
  close(): Promise<void>;
}

/** The page's browser modules (client.js imports the rest), each served as /<name>.js. */
const MODULES =
  'client act activity components composer events header markdown media messages notices people places sidebar state view'.split(
    ' ',
  );
/** The only files served: a path names one of these or nothing, so no request reaches another file. */
const STATIC: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  ...Object.fromEntries(
    MODULES.map((name) => [`/${name}.js`, { file: `${name}.js`, type: 'text/javascript; charset=utf-8' }]),
  ),
  '/style.css': { file: 'style.css', type: 'text/css; charset=utf-8' },
  '/media.css': { file: 'media.css', type: 'text/css; charset=utf-8' },
  '/events.css': { file: 'events.css', type: 'text/css; charset=utf-8' },
  '/narrow.css': { file: 'narrow.css', type: 'text/css; charset=utf-8' },
};
const STATIC_DIR = new URL('./static/', import.meta.url);
/** How often the thread list is compared with what pages have (a deleted thread sends no message event). */
const THREADS_POLL_MS = 1000;
/** How long a page waits for the bot to acknowledge; a little over Discord's 3 s, which the fake enforces. */
const ACK_WAIT_MS = 4000;

export async function startPlaygroundServer(options: PlaygroundServerOptions): Promise<PlaygroundServer> {
  const { fake, users } = options;
  const places = options.places ?? [];
  /** interaction id → who used which slash command (Discord shows "Alice used /olathe start" above the reply). */
  const usedBy = new Map<string, { userId: string; command: string }>();
  const streams = new Set<{ userId: string; res: ServerResponse }>();
  /** Counts the changes of every channel and thread, so a page can drop pushed changes older than the list it fetched. */
  let seq = 0;
  /** The threads of the channel as pages last heard of them, and a counter of the list's versions. */
  let threadsKey = '';
  let threadsVersion = 0;
  let threadList: PageThread[] = [];

  /** Pushes an event to every page (or only to the pages of the users who may see it). */
  const broadcast = (event: string, data: unknown, visibleTo?: string | readonly string[]) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    const allowed = typeof visibleTo === 'string' ? [visibleTo] : visibleTo;
    for (const s of streams) if (allowed === undefined || allowed.includes(s.userId)) s.res.write(frame);
  };

  /** Compares the thread list with the last one pages got; a changed list gets a new version (and is pushed). */
  const refreshThreads = (): void => {
    const list = channelThreads(fake);
    const key = JSON.stringify(list);
    if (key === threadsKey) return;
    threadsKey = key;
    threadList = list;
    threadsVersion++;
    broadcast('threads', threadsPayload());
  };
  const threadsPayload = () => ({ version: threadsVersion, threads: threadList });
  const events = watchEvents(fake, (payload) => broadcast('events', payload));

  /**
   * The channel, thread or place a page names for a user: absent or empty means the playground's channel;
   * otherwise the id of it, of one of its threads or of a place the user is in. Anything else is the page's
   * mistake (400), never a crash.
   */
  const requireChannel = (raw: unknown, user: FakeUser): FakeChannel => {
    if (raw === undefined || raw === null || raw === '') raw = fake.channelId;
    if (typeof raw !== 'string' || !/^\d{1,20}$/.test(raw))
      throw new HttpError(400, 'channel must be the id of the channel, one of its threads or a DM.');
    const channel = fake.channel(raw);
    const place = channel && placeOf(places, channel);
    if (place && !place.memberIds.includes(user.id))
      throw new HttpError(400, `${user.globalName ?? user.username} is not in that conversation.`);
    if (!channel || (!place && channel.id !== fake.channelId && channel.parentId !== fake.channelId)) {
      throw new HttpError(400, 'No such channel or thread here (it may have been deleted).');
    }
    return channel;
  };

  /** What a channel option may name where a command is typed: its server's channels and their threads. */
  const channelsOfServer = (where: FakeChannel): FakeChannel[] =>
    where.guildId === ''
      ? []
      : [...fake.guildChannels(where.guildId), ...fake.threads().filter((t) => t.guildId === where.guildId)];

  const requireUser = (id: unknown): FakeUser => {
    const user = users.find((u) => u.id === id);
    if (!user) throw new HttpError(400, 'Pick one of the playground users.');
    return user;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  /** Dispatches what a person did and waits for the bot's acknowledgement, as Discord's client shows it. */
  const act = async (res: ServerResponse, doIt: () => FakeInteraction) => {
    let interaction: FakeInteraction;
    try {
      interaction = doIt();
    } catch (error) {
      // What Discord's app would not let a person do (disabled button, unknown option, bad usage).
      return send(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
    try {
      const ack = await interaction.acked(ACK_WAIT_MS);
      // LAUNCH_ACTIVITY (callback type 12): Discord's client opens the Activity for the person who clicked.
      const activity = ack.type === 12 ? launchedBy(fake, interaction.userId, interaction.channelId) : undefined;
      send(res, 200, { ok: true, interactionId: interaction.id, ...(activity ? { activity } : {}) });
    } catch {
      send(res, 200, { ok: false, failed: 'This interaction failed — the bot did not answer within 3 seconds.' });
    }
  };

  const handlers: Record<string, (body: Record<string, unknown>, res: ServerResponse) => Promise<void> | void> = {
    '/api/command': (body, res) => {
      const user = requireUser(body.user);
      const channel = requireChannel(body.channel, user);
      const text = typeof body.text === 'string' ? body.text : '';
      return act(res, () => {
        const tree = fake.registeredCommands.global;
        const parsed = parseCommandLine(text, tree, { users, channels: channelsOfServer(channel) });
        const interaction = fake.slash(user, parsed.commandName, parsed.options, {
          ...(parsed.subcommand ? { subcommand: parsed.subcommand } : {}),
          channelId: channel.id,
        });
        usedBy.set(interaction.id, {
          userId: user.id,
          command: `/${parsed.commandName}${parsed.subcommand ? ' ' + parsed.subcommand : ''}`,
        });
        return interaction;
      });
    },
    '/api/click': (body, res) => {
      const user = requireUser(body.user);
      return act(res, () => fake.click(user, String(body.messageId ?? ''), String(body.customId ?? '')));
    },
    '/api/select': (body, res) => {
      const user = requireUser(body.user);
      const values = Array.isArray(body.values) ? body.values.map(String) : [];
      return act(res, () => fake.select(user, String(body.messageId ?? ''), String(body.customId ?? ''), values));
    },
  };

  const state = () => {
    const bot = fake.botUser;
    refreshThreads();
    return {
      guild: { id: fake.guildId, name: 'Olathe Playground' },
      channel: { id: fake.channelId, name: fake.channel(fake.channelId)?.name ?? 'dice' },
      bot: { id: bot.id, name: bot.globalName ?? bot.username },
      // Where the page loads emoji pictures from (the fake's stand-in for cdn.discordapp.com).
      cdn: fake.cdnUrl,
      users: users.map((u) => ({
        id: u.id,
        username: u.username,
        name: u.globalName ?? u.username,
        moderator: u.username === 'dana',
      })),
      commands: describeCommands(fake.registeredCommands.global),
      threads: threadsPayload(),
      events: events.payload(),
      places,
    };
  };

  const activity = activityBridge({ fake, users, activityUrl: options.activityUrl ?? null });
  const server = options.server;
  server.removeAllListeners('request');
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!activity.upgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((error) => {
      if (res.headersSent) return void res.end();
      const status = error instanceof HttpError ? error.status : 500;
      send(res, status, { error: error instanceof Error ? error.message : String(error) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://playground.invalid');
    if (await activity.handle(req, res, url, () => readJsonOnly(req))) return;
    if (req.method === 'GET') {
      const asset = STATIC[url.pathname];
      if (asset) {
        const text = await readFile(new URL(asset.file, STATIC_DIR), 'utf8');
        res.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-store' });
        return void res.end(text);
      }
      if (url.pathname === '/api/state') return send(res, 200, state());
      if (url.pathname === '/api/messages') {
        const user = requireUser(url.searchParams.get('user'));
        const channel = requireChannel(url.searchParams.get('channel'), user);
        refreshThreads();
        // Discord shows a thread's starter message (in the parent channel) at the top of the thread.
        const starter = channel.type === 11 ? fake.message(channel.id) : undefined;
        return send(res, 200, {
          seq,
          channel: pageChannel(channel),
          messages: fake.messagesVisibleTo(user, channel.id).map((m) => pageMessage(fake, usedBy, m)),
          ...(starter && !starter.deleted && starter.ephemeralFor === undefined
            ? { starter: pageMessage(fake, usedBy, starter) }
            : {}),
          threads: threadsPayload(),
        });
      }
      if (url.pathname === '/api/events') {
        const user = requireUser(url.searchParams.get('user'));
        res.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        });
        res.write('retry: 1000\n\n');
        refreshThreads();
        res.write(`event: threads\ndata: ${JSON.stringify(threadsPayload())}\n\n`);
        res.write(`event: events\ndata: ${JSON.stringify(events.payload())}\n\n`);
        const stream = { userId: user.id, res };
        streams.add(stream);
        req.on('close', () => streams.delete(stream));
        return;
      }
      if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
      throw new HttpError(404, 'Not found');
    }
    if (req.method === 'POST') {
      const handler = handlers[url.pathname];
      if (!handler) throw new HttpError(404, 'Not found');
      return handler(await readJsonOnly(req), res);
    }
    throw new HttpError(405, 'Method not allowed');
  }

  /** JSON only: a page on another site cannot send this without a CORS preflight, which we never allow. */
  async function readJsonOnly(req: IncomingMessage): Promise<Record<string, unknown>> {
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) throw new HttpError(415, 'Send JSON.');
    return readJson(req);
  }

  /**
   * Changes of the channel, its threads and the places, each to the pages of those who see it there; each page
   * keeps those of what it shows (and marks the rest unread).
   */
  const onChange = (event: ChangeEvent) => {
    const where = fake.channel(event.channelId);
    const place = placeOf(places, event.channelId);
    if (!place && event.channelId !== fake.channelId && where?.parentId !== fake.channelId) return;
    // A thread started from a message: the list first, so the page knows the thread the message then shows.
    refreshThreads();
    const m = event.message;
    seq++;
    const channelId = event.channelId;
    const audience = m.ephemeralFor ?? place?.memberIds;
    if (event.type === 'messageDelete' || m.deleted) broadcast('delete', { seq, channelId, id: m.id }, audience);
    else
      broadcast(
        'message',
        { seq, channelId, created: event.type === 'messageCreate', message: pageMessage(fake, usedBy, m) },
        audience,
      );
  };
  const onBreach = (description: string) =>
    broadcast('breach', {
      description: description.replace(/\/interactions\/(\d+)\/[\w.-]+/g, '/interactions/$1/[token]'),
    });
  fake.on('change', onChange);
  fake.on('breach', onBreach);
  const keepAlive = setInterval(() => {
    for (const s of streams) s.res.write(': keep-alive\n\n');
  }, 15_000);
  keepAlive.unref();
  const threadsPoll = setInterval(refreshThreads, THREADS_POLL_MS);
  threadsPoll.unref();

  return {
    url: pageUrl(server, options.host),
    async close() {
      clearInterval(keepAlive);
      clearInterval(threadsPoll);
      fake.off('change', onChange);
      fake.off('breach', onBreach);
      events.close();
      for (const s of streams) s.res.end();
      streams.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
