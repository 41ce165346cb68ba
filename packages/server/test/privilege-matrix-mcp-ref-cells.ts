import { ROLE_ADMIN } from '../src/core/auth/user-model.js';
import type { LightMyRequestResponse } from 'fastify';
import { call } from './console-helpers.js';
import type { TestApp } from './helpers.js';
import { nsName, unique, type Ns } from './privilege-matrix-cells.js';
import { hiddenAsMissing, seedSpec, upload, type Cell } from './privilege-matrix-mcp-cells.js';

/** Seeded as an admin, who may route tools anywhere. */
const ADMIN_EDITOR = { user: 'admin', roles: [ROLE_ADMIN] };

// The MCP console routes' second namespaces: the cell puts `ns` in the field it is about and `other`
// everywhere else (the server's own namespace, the record acted on). A user must reach both: a developer
// of one namespace can neither serve another's tool specs nor route calls into another's services.

/** A route to a service; its namespace "" is the tool's. */
const route = (serviceNamespace: string) => ({
  protocol: 'http',
  url: '/orders/{{id}}',
  method: 'GET',
  additionHeaders: {},
  convertType: 'NONE' as const,
  serviceNamespace,
  serviceGroup: 'DEFAULT_GROUP',
  // no instance: a call answers a tool error at once
  serviceName: 'no-such-service',
});

/** A server in `home` whose one tool takes its spec from `specNs` and routes into `routeNs`. */
async function serverReaching(a: TestApp, home: Ns, specNs: Ns, routeNs: Ns): Promise<number> {
  const spec = await seedSpec(a, specNs);
  return a.core.mcp.addServer(
    {
      namespace: nsName(home),
      name: unique('server'),
      authKeys: ['k'],
      tools: [{ specKey: spec, routeRule: route(nsName(routeNs)) }],
    },
    ADMIN_EDITOR,
  );
}

const post = (a: TestApp, t: string, path: string, json: unknown) =>
  call(a.consoleHttp!, 'POST', `v2/mcp/server/${path}`, { token: t, json });

/** A tool of a server edit: its spec and where it routes. */
const tool = (spec: { namespace: string; group: string; toolName: string }, serviceNamespace: string) => ({
  toolName: spec.toolName,
  namespace: spec.namespace,
  group: spec.group,
  routeRule: route(serviceNamespace),
});

/** An imported file naming a key another server holds is refused as a taken key, whichever namespace. */
const takenKey = (res: LightMyRequestResponse) =>
  res.json().code === 'PARTIAL_SUCCESS' && /is taken by another server/.test(res.json().message) ? 'denied' : '';

const cell = (path: string, field: string, run: Cell['run'], outcome?: Cell['outcome']): Cell => ({
  path: `/v2/mcp/server/${path}`,
  method: 'POST',
  field,
  name: `MCP server ${path}: ${field}`,
  need: 'write',
  namespaced: true,
  other: true,
  outcome,
  run,
});

export const MCP_REFERENCE_CELLS: Cell[] = [
  cell('add', 'tools[].namespace', async (a, t, ns, other) =>
    post(a, t, 'add', {
      namespace: other,
      name: unique('server'),
      authKeys: ['k'],
      tools: [tool(await seedSpec(a, ns), '')],
    }),
  ),
  cell('add', 'tools[].routeRule.serviceNamespace', async (a, t, ns, other) =>
    post(a, t, 'add', {
      namespace: other,
      name: unique('server'),
      authKeys: ['k'],
      tools: [tool(await seedSpec(a, other), nsName(ns))],
    }),
  ),
  cell(
    'update',
    'namespace',
    async (a, t, ns, other) =>
      post(a, t, 'update', { id: await serverReaching(a, other, other, other), namespace: ns }),
    hiddenAsMissing,
  ),
  cell(
    'update',
    'tools[].namespace',
    async (a, t, ns, other) => {
      const id = await serverReaching(a, other, other, other);
      return post(a, t, 'update', { id, tools: [tool(await seedSpec(a, ns), '')] });
    },
    hiddenAsMissing,
  ),
  cell(
    'update',
    'tools[].routeRule.serviceNamespace',
    async (a, t, ns, other) => {
      const id = await serverReaching(a, other, other, other);
      return post(a, t, 'update', { id, tools: [tool(await seedSpec(a, other), nsName(ns))] });
    },
    hiddenAsMissing,
  ),
  cell(
    'publish',
    "id: the draft's tools",
    async (a, t, ns, other) => {
      // the draft (made by someone who may) takes a spec of `ns`
      const id = await serverReaching(a, other, other, other);
      const spec = await seedSpec(a, ns);
      await a.core.mcp.updateServer(id, { tools: [{ specKey: spec, routeRule: route('') }] }, ADMIN_EDITOR);
      return post(a, t, 'publish', { id });
    },
    hiddenAsMissing,
  ),
  cell(
    'publish/history',
    'historyValueId: its tools',
    async (a, t, ns, other) => {
      // the kept version routes into `ns`; the served one no longer does
      const id = await serverReaching(a, other, other, ns);
      const historyValueId = a.core.mcp.getServer(id)!.histories[0].id;
      const spec = await seedSpec(a, other);
      await a.core.mcp.updateServer(id, { tools: [{ specKey: spec, routeRule: route('') }] }, ADMIN_EDITOR);
      await a.core.mcp.publish(id);
      return post(a, t, 'publish/history', { id, historyValueId });
    },
    hiddenAsMissing,
  ),
  cell(
    'tool/call',
    'toolName: its spec and service',
    async (a, t, ns, other) => {
      const id = await serverReaching(a, other, other, ns);
      const toolName = a.core.mcp.getServer(id)!.release!.tools[0].toolName;
      return post(a, t, 'tool/call', { id, toolName, arguments: { id: '1' } });
    },
    hiddenAsMissing,
  ),
  cell('import', 'file: tools[].routeRule.serviceNamespace', async (a, t, ns, other) => {
    const spec = await seedSpec(a, other);
    const key = unique('key');
    const routeYaml = `    routeRule: {url: /x, method: GET, serviceName: no-such-service, serviceNamespace: ${nsName(ns)}}\n`;
    return upload(a, 'v2/mcp/server/import', t, other, {
      [`${key}.yaml`]: `uniqueKey: ${key}\nname: n\nauthKeys: [k]\ntools:\n  - toolName: ${spec.toolName}\n    toolGroup: G\n${routeYaml}`,
    });
  }),
  cell(
    'import',
    'file: uniqueKey of a stored server',
    async (a, t, ns, other) => {
      const key = a.core.mcp.getServer(await serverReaching(a, ns, ns, ns))!.uniqueKey;
      return upload(a, 'v2/mcp/server/import', t, other, {
        [`${key}.yaml`]: `uniqueKey: ${key}\nname: moved\nauthKeys: [k]\ntools: []\n`,
      });
    },
    takenKey,
  ),
];
