// What the fake's OAuth2 server remembers: the app's client secret, the authorization codes people granted (what
// the Embedded App SDK's `authorize` command hands the Activity), and the access and refresh tokens they were
// exchanged for (oauth2-token.ts). Bearer tokens then reach routes that take them, such as GET /users/@me.
// https://discord.com/developers/docs/topics/oauth2#authorization-code-grant
import { randomBytes } from 'node:crypto';

/** "expires_in": 604800 in every token response of topics/oauth2 (seven days, in seconds). */
export const ACCESS_TOKEN_LIFETIME_S = 604_800;

/**
 * "codes are one time use and expire 100 seconds after creation" (a Discord engineer, discord-api-docs#2526);
 * RFC 6749 §4.1.2 recommends at most 10 minutes. The documentation itself gives no figure.
 */
export const CODE_LIFETIME_MS = 100_000;

export interface OAuth2Grant {
  userId: string;
  scopes: string[];
  /** Clock time (ms) after which the access token is refused. */
  expiresAt: number;
}

interface AuthorizationCode {
  userId: string;
  scopes: string[];
  issuedAt: number;
  /** Set when the authorization named one: the exchange must name the same (RFC 6749 §4.1.3). */
  redirectUri?: string;
  used: boolean;
  /** The tokens the code was exchanged for, revoked if the code comes back (RFC 6749 §4.1.2, §10.5). */
  accessToken?: string;
  refreshToken?: string;
}

interface RefreshGrant {
  userId: string;
  scopes: string[];
}

function opaque(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export class OAuth2Grants {
  /** The app's client secret (Developer Portal → OAuth2), which the token endpoint checks. */
  readonly clientSecret = opaque(24);
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly accessTokens = new Map<string, OAuth2Grant>();
  private readonly refreshTokens = new Map<string, RefreshGrant>();

  constructor(private readonly now: () => number) {}

  /** A person authorizes the app for `scopes`: the code Discord gives the app for them. */
  issueCode(userId: string, scopes: string[], redirectUri?: string): string {
    const code = opaque(22);
    this.codes.set(code, {
      userId,
      scopes: [...new Set(scopes)],
      issuedAt: this.now(),
      ...(redirectUri !== undefined ? { redirectUri } : {}),
      used: false,
    });
    return code;
  }

  /**
   * Redeems a code once. A code used before revokes what it was exchanged for ("If an authorization code is used
   * more than once, the authorization server MUST deny the request and SHOULD revoke … all tokens previously
   * issued based on that authorization code", RFC 6749 §4.1.2).
   */
  redeemCode(
    code: string,
    redirectUri: string | undefined,
  ): { grant: RefreshGrant; issue: (tokens: { accessToken: string; refreshToken: string }) => void } | string {
    const record = this.codes.get(code);
    if (!record) return 'unknown code';
    if (record.used) {
      if (record.accessToken) this.accessTokens.delete(record.accessToken);
      if (record.refreshToken) this.refreshTokens.delete(record.refreshToken);
      return 'code already used (its tokens are revoked)';
    }
    if (this.now() - record.issuedAt > CODE_LIFETIME_MS) return 'code expired';
    if (record.redirectUri !== undefined && redirectUri !== record.redirectUri)
      return `redirect_uri ${String(redirectUri)} is not the authorization's ${record.redirectUri}`;
    record.used = true;
    return {
      grant: { userId: record.userId, scopes: record.scopes },
      issue: ({ accessToken, refreshToken }) => Object.assign(record, { accessToken, refreshToken }),
    };
  }

  /** A new access token and refresh token for a grant. */
  issueTokens(grant: RefreshGrant): { accessToken: string; refreshToken: string } {
    const accessToken = opaque(22);
    const refreshToken = opaque(22);
    this.accessTokens.set(accessToken, {
      userId: grant.userId,
      scopes: grant.scopes,
      expiresAt: this.now() + ACCESS_TOKEN_LIFETIME_S * 1000,
    });
    this.refreshTokens.set(refreshToken, { userId: grant.userId, scopes: grant.scopes });
    return { accessToken, refreshToken };
  }

  /** A refresh token is good for one refresh: the new response carries its successor (topics/oauth2). */
  takeRefreshToken(token: string): RefreshGrant | undefined {
    const grant = this.refreshTokens.get(token);
    this.refreshTokens.delete(token);
    return grant;
  }

  /** The grant behind a live access token; undefined when unknown, revoked or expired. */
  accessGrant(token: string): OAuth2Grant | undefined {
    const grant = this.accessTokens.get(token);
    return grant && this.now() <= grant.expiresAt ? { ...grant, scopes: [...grant.scopes] } : undefined;
  }
}
