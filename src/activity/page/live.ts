// The page's one WebSocket to the bot's Activity server (`api/live`, relative to the page: under Discord's proxy
// that is https://<app>.discordsays.com/api/live). Every (re)connection starts with `hello`; the server answers
// with the board as it is, so a page that lost its connection redraws from what it is sent and misses nothing.
// A dropped socket is opened again after a growing pause (board-logic.ts's reconnectDelay); a refusal is final,
// unless the server says it is only for now.
import type { ClientMessage, ServerMessage } from '../protocol';
import { reconnectDelay } from './board-logic';

export type Hello = Extract<ClientMessage, { t: 'hello' }>;
type Outgoing = Exclude<ClientMessage, { t: 'hello' }>;

export interface LiveEvents {
  message(message: ServerMessage): void;
  /** The socket dropped: the next try is in `delayMs`. */
  dropped(delayMs: number): void;
  /** The socket is open and hello sent; moves wait for the server's answer. */
  open(): void;
}

/** The address of the live socket next to the page, ws: or wss: as the page is http: or https:. */
export function liveUrl(page: Location | URL): string {
  const url = new URL('api/live', page.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  return url.href;
}

export class LiveConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  /**
   * The server answered this socket's hello (with more than a refusal). Until then the page shows the board of the
   * last connection, which may be older than the game: a move from it would be refused as from an earlier moment.
   */
  private joined = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly url: string,
    private readonly hello: Hello,
    private readonly events: LiveEvents,
  ) {}

  start(): void {
    if (this.stopped) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    this.joined = false;
    socket.addEventListener('open', () => {
      socket.send(JSON.stringify(this.hello));
      this.events.open();
      // Proxies close idle sockets; a ping a while keeps this one in use.
      this.pingTimer = setInterval(() => this.send({ t: 'ping' }), 25_000);
    });
    socket.addEventListener('message', (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      // A refusal (bad token, not in the instance, too many messages) is the server's last word: no retry. One
      // for now (Discord or the database out of reach) is followed by the socket's close, and a try as after a drop.
      if (message.t === 'refused' && !message.retry) this.stop();
      // The pause starts short again once the server answers with something other than a refusal: a socket that
      // opens only to be refused for now (the database down a minute) keeps backing off.
      else if (message.t !== 'refused') {
        this.attempt = 0;
        this.joined = true;
      }
      this.events.message(message);
    });
    socket.addEventListener('close', () => this.dropped(socket));
  }

  /** Sends a message once the server has answered the hello; false before (the board says so and waits). */
  send(message: Outgoing): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN || !this.joined) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.socket?.close();
  }

  private dropped(socket: WebSocket): void {
    if (socket !== this.socket) return;
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.stopped) return;
    const delay = reconnectDelay(this.attempt++);
    this.events.dropped(delay);
    this.retry = setTimeout(() => this.start(), delay);
  }
}
