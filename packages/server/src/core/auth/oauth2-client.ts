import type { OAuth2Settings } from './oauth2-config.js';

type OpenIdClient = typeof import('openid-client');
type Configuration = import('openid-client').Configuration;

/** What a login started: kept in the browser (signed) until the provider sends it back. */
export interface PendingLogin {
  state: string;
  /** OpenID Connect only: the ID token must carry it back. */
  nonce: string | undefined;
  codeVerifier: string;
}

/** Why talking to the provider failed: it refused (`denied`) or could not be reached or understood. */
export class ProviderError extends Error {
  constructor(
    readonly reason: 'denied' | 'unreachable' | 'rejected',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

const USER_AGENT = 'tsnacos';

/**
 * The provider side of a login, with openid-client: the authorization URL (PKCE S256, state, and a nonce
 * with OpenID Connect), then the code exchange and the user's claims. With an issuer the endpoints come
 * from discovery and the ID token is checked (issuer, audience, expiry, nonce); the userinfo answer is
 * merged over its claims. Plain OAuth2 (GitHub and the like) reads the userinfo URL only.
 * openid-client is loaded with the first login, so a server without OAuth2 never loads it.
 */
export class OAuth2Client {
  private configuration: Promise<{ lib: OpenIdClient; config: Configuration }> | undefined;

  constructor(private readonly settings: OAuth2Settings) {}

  get oidc(): boolean {
    return this.settings.issuer !== undefined;
  }

  async start(): Promise<{ url: string; pending: PendingLogin }> {
    const { lib, config } = await this.configured();
    const codeVerifier = lib.randomPKCECodeVerifier();
    const pending: PendingLogin = {
      state: lib.randomState(),
      nonce: this.oidc ? lib.randomNonce() : undefined,
      codeVerifier,
    };
    const params: Record<string, string> = {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scopes,
      state: pending.state,
      code_challenge: await lib.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (pending.nonce) params.nonce = pending.nonce;
    return { url: lib.buildAuthorizationUrl(config, params).href, pending };
  }

  /**
   * The claims of the user the provider sent back with `callback` (the redirect URI with the provider's
   * query). The state was compared with the pending one before.
   */
  async finish(callback: URL, pending: PendingLogin): Promise<Record<string, unknown>> {
    const { lib, config } = await this.configured();
    let tokens: Awaited<ReturnType<OpenIdClient['authorizationCodeGrant']>>;
    try {
      tokens = await lib.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: this.oidc,
      });
    } catch (err) {
      throw providerError(lib, err, 'the code exchange failed');
    }
    const idClaims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
    const userinfo = await this.userinfo(lib, config, tokens.access_token, idClaims.sub);
    return { ...idClaims, ...userinfo };
  }

  /** Checks the settings against the provider (discovery) now; a failure is retried on the next login. */
  async check(): Promise<void> {
    await this.configured();
  }

  private async userinfo(
    lib: OpenIdClient,
    config: Configuration,
    accessToken: string,
    subject: unknown,
  ): Promise<Record<string, unknown>> {
    const url = this.settings.userinfoUrl || config.serverMetadata().userinfo_endpoint;
    if (!url) return {};
    try {
      if (this.oidc && typeof subject === 'string' && !this.settings.userinfoUrl) {
        return { ...(await lib.fetchUserInfo(config, accessToken, subject)) };
      }
      // plain OAuth2 userinfo answers (GitHub's /user) need not follow OpenID Connect: read as JSON
      const headers = new Headers({ accept: 'application/json', 'user-agent': USER_AGENT });
      const res = await lib.fetchProtectedResource(config, accessToken, new URL(url), 'GET', undefined, headers);
      if (!res.ok) throw new ProviderError('rejected', `the userinfo endpoint answered HTTP ${res.status}`);
      const body: unknown = await res.json();
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new ProviderError('rejected', 'the userinfo endpoint did not answer a JSON object');
      }
      return body as Record<string, unknown>;
    } catch (err) {
      throw providerError(lib, err, 'the userinfo request failed');
    }
  }

  private configured(): Promise<{ lib: OpenIdClient; config: Configuration }> {
    this.configuration ??= this.configure().catch((err: unknown) => {
      this.configuration = undefined;
      throw err;
    });
    return this.configuration;
  }

  private async configure(): Promise<{ lib: OpenIdClient; config: Configuration }> {
    const lib = await import('openid-client');
    const s = this.settings;
    const secret = s.clientSecret ? lib.ClientSecretPost(s.clientSecret) : lib.None();
    const insecure = (url: string) => url.startsWith('http:');
    let config: Configuration;
    if (s.issuer) {
      try {
        config = await lib.discovery(new URL(s.issuer), s.clientId, undefined, secret, {
          execute: insecure(s.issuer) ? [lib.allowInsecureRequests] : [],
        });
      } catch (err) {
        throw providerError(lib, err, `OpenID Connect discovery at ${s.issuer} failed`);
      }
    } else {
      const metadata = {
        issuer: new URL(s.authorizationUrl).origin,
        authorization_endpoint: s.authorizationUrl,
        token_endpoint: s.tokenUrl,
        userinfo_endpoint: s.userinfoUrl,
      };
      config = new lib.Configuration(metadata, s.clientId, undefined, secret);
    }
    if ([s.issuer, s.authorizationUrl, s.tokenUrl, s.userinfoUrl].some((u) => u && insecure(u))) {
      lib.allowInsecureRequests(config);
    }
    return { lib, config };
  }
}

/** Never the tokens or the secret: only what went wrong, for the log and the login page. */
function providerError(lib: OpenIdClient, err: unknown, what: string): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof lib.AuthorizationResponseError && err.error === 'access_denied') {
    return new ProviderError('denied', 'the provider denied the login');
  }
  const message = err instanceof Error ? err.message : String(err);
  const unreachable = err instanceof TypeError || /fetch failed|ECONNREFUSED|ENOTFOUND|timed? ?out/i.test(message);
  return new ProviderError(unreachable ? 'unreachable' : 'rejected', `${what}: ${message}`);
}
