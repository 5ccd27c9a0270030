// The small pieces of HTTP the playground's server needs: a refusal with its status, and a JSON body read
// within a size limit.
import type { IncomingMessage } from 'node:http';

const MAX_BODY = 64 * 1024;

/** A request the server refuses, with the status and the sentence the page shows. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request's body as a JSON object; anything else is a 400, anything over 64 KiB a 413. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, 'Request too large.');
    chunks.push(chunk);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new HttpError(400, 'Send a JSON object.');
}
