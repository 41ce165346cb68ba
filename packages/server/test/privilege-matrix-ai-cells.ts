import { parseAgentCard } from '../src/core/ai/agent-card-input.js';
import { parseReleaseInput } from '../src/core/ai/mcp-registry-input.js';
import { call } from './console-helpers.js';
import { nsName, unique, type ConsoleCell } from './privilege-matrix-cells.js';

// The console's AI registry routes (MCP servers and agents registered by clients) in privilege-matrix.test.ts:
// guests read, developers and admins delete, each only in the namespaces they may touch. The reads find the
// `seed` server and agent the matrix registers in every namespace; each delete registers what it deletes.

const release = (name: string) =>
  parseReleaseInput({ server: { name, protocol: 'stdio', versionDetail: { version: '1.0.0' } } });
const card = (name: string) =>
  parseAgentCard({ name, version: '1.0.0', protocolVersion: '0.3.0', preferredTransport: 'JSONRPC', url: 'http://a' });

export const AI_REGISTRY_CELLS: ConsoleCell[] = [
  {
    path: '/v2/ai/mcp/list',
    name: 'AI registry MCP server list',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'v2/ai/mcp/list', { token: t, query: { namespaceId: ns } }),
  },
  {
    path: '/v2/ai/mcp/info',
    name: 'AI registry MCP server detail',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/ai/mcp/info', { token: t, query: { namespaceId: ns, name: 'seed' } }),
  },
  {
    path: '/v2/ai/mcp/remove',
    name: 'AI registry MCP server delete',
    method: 'POST',
    field: 'namespaceId',
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const id = await a.core.mcpRegistry.release(nsName(ns), release(unique('aimcp')));
      return call(a.consoleHttp!, 'POST', 'v2/ai/mcp/remove', { token: t, json: { namespaceId: ns, id } });
    },
  },
  {
    path: '/v2/ai/a2a/list',
    name: 'AI registry agent list',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'v2/ai/a2a/list', { token: t, query: { namespaceId: ns } }),
  },
  {
    path: '/v2/ai/a2a/info',
    name: 'AI registry agent detail',
    method: 'GET',
    field: 'namespaceId',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/ai/a2a/info', { token: t, query: { namespaceId: ns, name: 'seed' } }),
  },
  {
    path: '/v2/ai/a2a/remove',
    name: 'AI registry agent delete',
    method: 'POST',
    field: 'namespaceId',
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const name = unique('aiagent');
      await a.core.agentRegistry.create(nsName(ns), card(name), 'URL');
      return call(a.consoleHttp!, 'POST', 'v2/ai/a2a/remove', { token: t, json: { namespaceId: ns, name } });
    },
  },
];
