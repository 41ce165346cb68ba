import type { LightMyRequestResponse } from 'fastify';
import { API } from '../src/adapters/console-api/console-paths.js';
import { ROLE_ADMIN } from '../src/core/auth/user-model.js';
import { zipSync, strToU8 } from 'fflate';
import { call, multipart } from './console-helpers.js';
import type { TestApp } from './helpers.js';
import { nsName, unique, type ConsoleCell, type Ns } from './privilege-matrix-cells.js';

// The MCP console routes (tool specs and MCP servers) of privilege-matrix.test.ts: guests read, developers
// and admins write, each only in the namespaces they may touch. Every cell makes the spec or server it acts on.

export async function seedSpec(a: TestApp, ns: Ns) {
  const key = { namespace: nsName(ns), group: 'G', toolName: unique('tool') };
  const fn = { name: key.toolName, description: 'd', inputSchema: { type: 'object' } };
  await a.core.mcp.saveSpecs([{ key, function: fn }], 'admin');
  return key;
}

export async function seedServer(a: TestApp, ns: Ns): Promise<number> {
  const spec = await seedSpec(a, ns);
  const routeRule = {
    protocol: 'http',
    url: 'http://127.0.0.1:9/none',
    method: 'GET',
    additionHeaders: {},
    convertType: 'NONE' as const,
    serviceNamespace: '',
    serviceGroup: '',
    serviceName: '',
  };
  return a.core.mcp.addServer(
    { namespace: nsName(ns), name: unique('server'), authKeys: ['k'], tools: [{ specKey: spec, routeRule }] },
    { user: 'admin', roles: [ROLE_ADMIN] },
  );
}

export const upload = (a: TestApp, path: string, token: string, ns: Ns, files: Record<string, string>) => {
  const zip = Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, v]) => [n, strToU8(v)]))));
  const body = multipart('file', 'mcp.zip', zip, { namespace: ns });
  return a.consoleHttp!.inject({
    method: 'POST',
    url: `${API}/${path}`,
    cookies: { token },
    payload: body.payload,
    headers: body.headers,
  });
};

export type Cell = ConsoleCell & { outcome?: (res: LightMyRequestResponse) => string };

/** A server in a namespace the user may not see is answered as missing (the cells' servers all exist). */
export const hiddenAsMissing = (res: LightMyRequestResponse) => (res.json().code === 'NOT_FOUND' ? 'denied' : '');

const specFn = (name: string) => ({ name, description: 'd', inputSchema: { type: 'object', properties: {} } });

export const MCP_CONSOLE_CELLS: Cell[] = [
  {
    path: '/v2/mcp/toolspec/list',
    name: 'tool spec list',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'v2/mcp/toolspec/list', { token: t, query: { namespaceId: ns } }),
  },
  {
    path: '/v2/mcp/toolspec/info',
    name: 'tool spec info',
    method: 'GET',
    field: 'namespace',
    need: 'read',
    namespaced: true,
    run: async (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/mcp/toolspec/info', { token: t, query: { ...(await seedSpec(a, ns)) } }),
  },
  {
    path: '/v2/mcp/toolspec/download',
    name: 'tool spec download',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/mcp/toolspec/download', { token: t, query: { namespaceId: ns } }),
  },
  ...(['add', 'update'] as const).map((verb): Cell => ({
    path: `/v2/mcp/toolspec/${verb}`,
    name: `tool spec ${verb}`,
    method: 'POST',
    field: 'namespace',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) => {
      const toolName = unique('tool');
      return call(a.consoleHttp!, 'POST', `v2/mcp/toolspec/${verb}`, {
        token: t,
        json: { namespace: ns, group: 'G', toolName, function: specFn(toolName) },
      });
    },
  })),
  {
    path: '/v2/mcp/toolspec/batch_update',
    name: 'tool spec batch update',
    method: 'POST',
    field: '[].namespace',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) => {
      const toolName = unique('tool');
      return call(a.consoleHttp!, 'POST', 'v2/mcp/toolspec/batch_update', {
        token: t,
        json: [{ namespace: ns, group: 'G', toolName, function: specFn(toolName) }],
      });
    },
  },
  {
    path: '/v2/mcp/toolspec/remove',
    name: 'tool spec remove',
    method: 'POST',
    field: 'namespace',
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/mcp/toolspec/remove', { token: t, json: await seedSpec(a, ns) }),
  },
  {
    path: '/v2/mcp/toolspec/import',
    name: 'tool spec import',
    method: 'POST',
    field: 'namespace',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) => {
      const name = unique('tool');
      return upload(a, 'v2/mcp/toolspec/import', t, ns, {
        [`G_${name}.yaml`]: `group: G\nname: ${name}\ndescription: d\ninputSchema:\n  type: object\n`,
      });
    },
  },
  {
    path: '/v2/mcp/server/list',
    name: 'MCP server list',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'v2/mcp/server/list', { token: t, query: { namespaceId: ns } }),
  },
  ...(['info', 'history'] as const).map((what): Cell => ({
    path: `/v2/mcp/server/${what}`,
    name: `MCP server ${what}`,
    method: 'GET',
    field: 'id',
    outcome: hiddenAsMissing,
    need: 'read',
    namespaced: true,
    run: async (a, t, ns) =>
      call(a.consoleHttp!, 'GET', `v2/mcp/server/${what}`, {
        token: t,
        query: { id: String(await seedServer(a, ns)) },
      }),
  })),
  {
    path: '/v2/mcp/server/download',
    name: 'MCP server download',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'v2/mcp/server/download', { token: t, query: { namespaceId: ns } }),
  },
  {
    path: '/v2/mcp/server/add',
    name: 'MCP server add',
    method: 'POST',
    field: 'namespace',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/mcp/server/add', {
        token: t,
        json: { namespace: ns, name: unique('server'), authKeys: ['k'], tools: [] },
      }),
  },
  {
    path: '/v2/mcp/server/update',
    name: 'MCP server update',
    method: 'POST',
    field: 'id',
    outcome: hiddenAsMissing,
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/mcp/server/update', {
        token: t,
        json: { id: await seedServer(a, ns), description: 'changed' },
      }),
  },
  ...(['remove', 'publish'] as const).map((verb): Cell => ({
    path: `/v2/mcp/server/${verb}`,
    name: `MCP server ${verb}`,
    method: 'POST',
    field: 'id',
    outcome: hiddenAsMissing,
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) =>
      call(a.consoleHttp!, 'POST', `v2/mcp/server/${verb}`, { token: t, json: { id: await seedServer(a, ns) } }),
  })),
  {
    path: '/v2/mcp/server/publish/history',
    name: 'MCP server publish history',
    method: 'POST',
    field: 'id',
    outcome: hiddenAsMissing,
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const id = await seedServer(a, ns);
      const historyValueId = a.core.mcp.getServer(id)!.histories[0].id;
      return call(a.consoleHttp!, 'POST', 'v2/mcp/server/publish/history', { token: t, json: { id, historyValueId } });
    },
  },
  {
    path: '/v2/mcp/server/tool/call',
    name: 'MCP server tool call',
    method: 'POST',
    field: 'id',
    outcome: hiddenAsMissing,
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const id = await seedServer(a, ns);
      const toolName = a.core.mcp.getServer(id)!.release!.tools[0].toolName;
      return call(a.consoleHttp!, 'POST', 'v2/mcp/server/tool/call', { token: t, json: { id, toolName } });
    },
  },
  {
    path: '/v2/mcp/server/import',
    name: 'MCP server import',
    method: 'POST',
    field: 'namespace',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) => {
      const key = unique('key');
      return upload(a, 'v2/mcp/server/import', t, ns, {
        [`${key}.yaml`]: `uniqueKey: ${key}\nname: imported\ndescription: d\nauthKeys: [k]\ntools: []\n`,
      });
    },
  },
];
