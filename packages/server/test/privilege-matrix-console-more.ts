import { zipSync } from 'fflate';
import type { LightMyRequestResponse } from 'fastify';
import { API } from '../src/adapters/console-api/console-paths.js';
import { call, multipart } from './console-helpers.js';
import type { TestApp } from './helpers.js';
import { MCP_CONSOLE_CELLS } from './privilege-matrix-mcp-cells.js';
import { MCP_REFERENCE_CELLS } from './privilege-matrix-mcp-ref-cells.js';
import { nextSeq, nsName, unique, type ConsoleCell, type Need } from './privilege-matrix-cells.js';

// The console routes of console-paths.ts beyond privilege-matrix-cells.ts and privilege-matrix-config-cells.ts:
// more namespaced cells, and what each route that touches no namespace needs (checked by a generated cell per
// route).

const form = (
  a: TestApp,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  fields: Record<string, string>,
) =>
  a.consoleHttp!.inject({
    method,
    url: `${API}/${path}`,
    cookies: { token },
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

const importZip = (a: TestApp, path: string, token: string, tenant: string) => {
  const body = multipart('file', 'configs.zip', Buffer.from(zipSync({ G: { [unique('zip')]: Buffer.from('x') } })));
  return a.consoleHttp!.inject({
    method: 'POST',
    url: `${API}/${path}`,
    cookies: { token },
    payload: body.payload,
    headers: { ...body.headers, tenant },
  });
};

/** The OpenAPI routes under the console answer nacos' own JSON (401 when refused). */
const answered200 = (res: LightMyRequestResponse) => (res.statusCode === 200 ? 'allowed' : '');

/** The v1 namespace routes answer `{code, message, data}`; a refusal past the access check still reached it. */
export function legacyNamespaceOutcome(res: LightMyRequestResponse): string {
  const body = res.json();
  if (body.code === 200) return 'allowed';
  if (body.message === 'NO_PERMISSION' || body.code === 'NO_PERMISSION') return 'denied';
  if (/still holds/.test(body.message ?? '')) return 'allowed';
  return `unexpected ${res.statusCode} ${res.body}`;
}

export const MORE_CONSOLE_CELLS: (ConsoleCell & { path: string; outcome?: (res: LightMyRequestResponse) => string })[] =
  [
    {
      path: '/v2/config/add',
      name: 'config add',
      method: 'POST',
      field: 'tenant',
      need: 'write',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'POST', 'v2/config/add', {
          token: t,
          json: { tenant: ns, group: 'G', dataId: unique('a'), content: 'x' },
        }),
    },
    {
      path: '/config/history',
      name: 'config v1 history',
      method: 'GET',
      field: 'tenant',
      need: 'read',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'GET', 'config/history', { token: t, query: { tenant: ns, dataId: 'seed', group: 'G' } }),
    },
    {
      path: '/config/download',
      name: 'config v1 zip export',
      method: 'GET',
      field: 'tenant',
      need: 'read',
      namespaced: true,
      run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'config/download', { token: t, query: { tenant: ns } }),
    },
    {
      path: '/config/download',
      method: 'POST',
      field: 'keys[].tenant',
      name: 'config v1 export chosen',
      need: 'write',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'POST', 'config/download', {
          token: t,
          json: { keys: [{ tenant: ns, group: 'G', dataId: 'seed' }] },
        }),
    },
    {
      path: '/v2/config/import',
      name: 'config zip import',
      method: 'POST',
      field: 'header tenant',
      need: 'write',
      namespaced: true,
      run: (a, t, ns) => importZip(a, 'v2/config/import', t, ns),
    },
    {
      path: '/config/import',
      name: 'config v1 zip import',
      method: 'POST',
      field: 'header tenant',
      need: 'write',
      namespaced: true,
      run: (a, t, ns) => importZip(a, 'config/import', t, ns),
    },
    {
      path: '/cs/configs',
      name: 'config OpenAPI under the console',
      need: 'read',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'GET', 'cs/configs', { token: t, query: { dataId: 'seed', group: 'G', tenant: ns } }),
    },
    {
      path: '/cs/configs',
      name: 'config OpenAPI publish under the console',
      need: 'write',
      namespaced: true,
      run: (a, t, ns) =>
        form(a, 'POST', 'cs/configs', t, { dataId: unique('cs'), group: 'G', tenant: ns, content: 'x' }),
    },
    {
      path: '/ns/service',
      name: 'service OpenAPI under the console',
      outcome: answered200,
      need: 'read',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'GET', 'ns/service', {
          token: t,
          query: { serviceName: 'seed', namespaceId: nsName(ns) },
        }),
    },
    {
      path: '/ns/instance',
      name: 'instance OpenAPI under the console',
      outcome: answered200,
      need: 'read',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'GET', 'ns/instance', {
          token: t,
          query: { serviceName: 'seed', ip: '10.0.0.1', port: '80', namespaceId: nsName(ns) },
        }),
    },
    {
      path: '/ns/services',
      name: 'service v1 list',
      method: 'GET',
      field: 'namespaceId',
      need: 'read',
      namespaced: true,
      run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'ns/services', { token: t, query: { namespaceId: nsName(ns) } }),
    },
    {
      path: '/ns/service/subscribers',
      name: 'subscriber v1 list',
      method: 'GET',
      field: 'namespaceId',
      need: 'read',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'GET', 'ns/service/subscribers', {
          token: t,
          query: { namespaceId: nsName(ns), serviceName: 'seed' },
        }),
    },
    {
      path: '/v2/instance/add',
      name: 'instance add',
      method: 'POST',
      field: 'namespaceId',
      need: 'write',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'POST', 'v2/instance/add', {
          token: t,
          json: { namespaceId: ns, serviceName: 'seed', ip: '10.9.1.1', port: 1000 + nextSeq(), ephemeral: 'false' },
        }),
    },
    {
      path: '/v2/instance/remove',
      name: 'instance remove',
      method: 'POST',
      field: 'namespaceId',
      need: 'write',
      namespaced: true,
      run: async (a, t, ns) => {
        const port = 1000 + nextSeq();
        const key = { namespaceId: nsName(ns), groupName: 'DEFAULT_GROUP', serviceName: 'seed' };
        await a.core.naming.registerInstance(key, { ip: '10.9.2.1', port, ephemeral: false });
        return call(a.consoleHttp!, 'POST', 'v2/instance/remove', {
          token: t,
          json: { namespaceId: ns, serviceName: 'seed', ip: '10.9.2.1', port, ephemeral: 'false' },
        });
      },
    },
    {
      path: '/v2/instance/info',
      name: 'instance info',
      method: 'GET',
      field: 'namespaceId',
      need: 'read',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'GET', 'v2/instance/info', {
          token: t,
          query: { namespaceId: nsName(ns), serviceName: 'seed', ip: '10.0.0.1', port: '80' },
        }),
    },
    {
      path: '/v2/service/update',
      name: 'service update',
      method: 'POST',
      field: 'namespaceId',
      need: 'write',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'POST', 'v2/service/update', {
          token: t,
          json: { namespaceId: ns, serviceName: 'seed', protectThreshold: 0.1 },
        }),
    },
    {
      path: '/v2/namespaces/add',
      name: 'namespace add',
      method: 'POST',
      field: 'namespaceId',
      need: 'manageNamespaces',
      namespaced: true,
      run: (a, t, ns) =>
        call(a.consoleHttp!, 'POST', 'v2/namespaces/add', {
          token: t,
          json: { namespaceId: ns, namespaceName: 'dev' },
        }),
    },
    {
      path: '/v2/namespaces/remove',
      name: 'namespace remove',
      method: 'POST',
      field: 'namespaceId',
      need: 'manageNamespaces',
      namespaced: true,
      only: ['dev'],
      // it holds the seed data: past the access check, the removal is refused for that
      outcome: (res) => (res.json().code === 'NAMESPACE_IN_USE' ? 'allowed' : ''),
      run: (a, t, ns) => call(a.consoleHttp!, 'POST', 'v2/namespaces/remove', { token: t, json: { namespaceId: ns } }),
    },
    {
      path: '/namespaces',
      name: 'namespace v1 add',
      method: 'POST',
      field: 'namespaceId',
      need: 'manageNamespaces',
      namespaced: true,
      outcome: legacyNamespaceOutcome,
      run: (a, t, ns) => form(a, 'POST', 'namespaces', t, { namespaceId: ns, namespaceName: 'dev' }),
    },
    {
      path: '/namespaces',
      name: 'namespace v1 rename',
      method: 'PUT',
      field: 'namespaceId',
      need: 'manageNamespaces',
      namespaced: true,
      only: ['dev'],
      outcome: legacyNamespaceOutcome,
      run: (a, t, ns) => form(a, 'PUT', 'namespaces', t, { namespaceId: ns, namespaceName: 'dev' }),
    },
    {
      path: '/namespaces',
      name: 'namespace v1 remove',
      method: 'DELETE',
      field: 'namespaceId',
      need: 'manageNamespaces',
      namespaced: true,
      only: ['dev'],
      outcome: legacyNamespaceOutcome,
      run: (a, t, ns) => form(a, 'DELETE', 'namespaces', t, { namespaceId: ns }),
    },
    ...MCP_CONSOLE_CELLS,
    ...MCP_REFERENCE_CELLS,
  ];

/** What each console route that touches no namespace needs ('public': no login; 'nobody': no role opens it). */
export const ROLE_ONLY_PATHS: Record<string, Need | 'any' | 'public' | 'nobody'> = {
  '/login/login': 'public',
  '/login/captcha': 'public',
  '/login/logout': 'public',
  '/v2/login/login': 'public',
  '/v2/login/captcha': 'public',
  '/v2/login/logout': 'public',
  '/v2/login/config': 'public',
  '/v2/login/oauth2/login': 'public',
  '/user/reset_password': 'any',
  '/v2/user/reset_password': 'any',
  '/user/info': 'any',
  '/user/web_resources': 'any',
  '/v2/user/info': 'any',
  '/v2/user/web_resources': 'any',
  '/v2/namespaces/list': 'any',
  '/cluster/cluster_node_list': 'monitor',
  '/v2/cluster/cluster_node_list': 'monitor',
  '/v2/metrics/timeline': 'monitor',
  '/user/list': 'admin',
  '/user/add': 'admin',
  '/user/update': 'admin',
  '/user/remove': 'admin',
  '/v2/user/list': 'admin',
  '/v2/user/add': 'admin',
  '/v2/user/update': 'admin',
  '/v2/user/remove': 'admin',
  '/transfer/export': 'admin',
  '/transfer/import': 'admin',
  '/backup/download': 'admin',
  '/v2/audit/list': 'admin',
  '/v2/audit/export': 'admin',
  '/v2/transfer/export': 'nobody',
  '/v2/transfer/import': 'nobody',
  '/v2/mcp/endpoint': 'read',
};
