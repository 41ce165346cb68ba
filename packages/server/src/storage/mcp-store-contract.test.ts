import { describe, expect, it } from 'vitest';
import { backends } from '../../test/store-contract-kit.js';
import type { McpServer, ToolSpec } from '../core/mcp/mcp-model.js';
import type { RegisteredMcpServer } from '../core/ai/mcp-registry-model.js';

/** The MCP stores' behaviours (r-nacos's MCP service and the AI registry), held by both backends. */

const spec: ToolSpec = {
  key: { namespace: 'public', group: 'G', toolName: 't' },
  currentVersion: 2,
  createTime: 1,
  createUser: 'admin',
  versions: [
    {
      version: 2,
      function: { name: 't', description: 'd', inputSchema: { type: 'object' } },
      opUser: 'a',
      updateTime: 1,
    },
  ],
};
const value = { id: 1, version: 1, description: 'd', tools: [], opUser: 'a', updateTime: 1 };
const server = (id: number, uniqueKey: string): McpServer => ({
  id,
  uniqueKey,
  namespace: 'public',
  name: `s${id}`,
  description: 'd',
  authKeys: ['k'],
  createTime: 1,
  createUser: 'a',
  current: value,
  release: null,
  histories: [],
});

describe.each(backends)('$name MCP store', ({ open, skip }) => {
  it.skipIf(skip)('hands out consecutive id ranges per sequence', async () => {
    const store = (await open()).mcp;
    expect(await store.nextIds('MCP_SERVER_ID', 1)).toBe(1);
    expect(await store.nextIds('MCP_SERVER_ID', 3)).toBe(2);
    expect(await store.nextIds('MCP_SERVER_ID', 1)).toBe(5);
    expect(await store.nextIds('TOOL_SPEC_VERSION', 2)).toBe(1);
  });

  it.skipIf(skip)('keeps specs and servers whole, and removes them', async () => {
    const store = (await open()).mcp;
    await store.saveSpecs([spec]);
    expect(await store.loadSpec(spec.key)).toEqual(spec);
    expect(await store.loadSpecs()).toEqual([spec]);
    expect(await store.saveServers([server(1, 'a'), server(2, 'b')])).toBe(true);
    expect(await store.loadServer(2)).toEqual(server(2, 'b'));
    expect(await store.removeServer(2)).toBe(true);
    expect(await store.removeServer(2)).toBe(false);
    expect(await store.removeSpec(spec.key)).toBe(true);
    expect(await store.loadSpec(spec.key)).toBeUndefined();
  });

  it.skipIf(skip)('refuses a server key another server has, writing nothing of the batch', async () => {
    const store = (await open()).mcp;
    expect(await store.saveServers([server(10, 'taken')])).toBe(true);
    expect(await store.saveServers([server(11, 'free'), server(12, 'taken')])).toBe(false);
    expect(await store.loadServer(11)).toBeUndefined();
    expect((await store.loadServers()).map((s) => s.id)).toContain(10);
  });
});

const registered = (id: string, name: string, namespaceId = 'public'): RegisteredMcpServer => ({
  id,
  namespaceId,
  name,
  latestVersion: '1.0.0',
  versions: [
    {
      version: '1.0.0',
      releaseDate: '2026-01-01T00:00:00Z',
      spec: { protocol: 'mcp-sse', description: 'weather', enabled: true, capabilities: ['TOOL'] },
      toolSpec: { tools: [{ name: 'forecast', inputSchema: { type: 'object' } }] },
      serviceRef: { namespaceId, groupName: 'mcp-endpoints', serviceName: `${name}::1.0.0` },
    },
  ],
});

describe.each(backends)('$name AI registry store', ({ open, skip }) => {
  it.skipIf(skip)('keeps servers whole across reloads, replaces them by id and removes them', async () => {
    const store = (await open()).mcpRegistry;
    expect(await store.save(registered('a', 'weather'), undefined)).toBe('saved');
    expect(await store.save(registered('b', 'maps'), undefined)).toBe('saved');
    const renamed = Object.assign(registered('b', 'atlas'), { latestVersion: '2.0.0' });
    expect(await store.save(renamed, registered('b', 'maps'))).toBe('saved');
    expect(await store.loadAll()).toEqual([renamed, registered('a', 'weather')]);
    expect(await store.remove('a')).toBe(true);
    expect(await store.remove('a')).toBe(false);
    expect((await store.loadAll()).map((s) => s.id)).toEqual(['b']);
  });

  it.skipIf(skip)('refuses a name another server has in its namespace, writing nothing', async () => {
    const store = (await open()).mcpRegistry;
    expect(await store.save(registered('x', 'same'), undefined)).toBe('saved');
    expect(await store.save(registered('y', 'same'), undefined)).toBe('name-taken');
    expect(await store.save(registered('z', 'same', 'dev'), undefined)).toBe('saved');
    expect((await store.loadAll()).map((s) => s.id).sort()).toEqual(['x', 'z']);
  });

  it.skipIf(skip)('writes nothing over a server changed since the write read it, and says so', async () => {
    const store = (await open()).mcpRegistry;
    const first = registered('s', 'shared');
    expect(await store.save(first, undefined)).toBe('saved');
    const theirs = Object.assign(registered('s', 'shared'), { latestVersion: 'theirs' });
    expect(await store.save(theirs, first)).toBe('saved');
    const mine = Object.assign(registered('s', 'shared'), { latestVersion: 'mine' });
    expect(await store.save(mine, first)).toBe('stale');
    expect(await store.remove('s', first)).toBe(false);
    expect(await store.get('s')).toEqual(theirs);
  });
});
