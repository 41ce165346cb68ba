import type { NamespacePrivilege } from './user-model.js';

/**
 * Access control for the SDK doors (HTTP OpenAPI and gRPC). Adapters extract the credentials a client sent
 * and ask the guard before serving; with OpenAPI auth off the open guard lets everything through.
 */
export type ApiAction = 'read' | 'write';

export interface ApiCredentials {
  /** `accessToken` parameter or header, or an `Authorization: Bearer` token. */
  accessToken?: string;
  /** The Node SDK sends username/password on every request instead of a token. */
  username?: string;
  password?: string;
  /** The client's address: username/password attempts are limited per username and source. */
  source?: string;
}

export interface ApiResource {
  /** Canonical namespace id ("" = default for config, "public" for naming; guards treat both as default). */
  namespaceId: string;
  action: ApiAction;
  /** Only admins may (nacos's admin API on cluster-wide resources: namespaces, nodes, users). */
  adminOnly?: boolean;
}

export interface ApiAccessGuard {
  readonly enabled: boolean;
  /**
   * Resolves when allowed, with the caller's namespace privilege (every namespace while the guard is off):
   * an answer that lists namespaces shows only those (`namespaceFilter`). Rejects with a `forbidden`
   * NacosError otherwise.
   */
  check(credentials: ApiCredentials, resource: ApiResource): Promise<NamespacePrivilege>;
  /**
   * The same decision when it needs no waiting (auth off, or a token): true when allowed, and throws what
   * `check` rejects with when not; undefined when only `check` can tell (a username and password).
   */
  checkNow?(credentials: ApiCredentials, resource: ApiResource): true | undefined;
}
