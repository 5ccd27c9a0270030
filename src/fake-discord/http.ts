// HTTP plumbing for the REST fake: reading JSON or multipart bodies, Discord's error bodies, replies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JsonObject } from './json';
import { invalidFormBody } from './limits';
import type { Violation } from './limits';

export const API_PREFIX = '/api/v10';

export interface UploadedFile {
  /** Form field, e.g. "files[0]". */
  field: string;
  filename: string;
  contentType: string | null;
  bytes: Uint8Array;
}

export interface RestRequest {
  method: string;
  /** Raw path, e.g. /api/v10/webhooks/1/abc/messages/%40original. */
  pathname: string;
  /** Decoded path segments after /api/v10: ['webhooks', '1', 'abc', 'messages', '@original']. */
  segments: string[];
  query: URLSearchParams;
  /** Parsed JSON body (for multipart: payload_json), undefined when there is none. */
  body: unknown;
  files: UploadedFile[];
  /** An application/x-www-form-urlencoded body (only the OAuth2 token URL takes one; `body` stays undefined). */
  form?: URLSearchParams;
  authorization: string | undefined;
  /** X-Audit-Log-Reason, decoded (discord.js sends it URI-encoded); undefined without one. */
  auditLogReason?: string;
  /** performance.now() when the request came in, before its body was read. */
  arrivedAt: number;
}

export interface RestResult {
  status: number;
  body?: unknown;
  /** Extra response headers (the rate limit ones of an injected 429). */
  headers?: Record<string, string>;
}

/** A refusal in Discord's words; `status` and `body` are sent as they are. */
export class DiscordHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: JsonObject,
  ) {
    super(`${status} ${String(body.message)}`);
  }
}

function refusal(status: number, code: number, message: string): DiscordHttpError {
  return new DiscordHttpError(status, { message, code });
}

export const DiscordErrors = {
  notFound: () => refusal(404, 0, '404: Not Found'),
  unauthorized: () => refusal(401, 0, '401: Unauthorized'),
  unknownApplication: () => refusal(404, 10002, 'Unknown Application'),
  unknownChannel: () => refusal(404, 10003, 'Unknown Channel'),
  unknownGuild: () => refusal(404, 10004, 'Unknown Guild'),
  unknownMember: () => refusal(404, 10007, 'Unknown Member'),
  unknownMessage: () => refusal(404, 10008, 'Unknown Message'),
  unknownUser: () => refusal(404, 10013, 'Unknown User'),
  unknownEmoji: () => refusal(400, 10014, 'Unknown Emoji'),
  unknownWebhook: () => refusal(404, 10015, 'Unknown Webhook'),
  unknownInteraction: () => refusal(404, 10062, 'Unknown interaction'),
  unknownScheduledEvent: () => refusal(404, 10070, 'Unknown Guild Scheduled Event'),
  unknownCommand: () => refusal(404, 10063, 'Unknown application command'),
  missingAccess: () => refusal(403, 50001, 'Missing Access'),
  cannotEditOthers: () => refusal(403, 50005, 'Cannot edit a message authored by another user'),
  missingPermissions: () => refusal(403, 50013, 'Missing Permissions'),
  emptyMessage: () => refusal(400, 50006, 'Cannot send an empty message'),
  cannotExecuteOnChannelType: () => refusal(400, 50024, 'Cannot execute action on this channel type'),
  invalidWebhookToken: () => refusal(401, 50027, 'Invalid Webhook Token'),
  alreadyAcknowledged: () => refusal(400, 40060, 'Interaction has already been acknowledged.'),
  maxFollowUps: () => refusal(400, 40094, 'This interaction has hit the maximum number of follow up messages'),
  noMutualGuilds: () => refusal(403, 50278, 'Cannot send messages to this user due to having no mutual guilds'),
  invalidJson: () => refusal(400, 50109, 'The request body contains invalid JSON.'),
  maxReactions: () => refusal(400, 30010, 'Maximum number of reactions reached (20)'),
  maxScheduledEvents: () => refusal(400, 30038, 'Maximum number of uncompleted guild scheduled events reached (100)'),
  threadAlreadyCreated: () => refusal(400, 160004, 'A thread has already been created for this message'),
  invalidFormBody: (violations: Violation[]) => new DiscordHttpError(400, invalidFormBody(violations)),
};

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw DiscordErrors.invalidJson();
  }
}

function decodeReason(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/** Reads a request; multipart bodies (discord.js sends them when files are attached) are parsed too. */
export async function readRestRequest(req: IncomingMessage, url: URL): Promise<RestRequest> {
  const arrivedAt = performance.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const segments = url.pathname
    .slice(API_PREFIX.length)
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const authorization = req.headers.authorization;
  const reason = req.headers['x-audit-log-reason'];
  const request: RestRequest = {
    method,
    pathname: url.pathname,
    segments,
    query: url.searchParams,
    body: undefined,
    files: [],
    authorization,
    ...(typeof reason === 'string' ? { auditLogReason: decodeReason(reason) } : {}),
    arrivedAt,
  };
  const bytes = await readBytes(req);
  if (bytes.length === 0) return request;
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    // The WHATWG Request parser handles boundaries and encodings; no hand-written multipart parser.
    const form = await new Request(url, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: bytes,
    }).formData();
    const fields: JsonObject = {};
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') request.body = parseJson(value);
        else fields[field] = value;
      } else {
        request.files.push({
          field,
          filename: value.name,
          contentType: value.type || null,
          bytes: new Uint8Array(await value.arrayBuffer()),
        });
      }
    }
    if (request.body === undefined && Object.keys(fields).length > 0) request.body = fields;
  } else if (contentType.startsWith('application/x-www-form-urlencoded')) {
    request.form = new URLSearchParams(bytes.toString('utf8'));
  } else {
    request.body = parseJson(bytes.toString('utf8'));
  }
  return request;
}

export function writeResult(res: ServerResponse, result: RestResult): void {
  // A client that gave up (timeout, or its socket dropped) gets nothing; writing would only fail.
  if (res.destroyed || res.writableEnded) return;
  if (result.status === 204 || result.body === undefined) {
    res.writeHead(result.status === 200 ? 204 : result.status, result.headers);
    res.end();
    return;
  }
  const text = JSON.stringify(result.body);
  res.writeHead(result.status, {
    ...result.headers,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}
