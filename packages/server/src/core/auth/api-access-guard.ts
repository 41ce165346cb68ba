import { forbidden } from '../../shared/errors.js';
import type { ApiAccessGuard, ApiCredentials, ApiResource } from './api-access.js';
import { LoginError, type AuthService } from './auth-service.js';
import { canWrite, hasAnyModule, isAdmin, namespacePermitted } from './permissions.js';
import { ALL_NAMESPACES, type NamespacePrivilege, type User } from './user-model.js';

/** What `userNow` says when the credentials are a username and password. */
const PASSWORD = Symbol('password');

/** The message nacos clients see on a 403 for missing or wrong credentials. */
export const UNKNOWN_USER = 'unknown user!';

/**
 * OpenAPI auth for the SDK doors: a login token (or the username/password the Node SDK sends on every
 * request) names a user; guests may only read; the user's namespace privilege applies.
 */
export class UserApiAccessGuard implements ApiAccessGuard {
  constructor(
    private readonly auth: AuthService,
    readonly enabled: boolean,
  ) {}

  async check(credentials: ApiCredentials, resource: ApiResource): Promise<NamespacePrivilege> {
    if (!this.enabled) return ALL_NAMESPACES;
    const now = this.userNow(credentials);
    const user =
      now === PASSWORD
        ? await this.passwordUser(credentials.username!, credentials.password!, credentials.source)
        : now;
    return judge(user, resource).namespacePrivilege;
  }

  checkNow(credentials: ApiCredentials, resource: ApiResource): true | undefined {
    if (!this.enabled) return true;
    const user = this.userNow(credentials);
    if (user === PASSWORD) return undefined;
    judge(user, resource);
    return true;
  }

  /** The user a token names, at once; `PASSWORD` when only a password check (which waits) can tell. */
  private userNow(credentials: ApiCredentials): User | undefined | typeof PASSWORD {
    const byToken = this.auth.identify('api', credentials.accessToken?.trim());
    if (!byToken && credentials.username && credentials.password) return PASSWORD;
    return byToken?.user;
  }

  private async passwordUser(username: string, password: string, source?: string): Promise<User | undefined> {
    try {
      return await this.auth.sdkUser(username, password, source);
    } catch (err) {
      // a locked source hears why, as the login route says it
      if (err instanceof LoginError && err.code === 'LOGIN_LIMITE_ERROR') throw forbidden(err.message);
      return undefined;
    }
  }
}

/** Throws the refusal the request earns, if any; the user otherwise. */
function judge(user: User | undefined, resource: ApiResource): User {
  if (!user || !hasAnyModule(user.roles)) throw forbidden(UNKNOWN_USER);
  if (resource.adminOnly && !isAdmin(user.roles)) throw forbidden(`user ${user.username} is not an admin`);
  if (resource.action === 'write' && !canWrite(user.roles)) {
    throw forbidden(`user ${user.username} has no write permission`);
  }
  if (!namespacePermitted(user.namespacePrivilege, resource.namespaceId)) {
    throw forbidden(`user no such namespace permission: ${resource.namespaceId || 'public'}`);
  }
  return user;
}
