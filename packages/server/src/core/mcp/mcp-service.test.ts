import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { openSqliteStores } from '../../storage/sqlite/sqlite-stores.js';
import { systemClock } from '../../shared/clock.js';
import { ROLE_ADMIN } from '../auth/user-model.js';
import { McpService } from './mcp-service.js';
import type { RouteRule, ToolSpecKey } from './mcp-model.js';

const dirs: string[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function service(dir = tempDataDir()) {
  if (!dirs.includes(dir)) dirs.push(dir);
  const stores = openSqliteStores(dir);
  closers.push(() => stores.close());
  return { mcp: await McpService.create(stores.mcp, systemClock), dir };
}

const admin = { user: 'a', roles: [ROLE_ADMIN] };
const key: ToolSpecKey = { namespace: 'public', group: 'G', toolName: 'lookup' };
const define = (description: string) => ({
  key,
  function: { name: 'lookup', description, inputSchema: { type: 'object' } },
});
const route: RouteRule = {
  protocol: 'http',
  url: '/x',
  method: 'GET',
  additionHeaders: {},
  convertType: 'NONE',
  serviceNamespace: '',
  serviceGroup: 'DEFAULT_GROUP',
  serviceName: 's',
};

describe('McpService', () => {
  it('keeps the spec versions a server names and drops the others on the next edit', async () => {
    const { mcp } = await service();
    await mcp.saveSpecs([define('v1')], 'a');
    const v1 = mcp.getSpec(key)!.currentVersion;
    const id = await mcp.addServer({ name: 's', authKeys: ['k'], tools: [{ specKey: key, routeRule: route }] }, admin);
    await mcp.saveSpecs([define('v2')], 'a');
    await mcp.saveSpecs([define('v3')], 'a');
    const versions = mcp.getSpec(key)!.versions.map((v) => v.function.description);
    expect(versions).toEqual(['v1', 'v3']); // v1 is served, v2 nobody names
    expect(mcp.getServer(id)!.release!.tools[0]).toMatchObject({ toolVersion: v1, spec: { description: 'v1' } });
  });

  it('keeps the last 10 published versions, and reloads everything from the store', async () => {
    const { mcp, dir } = await service();
    const id = await mcp.addServer({ name: 's', authKeys: ['k'], description: 'd0' }, admin);
    for (let i = 1; i <= 11; i++) {
      await mcp.updateServer(id, { description: `d${i}` }, admin);
      await mcp.publish(id);
    }
    const server = mcp.getServer(id)!;
    expect(server.histories.map((h) => h.description)).toEqual([
      'd2',
      'd3',
      'd4',
      'd5',
      'd6',
      'd7',
      'd8',
      'd9',
      'd10',
      'd11',
    ]);
    expect(server.release!.description).toBe('d11');
    const { mcp: again } = await service(dir);
    expect(again.getServerByKey(server.uniqueKey)).toEqual(server);
  });

  it("numbers each server's versions on its own: 1 for the first publish, the draft the next number", async () => {
    const { mcp, dir } = await service();
    const a = await mcp.addServer({ name: 'a', authKeys: ['k'], description: 'a1' }, admin);
    const b = await mcp.addServer({ name: 'b', authKeys: ['k'], description: 'b1' }, admin);
    // the ids come from one sequence for all servers; the numbers count each server's publishes
    expect(mcp.getServer(a)!.release).toMatchObject({ version: 1, description: 'a1' });
    expect(mcp.getServer(b)!.release).toMatchObject({ version: 1, description: 'b1' });
    expect(mcp.getServer(b)!.release!.id).toBeGreaterThan(mcp.getServer(a)!.release!.id);
    for (const description of ['a2', 'a3']) {
      await mcp.updateServer(a, { description }, admin);
      await mcp.publish(a);
    }
    await mcp.updateServer(a, { description: 'a4' }, admin);
    let server = mcp.getServer(a)!;
    expect(server.histories.map((h) => [h.version, h.description])).toEqual([
      [1, 'a1'],
      [2, 'a2'],
      [3, 'a3'],
    ]);
    expect(server.release!.version).toBe(3);
    expect(server.current).toMatchObject({ version: 4, description: 'a4' });
    // serving an older version again keeps its number; the draft still comes next
    await mcp.publishHistory(a, server.histories[0].id);
    server = mcp.getServer(a)!;
    expect(server.release).toMatchObject({ version: 1, description: 'a1' });
    await mcp.publish(a);
    expect(mcp.getServer(a)!.release).toMatchObject({ version: 4, description: 'a4' });
    expect(mcp.getServer(a)!.current.version).toBe(5);
    expect(mcp.getServer(b)!.current.version).toBe(2);
    const { mcp: again } = await service(dir);
    expect(again.getServer(a)).toEqual(mcp.getServer(a));
  });
});
