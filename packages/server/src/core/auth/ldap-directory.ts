import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Client, Filter, InvalidCredentialsError, ResultCodeError, SizeLimitExceededError, type Entry } from 'ldapts';
import { nameAttributesOf, userFilterFor } from './ldap-filter.js';
import type { LdapOptions } from './ldap-options.js';
import { groupNameOf, userDnOf } from './ldap-roles.js';
import { foldName } from './user-names.js';

/**
 * A user the directory accepted: their entry, the names of the groups they are a member of, and the name
 * as the entry spells it (the value of the attribute the filter matched that equals the typed name but for
 * case; the typed name when none does).
 */
export interface DirectoryUser {
  dn: string;
  groups: string[];
  name: string;
}

/** The directory could not be reached (down, timeout, TLS refused): no verdict on the password. */
export class DirectoryUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DirectoryUnavailableError';
  }
}

/**
 * The directory answered, with an error result (the bind DN's credentials refused, a search not allowed, an
 * operation it will not perform): no verdict on the password either, but nothing a retry fixes.
 */
export class DirectoryRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DirectoryRefusedError';
  }
}

/**
 * Password checks against an LDAP server, one connection per login (logins are rare; nothing stale to
 * recover from). With a bind DN: bind as it, find the user's entry by the filter, bind as that entry with
 * the password. Without one (as r-nacos does): bind as `cn=<username>,<base DN>` and search as that user.
 */
export class LdapDirectory {
  private readonly tls: ConnectionOptions;
  private readonly nameAttributes: string[];

  constructor(private readonly options: LdapOptions) {
    this.tls = options.caFile ? { ca: [readFileSync(options.caFile)] } : {};
    this.nameAttributes = nameAttributesOf(options.userFilter);
  }

  /**
   * The user, or undefined for an unknown user or a wrong password; throws DirectoryUnavailableError when
   * there is no answer, DirectoryRefusedError when the directory answered with an error.
   */
  async authenticate(username: string, password: string): Promise<DirectoryUser | undefined> {
    // an empty password would be an anonymous bind, which servers accept
    if (!username || !password) return undefined;
    const client = new Client({
      url: this.options.url,
      timeout: this.options.timeoutMs,
      connectTimeout: this.options.timeoutMs,
      // only for ldaps://: given with ldap:// they break a later StartTLS
      tlsOptions: this.options.url.toLowerCase().startsWith('ldaps:') ? { ...this.tls } : undefined,
    });
    try {
      // a fresh object each time (the client keeps its socket in it), naming the host to check the certificate for
      if (this.options.startTls) await client.startTLS({ ...this.tls, host: hostOf(this.options.url) });
      return this.options.bindDn
        ? await this.searchThenBind(client, username, password)
        : await this.bindThenSearch(client, username, password);
    } catch (err) {
      if (err instanceof InvalidCredentialsError) return undefined;
      if (err instanceof DirectoryRefusedError) throw err;
      // an LDAP result is the directory's answer; anything else (socket, timeout, TLS) is no answer
      if (err instanceof ResultCodeError) throw new DirectoryRefusedError(describe(err));
      throw new DirectoryUnavailableError(describe(err));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  private async searchThenBind(client: Client, username: string, password: string) {
    try {
      await client.bind(this.options.bindDn!, this.options.bindPassword ?? '');
    } catch (err) {
      if (err instanceof InvalidCredentialsError) {
        throw new DirectoryRefusedError(
          `the directory refused the bind DN's credentials (${describe(err)}; check RNACOS_LDAP_BIND_DN/PASSWORD)`,
        );
      }
      throw err;
    }
    const entry = await this.findUser(client, username);
    if (!entry) return undefined;
    const name = this.spellingIn(entry, username);
    // groups are read with the bind DN's rights, before the connection binds as the user
    const groups = await this.groupsOf(client, entry, name);
    await client.bind(entry.dn, password);
    return { dn: entry.dn, groups, name };
  }

  private async bindThenSearch(client: Client, username: string, password: string) {
    await client.bind(userDnOf(username, this.options.userBaseDn), password);
    const entry = await this.findUser(client, username);
    if (!entry) return undefined;
    const name = this.spellingIn(entry, username);
    return { dn: entry.dn, groups: await this.groupsOf(client, entry, name), name };
  }

  /** The entry's own spelling of the typed name: directories match names without case, and so does tsnacos. */
  private spellingIn(entry: Entry, username: string): string {
    const folded = foldName(username);
    for (const attribute of this.nameAttributes) {
      // attribute names are matched without case as well (the server may answer `uid` for `UID`)
      const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
      const found = key && valuesOf(entry[key]).find((value) => foldName(value) === folded);
      if (found) return found;
    }
    return username;
  }

  /**
   * The names of the user's groups: the cn of each `memberOf` value and, with a group base DN, of each
   * group there listing the user (groupOfNames `member`, groupOfUniqueNames `uniqueMember`, posixGroup
   * `memberUid`), for directories that keep no `memberOf`.
   */
  private async groupsOf(client: Client, entry: Entry, username: string): Promise<string[]> {
    const names = valuesOf(entry.memberOf).map(groupNameOf);
    if (this.options.groupBaseDn) {
      const dn = Filter.escape(entry.dn);
      const { searchEntries } = await client.search(this.options.groupBaseDn, {
        scope: 'sub',
        filter: `(|(member=${dn})(uniqueMember=${dn})(memberUid=${Filter.escape(username)}))`,
        attributes: ['cn'],
      });
      for (const group of searchEntries) names.push(...valuesOf(group.cn));
    }
    return [...new Set(names.filter((g): g is string => g !== undefined))];
  }

  /** Exactly one entry, else none: two entries for one name means the filter is ambiguous. */
  private async findUser(client: Client, username: string): Promise<Entry | undefined> {
    try {
      const { searchEntries } = await client.search(this.options.userBaseDn, {
        scope: 'sub',
        filter: userFilterFor(this.options.userFilter, username),
        attributes: ['memberOf', ...this.nameAttributes],
        sizeLimit: 2,
      });
      return searchEntries.length === 1 ? searchEntries[0] : undefined;
    } catch (err) {
      if (err instanceof SizeLimitExceededError) return undefined;
      throw err;
    }
  }
}

function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}

function valuesOf(attribute: Entry[string]): string[] {
  const values = Array.isArray(attribute) ? attribute : attribute === undefined ? [] : [attribute];
  return values.map((v) => v.toString());
}

function describe(err: unknown): string {
  if (err instanceof ResultCodeError)
    return `${err.name} (LDAP result ${err.code})${err.message ? `: ${err.message.trim()}` : ''}`;
  if (err instanceof Error) return err.message;
  return String(err);
}
