import { unzipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { call } from './console-helpers.js';
import type { TestApp } from './helpers.js';

// The users, namespaces and console routes of privilege-matrix.test.ts, and what each user may reach (the
// config routes: privilege-matrix-config-cells.ts).

export const NAMESPACES = ['', 'dev'] as const;
export type Ns = (typeof NAMESPACES)[number];

export interface TestUser {
  name: string;
  roles: string[];
  privilege?: { whitelistIsAll?: boolean; whitelist?: string[]; blacklistIsAll?: boolean; blacklist?: string[] };
  /** Namespaces this user may touch. */
  reach: Ns[];
}

export const USERS: TestUser[] = [
  { name: 'admin', roles: ['0'], reach: ['', 'dev'] },
  { name: 'dev', roles: ['1'], reach: ['', 'dev'] },
  { name: 'guest', roles: ['2'], reach: ['', 'dev'] },
  { name: 'devOnlyDev', roles: ['1'], privilege: { whitelistIsAll: false, whitelist: ['dev'] }, reach: ['dev'] },
  { name: 'devNotDev', roles: ['1'], privilege: { blacklist: ['dev'] }, reach: [''] },
  { name: 'devNothing', roles: ['1'], privilege: { blacklistIsAll: true }, reach: [] },
  { name: 'guestPublic', roles: ['2'], privilege: { whitelistIsAll: false, whitelist: ['public'] }, reach: [''] },
  { name: 'guestAndDev', roles: ['2', '1'], privilege: { whitelistIsAll: false, whitelist: ['dev'] }, reach: ['dev'] },
];

export type Need = 'read' | 'write' | 'manageNamespaces' | 'admin' | 'monitor' | 'any' | 'nobody';
/** Which roles a kind of route needs (the union of a user's roles counts). */
export const ROLES_FOR: Record<Need, string[]> = {
  read: ['0', '1', '2'],
  write: ['0', '1'],
  manageNamespaces: ['0', '1'],
  monitor: ['0', '1'],
  admin: ['0'],
  any: ['0', '1', '2'],
  nobody: [],
};

export const expectedAllowed = (user: TestUser, need: Need, ns: Ns | null) =>
  user.roles.some((r) => ROLES_FOR[need].includes(r)) && (ns === null || user.reach.includes(ns));

let seq = 0;
/** A new number each call: names and ports no other cell uses. */
export const nextSeq = () => ++seq;
export const unique = (prefix: string) => `${prefix}${nextSeq()}`;

export interface ConsoleCell {
  /** The console-paths.ts path it calls, under the API prefix. */
  path: string;
  /** The method and the namespace field (as the route declares it, console-namespaces.ts) the cell tries. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  field?: string;
  name: string;
  need: Need;
  /** False: the route touches no namespace. */
  namespaced: boolean;
  /** The namespaces to try (default: all). */
  only?: Ns[];
  /**
   * The request also names `other` (in the route's other fields, or through the record it acts on): every
   * pair is tried, and a user must reach both.
   */
  other?: boolean;
  run: (app: TestApp, token: string, ns: Ns, other: Ns) => Promise<LightMyRequestResponse>;
}

export const nsName = (ns: Ns) => (ns === '' ? 'public' : ns);

/** The naming, namespace, user and monitor cells (the config ones: privilege-matrix-config-cells.ts). */
export const NAMING_AND_ADMIN_CELLS: ConsoleCell[] = [
  {
    path: '/v2/service/list',
    name: 'service list',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'v2/service/list', { token: t, query: { namespaceId: nsName(ns) } }),
  },
  {
    path: '/v2/instance/list',
    name: 'instance list',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/instance/list', {
        token: t,
        query: { namespaceId: nsName(ns), serviceName: 'seed' },
      }),
  },
  {
    path: '/v2/service/subscriber/list',
    name: 'subscriber list',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/service/subscriber/list', { token: t, query: { namespaceId: nsName(ns) } }),
  },
  {
    path: '/instances',
    name: 'instance v1 list',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'instances', { token: t, query: { namespaceId: nsName(ns), serviceName: 'seed' } }),
  },
  {
    path: '/v2/service/add',
    name: 'service add',
    method: 'POST',
    field: 'namespaceId',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/service/add', {
        token: t,
        json: { namespaceId: ns, serviceName: unique('svc') },
      }),
  },
  {
    path: '/v2/service/remove',
    name: 'service remove',
    method: 'POST',
    field: 'namespaceId',
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const serviceName = unique('svcrm');
      await a.core.naming.createService({ namespaceId: nsName(ns), groupName: 'DEFAULT_GROUP', serviceName }, {});
      return call(a.consoleHttp!, 'POST', 'v2/service/remove', { token: t, json: { namespaceId: ns, serviceName } });
    },
  },
  {
    path: '/v2/instance/update',
    name: 'instance update',
    method: 'POST',
    field: 'namespaceId',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/instance/update', {
        token: t,
        json: { namespaceId: ns, serviceName: 'seed', ip: '10.9.0.1', port: 1000 + seq++, ephemeral: 'false' },
      }),
  },
  // The default namespace cannot be renamed by anyone, so only a created one is tried.
  {
    path: '/v2/namespaces/update',
    name: 'namespace rename',
    method: 'POST',
    field: 'namespaceId',
    need: 'manageNamespaces',
    namespaced: true,
    only: ['dev'],
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/namespaces/update', {
        token: t,
        json: { namespaceId: ns, namespaceName: 'Dev' },
      }),
  },
  {
    path: '/v2/user/list',
    name: 'user list',
    need: 'admin',
    namespaced: false,
    run: (a, t) => call(a.consoleHttp!, 'GET', 'v2/user/list', { token: t }),
  },
  {
    path: '/v2/user/add',
    name: 'user add',
    need: 'admin',
    namespaced: false,
    run: (a, t) =>
      call(a.consoleHttp!, 'POST', 'v2/user/add', {
        token: t,
        json: { username: unique('u'), password: 'pw-password', roles: '2' },
      }),
  },
  {
    path: '/v2/metrics/timeline',
    name: 'monitor timeline',
    need: 'monitor',
    namespaced: false,
    run: (a, t) =>
      call(a.consoleHttp!, 'POST', 'v2/metrics/timeline', { token: t, json: { keys: ['config_data_size'] } }),
  },
  {
    path: '/v2/cluster/cluster_node_list',
    name: 'cluster list',
    need: 'monitor',
    namespaced: false,
    run: (a, t) => call(a.consoleHttp!, 'GET', 'v2/cluster/cluster_node_list', { token: t }),
  },
];

/** Allowed, refused, or something else (which would hide the answer the matrix is about). */
export function consoleOutcome(res: LightMyRequestResponse): string {
  if (res.statusCode === 401 || res.statusCode === 403) return 'denied';
  if (res.headers['content-type'] === 'application/octet-stream')
    return res.statusCode === 200 && unzipSync(res.rawPayload) ? 'allowed' : `status ${res.statusCode}`;
  if (String(res.headers['content-type']).startsWith('text/plain'))
    return res.statusCode === 200 ? 'allowed' : `status ${res.statusCode} ${res.body}`;
  const body = res.json();
  if (body.success === true || (res.statusCode === 200 && 'count' in body)) return 'allowed';
  if (body.code === 'NO_PERMISSION' || body.code === 'NO_NAMESPACE_PERMISSION') return 'denied';
  return `unexpected ${res.statusCode} ${res.body}`;
}
