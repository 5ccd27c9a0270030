// Discord closes a gateway connection that stops sending heartbeats: that is how a bot whose host vanished
// (no close, no reset: its packets simply stop) stops counting as connected. The fake does the same.
import type { WebSocket } from 'ws';

export interface HeartbeatWatch {
  /** A heartbeat arrived. */
  heard(): void;
  stop(): void;
}

/**
 * Closes `ws` with `closeCode` once it has sent no heartbeat for 1.5 intervals (counted from the connection
 * while none came yet); a vanished peer never answers the close, so the socket is cut a second later.
 */
export function watchHeartbeats(ws: WebSocket, intervalMs: number, closeCode: number): HeartbeatWatch {
  let heardAt = Date.now();
  const timer = setInterval(
    () => {
      if (Date.now() - heardAt <= intervalMs * 1.5) return;
      clearInterval(timer);
      ws.close(closeCode, 'Session timed out.');
      setTimeout(() => ws.terminate(), 1000).unref();
    },
    Math.max(50, intervalMs / 4),
  );
  timer.unref();
  return {
    heard: () => (heardAt = Date.now()),
    stop: () => clearInterval(timer),
  };
}
