// The soak's leak check: the bot's live JavaScript heap after a full collection, asked of V8 itself
// through the inspector (the bot is started with --inspect on a loopback port of its own). RSS alone cannot tell
// a leak from a warm-up: V8 reserves 50–150 MB ahead of its next full collection, so two readings a few minutes
// apart differ by that much whatever the bot keeps. What survives a full collection is what it keeps.
import WebSocket from 'ws';

/** The inspector's address, from the line node writes to stderr when --inspect opens it. */
export function inspectorUrl(line: string): string | null {
  return /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1] ?? null;
}

/** The heap after a full collection, MB: in use, and as V8 keeps it reserved. */
export interface LiveHeap {
  used: number;
  total: number;
}

/** A minute's reading: the heap after a full collection, and the process's RSS read right after it. */
export type LiveReading = LiveHeap & { rss: number; minute: number };

/** Collects the bot's garbage and reads its heap; null when the inspector does not answer within `timeoutMs`. */
export function liveHeap(url: string, timeoutMs = 10_000): Promise<LiveHeap | null> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url);
    const done = (heap: LiveHeap | null) => {
      clearTimeout(timer);
      socket.close();
      resolve(heap);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    socket.on('error', () => done(null));
    socket.on('open', () => socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' })));
    socket.on('message', (data: Buffer) => {
      const reply = JSON.parse(data.toString()) as { id?: number; result?: { usedSize: number; totalSize: number } };
      if (reply.id === 1) socket.send(JSON.stringify({ id: 2, method: 'Runtime.getHeapUsage' }));
      else if (reply.id === 2 && reply.result)
        done({ used: reply.result.usedSize / 2 ** 20, total: reply.result.totalSize / 2 ** 20 });
    });
  });
}
