import { createHash } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import { forbidden } from '../../shared/errors.js';
import type { ApiAccessGuard, ApiCredentials, ApiResource } from './api-access.js';
import type { AuthService } from './auth-service.js';
import { canWrite, modulesOf, namespacePermitted } from './permissions.js';
import type { User } from './user-model.js';

/** The message nacos clients see on a 403 for missing or wrong credentials. */
export const UNKNOWN_USER = 'unknown user!';
/** How long a username/password pair checked once is trusted without running bcrypt again. */
const CREDENTIAL_CACHE_MS = 60_000;

/**
 * OpenAPI auth for the SDK doors: a login token (or the username/password the Node SDK sends on every
 * request) names a user; guests may only read; the user's namespace privilege applies.
 */
export class UserApiAccessGuard implements ApiAccessGuard {
  /** username -> sha256 of a password bcrypt accepted, until `expiresAt`. */
  private readonly verified = new Map<string, { digest: string; expiresAt: number }>();

  constructor(
    private readonly auth: AuthService,
    private readonly clock: Clock,
    readonly enabled: boolean,
  ) {
    auth.users.onChange((username) => this.verified.delete(username));
  }

  async check(credentials: ApiCredentials, resource: ApiResource): Promise<void> {
    if (!this.enabled) return;
    const user = await this.userOf(credentials);
    if (!user || modulesOf(user.roles).size === 0) throw forbidden(UNKNOWN_USER);
    if (resource.action === 'write' && !canWrite(user.roles)) {
      throw forbidden(`user ${user.username} has no write permission`);
    }
    if (!namespacePermitted(user.namespacePrivilege, resource.namespaceId)) {
      throw forbidden(`user no such namespace permission: ${resource.namespaceId || 'public'}`);
    }
  }

  private async userOf(credentials: ApiCredentials): Promise<User | undefined> {
    const byToken = this.auth.identify('api', credentials.accessToken?.trim());
    if (byToken) return byToken.user;
    const { username, password } = credentials;
    if (!username || !password) return undefined;
    const digest = createHash('sha256').update(password).digest('hex');
    const known = this.verified.get(username);
    const now = this.clock.now();
    if (known && known.digest === digest && known.expiresAt > now) {
      const user = this.auth.users.get(username);
      if (user?.enabled) return user;
    }
    try {
      const user = await this.auth.checkCredentials(username, password);
      this.verified.set(username, { digest, expiresAt: now + CREDENTIAL_CACHE_MS });
      return user;
    } catch {
      return undefined;
    }
  }
}
