import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type Postgres } from '../../test/postgres-server.js';
import { tempDataDir } from '../../test/helpers.js';
import type { RegisteredMcpServer } from '../core/ai/mcp-registry-model.js';
import type { McpRegistryStore } from '../core/ai/mcp-registry-store.js';
import { openPostgresStores } from './postgres/pg-stores.js';
import { openSqliteStores } from './sqlite/sqlite-stores.js';

/** The AI registry store's behaviours, held by both backends. */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`AI registry store contract on PostgreSQL skipped: ${pg}`);
const cleanups: Array<() => Promise<void>> = [];
let databases = 0;
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  if (typeof pg !== 'string') await pg.stop();
}, 30_000);

const backends: Array<{ name: string; skip: boolean; open: () => Promise<McpRegistryStore> }> = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => {
      const dir = tempDataDir();
      const stores = openSqliteStores(dir);
      cleanups.push(async () => {
        await stores.close();
        rmSync(dir, { recursive: true, force: true });
      });
      return stores.mcpRegistry;
    },
  },
  {
    name: 'PostgreSQL',
    skip: typeof pg === 'string',
    open: async () => {
      const url = await (pg as Postgres).createDatabase(`ai_registry_contract_${++databases}`);
      const stores = await openPostgresStores(url, 1);
      cleanups.push(() => stores.close());
      return stores.mcpRegistry;
    },
  },
];

const server = (id: string, name: string, namespaceId = 'public'): RegisteredMcpServer => ({
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
    const store = await open();
    expect(await store.save(server('a', 'weather'))).toBe(true);
    expect(await store.save(server('b', 'maps'))).toBe(true);
    const renamed = Object.assign(server('b', 'atlas'), { latestVersion: '2.0.0' });
    expect(await store.save(renamed)).toBe(true);
    expect(await store.loadAll()).toEqual([renamed, server('a', 'weather')]);
    expect(await store.remove('a')).toBe(true);
    expect(await store.remove('a')).toBe(false);
    expect((await store.loadAll()).map((s) => s.id)).toEqual(['b']);
  });

  it.skipIf(skip)('refuses a name another server has in its namespace, writing nothing', async () => {
    const store = await open();
    expect(await store.save(server('x', 'same'))).toBe(true);
    expect(await store.save(server('y', 'same'))).toBe(false);
    expect(await store.save(server('z', 'same', 'dev'))).toBe(true);
    expect((await store.loadAll()).map((s) => s.id).sort()).toEqual(['x', 'z']);
  });
});
