// Application emojis (resources/emoji.mdx): GET/POST /applications/{app}/emojis, GET/PATCH/DELETE
// /applications/{app}/emojis/{emoji}. The fake keeps each image and serves it at /emojis/{id}.{ext}, as Discord's
// CDN does (server.ts), so a client can compare what it uploaded. The rules themselves are in emoji-rules.ts.
import { APP_EMOJI_LIMITS, checkEmojiName, decodeEmojiImage } from './emoji-rules';
import { DiscordErrors, DiscordHttpError } from './http';
import { isObject } from './json';
import type { JsonObject } from './json';
import type { Violation } from './limits';
import { apiUser } from './payloads';
import { noContent, ok, param, route } from './routes';
import type { Route, RouteContext } from './routes';
import type { FakeState } from './store';
import type { FakeAppEmoji } from './types';

export function appEmojiRoutes(): Route[] {
  const base = '/applications/:app/emojis';
  return [
    route('GET', base, true, (c) => ok({ items: [...ownEmojis(c).values()].map((e) => apiAppEmoji(c.state, e)) })),
    route('POST', base, true, createEmoji),
    route('GET', `${base}/:emoji`, true, (c) => ok(apiAppEmoji(c.state, findEmoji(c)))),
    route('PATCH', `${base}/:emoji`, true, renameEmoji),
    route('DELETE', `${base}/:emoji`, true, (c) => {
      c.state.appEmojis.delete(findEmoji(c).id);
      return noContent();
    }),
  ];
}

/** The emoji object Discord answers with; `user` is the bot, which uploaded it through the API. */
export function apiAppEmoji(state: FakeState, emoji: FakeAppEmoji): JsonObject {
  return {
    id: emoji.id,
    name: emoji.name,
    roles: [],
    user: apiUser(state.botUser),
    require_colons: true,
    managed: false,
    animated: emoji.animated,
    available: true,
  };
}

/** Where the fake's "CDN" serves an emoji's image (Discord: https://cdn.discordapp.com/emojis/{id}.png). */
export function emojiImageUrl(state: FakeState, emoji: FakeAppEmoji): string {
  return `${state.httpBase}/emojis/${emoji.id}.${emoji.animated ? 'gif' : 'png'}`;
}

/**
 * Adds an emoji as the developer portal would (no request, no breach); refuses what the API would refuse.
 * Tests use it to start from an application that already has emojis, up to its cap.
 */
export function addAppEmoji(state: FakeState, name: string, image: string): FakeAppEmoji {
  const violations = [...checkEmojiName(name, (n) => nameTaken(state, n))];
  const decoded = decodeEmojiImage(image);
  violations.push(...decoded.violations);
  if (violations.length > 0 || !decoded.image) throw new Error(violations.map((v) => v.rule).join('; '));
  if (state.appEmojis.size >= APP_EMOJI_LIMITS.perApplication) throw capReached();
  return store(state, name, decoded.image.contentType, decoded.image.bytes);
}

/** The image bytes served for /emojis/{id}.{ext}, or undefined for an id the application does not have. */
export function emojiImage(state: FakeState, file: string): FakeAppEmoji | undefined {
  const id = /^(\d+)\.(png|gif|webp|jpg|jpeg|avif)$/.exec(file)?.[1];
  return id === undefined ? undefined : state.appEmojis.get(id);
}

function store(state: FakeState, name: string, contentType: string, bytes: Uint8Array): FakeAppEmoji {
  const emoji: FakeAppEmoji = {
    id: state.ids.next(),
    name,
    contentType,
    bytes,
    animated: contentType === 'image/gif',
    createdAt: state.now(),
  };
  state.appEmojis.set(emoji.id, emoji);
  state.notify();
  return emoji;
}

function nameTaken(state: FakeState, name: string, except?: string): boolean {
  return [...state.appEmojis.values()].some((e) => e.name === name && e.id !== except);
}

function capReached(): DiscordHttpError {
  return new DiscordHttpError(400, {
    message: `Maximum number of emojis reached (${APP_EMOJI_LIMITS.perApplication})`,
    code: 30008,
  });
}

/** The application's emojis, after checking the route names this bot's application. */
function ownEmojis(c: RouteContext): Map<string, FakeAppEmoji> {
  if (param(c, 'app') !== c.state.applicationId) {
    c.state.breach(`${c.label}: application id ${param(c, 'app')} is not this bot's (${c.state.applicationId})`);
    throw DiscordErrors.missingAccess();
  }
  return c.state.appEmojis;
}

function findEmoji(c: RouteContext): FakeAppEmoji {
  const found = ownEmojis(c).get(param(c, 'emoji'));
  if (!found) throw new DiscordHttpError(404, { message: 'Unknown Emoji', code: 10014 });
  return found;
}

function refuse(c: RouteContext, violations: Violation[]): void {
  if (violations.length === 0) return;
  for (const v of violations) c.state.breach(`${c.label}: ${v.rule}`);
  throw DiscordErrors.invalidFormBody(violations);
}

function createEmoji(c: RouteContext): { status: number; body: JsonObject } {
  const emojis = ownEmojis(c);
  const body = isObject(c.req.body) ? c.req.body : {};
  const decoded = decodeEmojiImage(body.image);
  refuse(c, [...checkEmojiName(body.name, (n) => nameTaken(c.state, n)), ...decoded.violations]);
  if (emojis.size >= APP_EMOJI_LIMITS.perApplication) {
    c.state.breach(
      `${c.label}: the application already has ${emojis.size} emojis (limit ${APP_EMOJI_LIMITS.perApplication})`,
    );
    throw capReached();
  }
  const image = decoded.image!;
  return {
    status: 201,
    body: apiAppEmoji(c.state, store(c.state, body.name as string, image.contentType, image.bytes)),
  };
}

function renameEmoji(c: RouteContext): ReturnType<typeof ok> {
  const emoji = findEmoji(c);
  const body = isObject(c.req.body) ? c.req.body : {};
  // Only the name can change; an image in the body is ignored, as Discord ignores it.
  if (body.name !== undefined) {
    refuse(
      c,
      checkEmojiName(body.name, (n) => nameTaken(c.state, n, emoji.id)),
    );
    emoji.name = body.name as string;
    c.state.notify();
  }
  return ok(apiAppEmoji(c.state, emoji));
}
