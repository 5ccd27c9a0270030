// POST /oauth2/token, Discord's OAuth2 token URL: an authorization code (or a refresh token) and the app's client
// credentials in, an access token out. Its answers are OAuth2's, not the REST API's: {"error": …} bodies (RFC 6749
// §5.2) rather than {"message", "code"}. The route is not in Discord's OpenAPI spec, so the spec check leaves it
// alone (docs/DISCORD-SPEC.md). https://discord.com/developers/docs/topics/oauth2#authorization-code-grant
import type { RestRequest, RestResult } from './http';
import { ACCESS_TOKEN_LIFETIME_S } from './oauth2-grants';
import type { FakeState } from './store';

/** "https://discord.com/api/oauth2/token" (topics/oauth2#shared-resources-oauth2-urls), also under /api/v10. */
export function isTokenUrl(pathname: string): boolean {
  return /^\/api(\/v10)?\/oauth2\/token\/?$/.test(pathname);
}

function oauth2Error(
  status: number,
  error: string,
  description?: string,
  headers?: Record<string, string>,
): RestResult {
  return {
    status,
    body: { error, ...(description !== undefined ? { error_description: description } : {}) },
    // "The authorization server MUST include … Cache-Control: no-store" in token responses (RFC 6749 §5.1).
    headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache', ...headers },
  };
}

/** client_id and client_secret from HTTP Basic (topics/oauth2's Python examples) or the form (the Activity guide's). */
function clientCredentials(
  request: RestRequest,
  form: URLSearchParams,
): { id: string; secret: string; basic: boolean } | 'none' | 'both' {
  const header = request.authorization;
  const inForm = form.has('client_id') || form.has('client_secret');
  if (header?.startsWith('Basic ')) {
    // "The client MUST NOT use more than one authentication method in each request" (RFC 6749 §2.3).
    if (inForm) return 'both';
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    // The id and secret are form-encoded before Basic encodes them (RFC 6749 §2.3.1).
    const [id, secret] = colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret), basic: true };
  }
  if (!inForm) return 'none';
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '', basic: false };
}

export function oauth2Token(state: FakeState, request: RestRequest): RestResult {
  const label = 'POST /oauth2/token';
  const form = request.form;
  if (!form) {
    // "the token and token revocation URLs will only accept a content type of application/x-www-form-urlencoded.
    // JSON content is not permitted and will return an error" (topics/oauth2#shared-resources-oauth2-urls); the
    // error is this one, as discord-api-docs#645 and #5249 show it.
    state.breach(`${label}: the body is not application/x-www-form-urlencoded`);
    return oauth2Error(400, 'unsupported_grant_type', 'Grant type None is not supported');
  }
  const client = clientCredentials(request, form);
  if (client === 'both') {
    state.breach(`${label}: client credentials both in the Authorization header and in the form`);
    return oauth2Error(400, 'invalid_request', 'The request uses more than one client authentication method.');
  }
  if (client === 'none' || client.id !== state.applicationId || client.secret !== state.oauth2.clientSecret) {
    state.breach(
      client === 'none'
        ? `${label}: no client credentials`
        : `${label}: client ${client.id} with ${client.id === state.applicationId ? 'a wrong client secret' : 'an id that is not the app\u2019s'}`,
    );
    // "invalid_client … Client authentication failed"; 401, with WWW-Authenticate when the client used the
    // Authorization header (RFC 6749 §5.2).
    const basic = client !== 'none' && client.basic;
    return oauth2Error(401, 'invalid_client', undefined, basic ? { 'WWW-Authenticate': 'Basic' } : undefined);
  }
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return exchangeCode(state, form);
  if (grantType === 'refresh_token') return refresh(state, form);
  return oauth2Error(400, 'unsupported_grant_type', `Grant type ${grantType ?? 'None'} is not supported`);
}

function exchangeCode(state: FakeState, form: URLSearchParams): RestResult {
  const code = form.get('code');
  if (!code) return oauth2Error(400, 'invalid_request', 'Missing "code" in request.');
  // Activities need no redirect_uri: the Activity guide's exchange sends none (activities/building-an-activity,
  // "Implementing OAuth2"); a code authorized with one must name it again (RFC 6749 §4.1.3).
  const redeemed = state.oauth2.redeemCode(code, form.get('redirect_uri') ?? undefined);
  // Not a breach: the server cannot know a code the page sent is bad before it asks. Discord's words for every
  // unknown, used or expired code (discord-api-docs#5579, #2526).
  if (typeof redeemed === 'string') return oauth2Error(400, 'invalid_grant', 'Invalid "code" in request.');
  const tokens = state.oauth2.issueTokens(redeemed.grant);
  redeemed.issue(tokens);
  return tokenResponse(tokens, redeemed.grant.scopes);
}

function refresh(state: FakeState, form: URLSearchParams): RestResult {
  const token = form.get('refresh_token');
  if (!token) return oauth2Error(400, 'invalid_request', 'Missing "refresh_token" in request.');
  const grant = state.oauth2.takeRefreshToken(token);
  if (!grant) return oauth2Error(400, 'invalid_grant', 'Invalid "refresh_token" in request.');
  return tokenResponse(state.oauth2.issueTokens(grant), grant.scopes);
}

/** topics/oauth2#authorization-code-grant-access-token-response */
function tokenResponse(tokens: { accessToken: string; refreshToken: string }, scopes: string[]): RestResult {
  return {
    status: 200,
    body: {
      access_token: tokens.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      refresh_token: tokens.refreshToken,
      scope: scopes.join(' '),
    },
    headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
  };
}
