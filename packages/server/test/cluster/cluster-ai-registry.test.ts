import { describe, expect, it } from 'vitest';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres } from '../postgres-server.js';
import { twoNodesOnPostgres, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * The nacos 3 AI registry on a 2-node cluster (child processes on one real PostgreSQL): an MCP server or an
 * agent registered through node 1 is served by node 2, and changed or removed through node 2 it is so on
 * node 1.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster AI registry tests skipped: ${pg}`);

const nodes = twoNodesOnPostgres(pg, 'ai');
const PATH = '/nacos/v3/admin/ai/mcp';

const names = async (node: ClusterNodeProcess): Promise<string[]> => {
  const body = (await (await fetch(`${node.http}/v0/servers`)).json()) as {
    servers: Array<{ server: { name: string } }>;
  };
  return body.servers.map((s) => s.server.name);
};

describe.skipIf(typeof pg === 'string')('AI registry on a 2-node cluster', () => {
  it('lists on node 2 the MCP server registered through node 1, and forgets it on node 1 once removed', async () => {
    const [one, two] = nodes;
    const spec = JSON.stringify({
      name: 'local',
      protocol: 'stdio',
      description: 'd',
      versionDetail: { version: '1.0.0' },
    });
    const created = await fetch(`${one.http}${PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ serverSpecification: spec }),
    });
    expect((await created.json()) as unknown).toMatchObject({ code: 0 });
    await waitUntil('node 2 to list the server', async () => (await names(two)).includes('local'));
    const removed = await fetch(`${two.http}${PATH}?mcpName=local`, { method: 'DELETE' });
    expect((await removed.json()) as unknown).toMatchObject({ code: 0 });
    await waitUntil('node 1 to forget the server', async () => !(await names(one)).includes('local'));
  });

  it('serves on node 2 the agent registered through node 1, and on node 1 what node 2 changes', async () => {
    const [one, two] = nodes;
    const A2A = '/nacos/v3/admin/ai/a2a';
    const card = (version: string) =>
      JSON.stringify({
        name: 'planner',
        version,
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        url: `http://planner.example/${version}`,
      });
    const write = async (node: ClusterNodeProcess, method: string, fields: Record<string, string>) => {
      const res = await fetch(`${node.http}${A2A}`, {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
      expect((await res.json()) as unknown).toMatchObject({ code: 0 });
    };
    const served = async (node: ClusterNodeProcess) => {
      const res = await fetch(`${node.http}${A2A}?agentName=planner`);
      return res.status === 200 ? ((await res.json()) as { data: { url: string } }).data.url : res.status;
    };
    await write(one, 'POST', { agentCard: card('1.0.0') });
    await waitUntil('node 2 to serve the agent', async () => (await served(two)) === 'http://planner.example/1.0.0');
    await write(two, 'PUT', { agentCard: card('2.0.0'), setAsLatest: 'true' });
    await waitUntil(
      'node 1 to serve the new latest',
      async () => (await served(one)) === 'http://planner.example/2.0.0',
    );
    const removed = await fetch(`${two.http}${A2A}?agentName=planner`, { method: 'DELETE' });
    expect((await removed.json()) as unknown).toMatchObject({ code: 0 });
    await waitUntil('node 1 to forget the agent', async () => (await served(one)) === 404);
  });
});
