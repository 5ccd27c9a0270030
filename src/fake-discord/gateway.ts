// The gateway: HELLO → IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME, and dispatches.
// Sessions outlive their sockets so a bot can RESUME; a newly started bot simply IDENTIFIES again.
// Sharding as Discord's gateway documentation gives it: a session identified with `shard: [id, n]` is told
// of (READY, GUILD_CREATE) and receives the events of the guilds with (guild_id >> 22) % n == id only.
// Opcodes, close codes and intents: gateway-protocol.ts; which changes of the fake become events:
// gateway-forwarding.ts.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { RawData } from 'ws';
import { GatewayClose, GatewayOp, rawText } from './gateway-protocol';
import { watchHeartbeats } from './heartbeats';
import { isObject } from './json';
import type { JsonObject } from './json';
import { apiGuildCreate, apiUser } from './payloads';
import { isShard, shardOfGuild } from './snowflake';
import type { FakeState } from './store';

interface GatewaySession {
  id: string;
  socket: WebSocket | null;
  seq: number;
  shardId: number;
  shardCount: number;
  intents: number;
  /** READY (or RESUMED) was sent on the current socket. */
  ready: boolean;
  /** Increases with each READY/RESUMED: the highest one is the newest bot. */
  readyOrder: number;
}

export interface GatewayOptions {
  /** Discord's is about 41 s; a connection silent for 1.5 intervals is closed. */
  heartbeatIntervalMs: number;
  acceptsToken: (token: string) => boolean;
  /** ws://host:port/gateway, also the resume_gateway_url. */
  url: () => string;
}

export class FakeGateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Map<string, GatewaySession>();
  private readyCounter = 0;
  /** By "id/count": the most sessions live at once for that shard, and how many IDENTIFYs it had. */
  private readonly peaks = new Map<string, number>();
  private readonly identifies = new Map<string, number>();

  constructor(
    private readonly state: FakeState,
    private readonly options: GatewayOptions,
  ) {}

  /** How many times a bot became ready (READY or RESUMED) so far. */
  get readyCount(): number {
    return this.readyCounter;
  }

  /** Bots connected and ready now (a bot running several shards counts once per shard). */
  get connectedBots(): number {
    return [...this.sessions.values()].filter((s) => this.isLive(s)).length;
  }

  /** The shards of the sessions connected and ready now, ordered by count, then id; each once. */
  liveShards(): Array<[number, number]> {
    const keys = new Map<string, [number, number]>();
    for (const s of this.sessions.values())
      if (this.isLive(s)) keys.set(`${s.shardId}/${s.shardCount}`, [s.shardId, s.shardCount]);
    return [...keys.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  }

  /** Sessions connected and ready now for one shard: more than one is two bots answering the same guilds. */
  liveSessions(shardId: number, shardCount: number): number {
    return [...this.sessions.values()].filter(
      (s) => this.isLive(s) && s.shardId === shardId && s.shardCount === shardCount,
    ).length;
  }

  /** The most sessions that were ever live at the same moment for one shard (counted at each READY/RESUMED). */
  peakLiveSessions(shardId: number, shardCount: number): number {
    return this.peaks.get(`${shardId}/${shardCount}`) ?? 0;
  }

  /** How many IDENTIFYs for one shard were accepted (each one a new session). */
  identifyCount(shardId: number, shardCount: number): number {
    return this.identifies.get(`${shardId}/${shardCount}`) ?? 0;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, new URL(req.url ?? '/', 'ws://fake')));
  }

  private isLive(session: GatewaySession): boolean {
    return session.ready && session.socket?.readyState === WebSocket.OPEN;
  }

  private sessionsFor(guildId: string, intent: number): GatewaySession[] {
    return [...this.sessions.values()].filter(
      (s) =>
        this.isLive(s) &&
        shardOfGuild(guildId, s.shardCount) === s.shardId &&
        (intent === 0 || (s.intents & intent) !== 0),
    );
  }

  /** Sends to the newest ready bot that holds the guild; false when none is connected. */
  dispatchToNewest(guildId: string, t: string, d: unknown): boolean {
    const newest = this.sessionsFor(guildId, 0).sort((a, b) => b.readyOrder - a.readyOrder)[0];
    if (!newest) return false;
    this.sendDispatch(newest, t, d);
    return true;
  }

  /** Sends a guild event to every ready session with the intent; `build` may vary it per session. */
  broadcast(guildId: string, t: string, intent: number, build: (intents: number) => unknown): void {
    for (const session of this.sessionsFor(guildId, intent)) this.sendDispatch(session, t, build(session.intents));
  }

  private send(ws: WebSocket, payload: JsonObject): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(payload));
  }

  private sendDispatch(session: GatewaySession, t: string, d: unknown): void {
    if (!session.socket) return;
    session.seq++;
    this.send(session.socket, { op: GatewayOp.Dispatch, t, s: session.seq, d });
  }

  private onConnection(ws: WebSocket, url: URL): void {
    let session: GatewaySession | undefined;
    const encoding = url.searchParams.get('encoding') ?? 'json';
    if (encoding !== 'json') {
      // The fake speaks JSON only (discord.js uses it unless erlpack is installed).
      ws.close(GatewayClose.DecodeError, `encoding ${encoding} is not supported by the fake`);
      return;
    }
    this.send(ws, {
      op: GatewayOp.Hello,
      d: { heartbeat_interval: this.options.heartbeatIntervalMs },
      s: null,
      t: null,
    });
    const heartbeats = watchHeartbeats(ws, this.options.heartbeatIntervalMs, GatewayClose.SessionTimedOut);

    ws.on('message', (data: RawData, isBinary: boolean) => {
      let payload: unknown;
      try {
        payload = isBinary ? undefined : (JSON.parse(rawText(data)) as unknown);
      } catch {
        payload = undefined;
      }
      if (!isObject(payload) || typeof payload.op !== 'number') {
        ws.close(GatewayClose.DecodeError, 'Error while decoding payload.');
        return;
      }
      switch (payload.op) {
        case GatewayOp.Heartbeat:
          heartbeats.heard();
          this.send(ws, { op: GatewayOp.HeartbeatAck });
          return;
        case GatewayOp.Identify:
          if (session) ws.close(GatewayClose.AlreadyAuthenticated, 'Already authenticated.');
          else session = this.identify(ws, payload.d);
          return;
        case GatewayOp.Resume:
          if (session) ws.close(GatewayClose.AlreadyAuthenticated, 'Already authenticated.');
          else session = this.resume(ws, payload.d);
          return;
        case GatewayOp.PresenceUpdate:
        case GatewayOp.VoiceStateUpdate:
        case GatewayOp.RequestGuildMembers:
          // Accepted and ignored: the fake has no presences, voice or member chunks.
          if (!session) ws.close(GatewayClose.NotAuthenticated, 'Not authenticated.');
          return;
        default:
          ws.close(GatewayClose.UnknownOpcode, 'Unknown opcode.');
      }
    });
    ws.on('close', () => {
      heartbeats.stop();
      if (session && session.socket === ws) {
        session.socket = null;
        session.ready = false;
        this.state.notify();
      }
    });
    // A SIGKILLed bot resets its connection; that is expected, not an error of the fake.
    ws.on('error', () => undefined);
  }

  private identify(ws: WebSocket, d: unknown): GatewaySession | undefined {
    if (!isObject(d) || typeof d.token !== 'string' || !this.options.acceptsToken(d.token)) {
      this.state.breach('gateway IDENTIFY with a token the fake does not accept');
      ws.close(GatewayClose.AuthenticationFailed, 'Authentication failed.');
      return undefined;
    }
    if (typeof d.intents !== 'number' || !Number.isInteger(d.intents) || d.intents < 0) {
      this.state.breach('gateway IDENTIFY without a valid intents bitfield');
      ws.close(GatewayClose.InvalidIntents, 'Invalid intent(s).');
      return undefined;
    }
    const shard = Array.isArray(d.shard) ? d.shard : [0, 1];
    const [shardId, shardCount] = [Number(shard[0]), Number(shard[1])];
    if (!isShard(shardId, shardCount)) {
      ws.close(GatewayClose.InvalidShard, 'Invalid shard.');
      return undefined;
    }
    const session: GatewaySession = {
      id: randomBytes(16).toString('hex'),
      socket: ws,
      seq: 0,
      shardId,
      shardCount,
      intents: d.intents,
      ready: false,
      readyOrder: 0,
    };
    this.sessions.set(session.id, session);
    const key = `${shardId}/${shardCount}`;
    this.identifies.set(key, (this.identifies.get(key) ?? 0) + 1);
    const guilds = [...this.state.guilds.values()].filter(
      (g) => g.botMember && shardOfGuild(g.id, shardCount) === shardId,
    );
    this.sendDispatch(session, 'READY', {
      v: 10,
      user: { ...apiUser(this.state.botUser), bot: true, verified: true, mfa_enabled: false, email: null, flags: 0 },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.options.url(),
      shard: [shardId, shardCount],
      application: { id: this.state.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      user_settings: {},
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      _trace: ['["fake-discord",{}]'],
    });
    // discord.js waits for a GUILD_CREATE per unavailable guild before it emits clientReady.
    for (const guild of guilds) this.sendDispatch(session, 'GUILD_CREATE', apiGuildCreate(this.state, guild));
    this.markReady(session);
    return session;
  }

  private resume(ws: WebSocket, d: unknown): GatewaySession | undefined {
    const session = isObject(d) && typeof d.session_id === 'string' ? this.sessions.get(d.session_id) : undefined;
    if (!session || !isObject(d) || typeof d.token !== 'string' || !this.options.acceptsToken(d.token)) {
      // Not resumable: the client waits a moment and IDENTIFIES afresh.
      this.send(ws, { op: GatewayOp.InvalidSession, d: false });
      return undefined;
    }
    if (session.socket && session.socket !== ws) session.socket.close(4009, 'Session resumed elsewhere.');
    session.socket = ws;
    this.sendDispatch(session, 'RESUMED', {});
    this.markReady(session);
    return session;
  }

  private markReady(session: GatewaySession): void {
    session.ready = true;
    session.readyOrder = ++this.readyCounter;
    // A session only becomes live here, so the peak is always seen at one of these moments.
    const key = `${session.shardId}/${session.shardCount}`;
    const live = this.liveSessions(session.shardId, session.shardCount);
    this.peaks.set(key, Math.max(this.peaks.get(key) ?? 0, live));
    this.state.notify();
  }

  /**
   * Closes every bot connection as Discord does on trouble: 4000 (resumable) makes discord.js
   * RESUME the session, 1000 makes it IDENTIFY afresh.
   */
  disconnectAll(code: 4000 | 1000): void {
    for (const session of this.sessions.values())
      session.socket?.close(code, code === 4000 ? 'Unknown error.' : 'Reconnect.');
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    for (const session of this.sessions.values()) {
      session.socket = null;
      session.ready = false;
    }
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
