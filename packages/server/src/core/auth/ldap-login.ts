import { NacosError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { LoginError, type DirectoryLogin } from './auth-service.js';
import { DirectoryRefusedError, DirectoryUnavailableError, type DirectoryUser } from './ldap-directory.js';
import type { LdapOptions } from './ldap-options.js';
import { roleFromGroups } from './ldap-roles.js';
import type { User } from './user-model.js';
import { isValidUsername } from './user-checks.js';
import type { UserService } from './user-service.js';

export interface PasswordDirectory {
  authenticate(username: string, password: string): Promise<DirectoryUser | undefined>;
}

/** What a login hears when the directory gives no answer, and when it answers with an error. */
export const ldapUnavailableMessage = (why: string) =>
  `the LDAP server cannot be reached (${why}); local users can still log in`;
export const ldapRefusedMessage = (why: string) => `the LDAP server refused the login: ${why}`;

/**
 * Console and SDK logins of directory users: the directory checks the password, the groups give the role
 * (again at every login), and the user is recorded with source LDAP so sessions, rights and the console's
 * user list work as for local users.
 */
export class LdapLogin implements DirectoryLogin {
  constructor(
    private readonly directory: PasswordDirectory,
    private readonly users: UserService,
    private readonly options: Pick<LdapOptions, 'url' | 'adminGroups' | 'developerGroups' | 'defaultRole'>,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  async login(username: string, password: string): Promise<User | undefined> {
    // a name that cannot be a user here is not looked up (nor are filter characters sent to the directory)
    if (!isValidUsername(username)) return undefined;
    // any spelling: the directory matches names without case, so every spelling is this one account
    if (this.users.resolve(username)?.enabled === false) return undefined;
    let found: DirectoryUser | undefined;
    try {
      found = await this.directory.authenticate(username, password);
    } catch (err) {
      if (!(err instanceof DirectoryUnavailableError) && !(err instanceof DirectoryRefusedError)) throw err;
      this.logger.warn(`LDAP login of ${JSON.stringify(username)} failed: ${this.options.url}: ${err.message}`);
      if (err instanceof DirectoryRefusedError) throw new LoginError('LDAP_REFUSED', ldapRefusedMessage(err.message));
      throw new LoginError('LDAP_UNAVAILABLE', ldapUnavailableMessage(err.message));
    }
    if (!found) return undefined;
    const role = roleFromGroups(found.groups, this.options);
    // recorded under the directory's spelling the first time; a user already recorded keeps its own
    const name = isValidUsername(found.name) ? found.name : username;
    const user = await this.users.syncDirectoryUser(name, [role]).catch((err: unknown) => {
      // a local user of that name appeared meanwhile: it keeps the name
      if (err instanceof NacosError && err.kind === 'conflict') return undefined;
      throw err;
    });
    return user?.enabled ? user : undefined;
  }
}
