// What the Activity server asks Discord: the OAuth2 code exchange (with the client secret, which stays here), who an
// access token stands for (GET /users/@me with it as Bearer; remembered for the token's life, a bounded number of
// tokens), and who is in an activity instance (with the bot token). Plain fetch: these three routes are all it
// needs, and discord.js's REST client would put the bot token on the Bearer request too.
import { ExpiringMap } from '../limits/expiring-map';
import { TokenBucket } from '../limits/token-bucket';

export interface ActivityUser {
  id: string;
  /** What the board calls them when they are not seated: their global name, else their username. */
  name: string;
  /** Their Discord client's language, when Discord says it. */
  locale: string | null;
}

export interface ActivityInstance {
  channelId: string | null;
  userIds: string[];
}

export interface DiscordActivityApi {
  /** The access token for an authorization code; null when Discord refuses the code (unknown, used, expired). */
  exchangeCode(code: string): Promise<string | null>;
  /** Who the token stands for; null when Discord does not take it. */
  userOf(accessToken: string): Promise<ActivityUser | null>;
  /** The running instance; null when there is none by that id. */
  instance(instanceId: string): Promise<ActivityInstance | null>;
}

export interface DiscordApiSettings {
  /** The REST base as the bot uses it (DISCORD_API_URL, e.g. http://127.0.0.1:PORT/api); Discord's own when null. */
  apiUrl: string | null;
  clientId: string;
  clientSecret: string;
  botToken: string;
  /** How many tokens' users are remembered at once; the oldest is forgotten first. */
  cacheSize?: number;
  /** Sign-ins Discord is asked about at once, and how many more a second (see SIGN_INS). */
  signIns?: { burst: number; perSecond: number };
  now?: () => number;
}

/**
 * Codes and tokens come from anyone who opens the board's address, and Discord bans an address after 10,000 refused
 * requests (401, 403, 429) in 10 minutes: made-up ones may cost it at most 20 at once and 5 a second (3,020 in 10
 * minutes), and one Discord refused is not asked about again for 10 minutes.
 */
const SIGN_INS = { burst: 20, perSecond: 5 };
const REFUSED_FOR_MS = 10 * 60_000;

const DISCORD_API = 'https://discord.com/api';
const REQUEST_TIMEOUT_MS = 5_000;
/** When Discord does not say how long a token lives: what it gives Activities' tokens (604800 s). */
const DEFAULT_TOKEN_LIFE_MS = 7 * 24 * 3_600_000;
const DEFAULT_CACHE_SIZE = 5_000;

/** Too many sign-ins at once to ask Discord about now: the board tries again in a moment. */
export class SignInsBusy extends Error {
  constructor() {
    super('too many sign-ins at once');
  }
}

/** Discord said no, or could not be asked: the caller tells the person plainly; the log gets `status`. */
export class DiscordApiError extends Error {
  constructor(
    readonly route: string,
    readonly status: number | null,
  ) {
    super(`${route}: ${status === null ? 'no answer' : `HTTP ${status}`}`);
  }
}

export function discordActivityApi(settings: DiscordApiSettings): DiscordActivityApi {
  const base = (settings.apiUrl ?? DISCORD_API).replace(/\/+$/, '');
  const now = settings.now ?? Date.now;
  const cacheSize = settings.cacheSize ?? DEFAULT_CACHE_SIZE;
  // Token → user and until when; a Map keeps insertion order, so the first key is the oldest.
  const users = new Map<string, { user: ActivityUser; until: number }>();
  const lives = new Map<string, number>();
  const signIns = new TokenBucket(
    settings.signIns?.burst ?? SIGN_INS.burst,
    settings.signIns?.perSecond ?? SIGN_INS.perSecond,
    now,
  );
  // Codes and tokens Discord refused lately, bounded like the users.
  const refused = new ExpiringMap<true>(REFUSED_FOR_MS, cacheSize, now);
  /** False for a code or token Discord refused lately; otherwise spends a sign-in, or throws when none is left. */
  const mayAsk = (secret: string): boolean => {
    if (refused.get(secret)) return false;
    if (!signIns.take()) throw new SignInsBusy();
    return true;
  };

  const call = async (route: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetch(`${base}${route}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch {
      throw new DiscordApiError(route, null);
    }
  };

  return {
    async exchangeCode(code) {
      if (!mayAsk(code)) return null;
      const form = new URLSearchParams({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        grant_type: 'authorization_code',
        code,
      });
      const response = await call('/oauth2/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      if (response.status === 400) {
        refused.set(code, true);
        return null;
      }
      if (!response.ok) throw new DiscordApiError('POST /oauth2/token', response.status);
      const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
      if (typeof body.access_token !== 'string') throw new DiscordApiError('POST /oauth2/token', response.status);
      if (typeof body.expires_in === 'number') lives.set(body.access_token, now() + body.expires_in * 1000);
      if (lives.size > cacheSize) lives.delete(lives.keys().next().value!);
      return body.access_token;
    },

    async userOf(accessToken) {
      const known = users.get(accessToken);
      if (known && known.until > now()) return known.user;
      users.delete(accessToken);
      if (!mayAsk(accessToken)) return null;
      const response = await call('/v10/users/@me', { headers: { Authorization: `Bearer ${accessToken}` } });
      if (response.status === 401 || response.status === 403) {
        refused.set(accessToken, true);
        return null;
      }
      if (!response.ok) throw new DiscordApiError('GET /users/@me', response.status);
      const body = (await response.json()) as {
        id?: unknown;
        username?: unknown;
        global_name?: unknown;
        locale?: unknown;
      };
      if (typeof body.id !== 'string') throw new DiscordApiError('GET /users/@me', response.status);
      const name = typeof body.global_name === 'string' && body.global_name ? body.global_name : String(body.username);
      const user = { id: body.id, name, locale: typeof body.locale === 'string' ? body.locale : null };
      users.set(accessToken, { user, until: lives.get(accessToken) ?? now() + DEFAULT_TOKEN_LIFE_MS });
      if (users.size > cacheSize) users.delete(users.keys().next().value!);
      return user;
    },

    async instance(instanceId) {
      const route = `/v10/applications/${settings.clientId}/activity-instances/${encodeURIComponent(instanceId)}`;
      const response = await call(route, { headers: { Authorization: `Bot ${settings.botToken}` } });
      if (response.status === 404) return null;
      if (!response.ok) throw new DiscordApiError('GET /applications/{app}/activity-instances/{id}', response.status);
      const body = (await response.json()) as { users?: unknown; location?: { channel_id?: unknown } };
      const userIds = Array.isArray(body.users) ? body.users.filter((u): u is string => typeof u === 'string') : [];
      const channelId = typeof body.location?.channel_id === 'string' ? body.location.channel_id : null;
      return { channelId, userIds };
    },
  };
}
