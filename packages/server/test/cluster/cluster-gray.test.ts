import { describe, expect, it } from 'vitest';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres } from '../postgres-server.js';
import { twoNodesOnPostgres, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * Gray releases on a 2-node cluster (child processes on one real PostgreSQL): a beta published through
 * node 1 is served by node 2 to the listed client (this test, on 127.0.0.1) and only to it; stopped
 * through node 2, node 1 serves the stable config again.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster gray tests skipped: ${pg}`);

const nodes = twoNodesOnPostgres(pg, 'gray');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const QUERY = 'dataId=gray.yaml&group=APP';

async function publish(node: ClusterNodeProcess, content: string, betaIps?: string): Promise<void> {
  const res = await fetch(`${node.http}/nacos/v1/cs/configs`, {
    method: 'POST',
    headers: betaIps ? { ...FORM, betaIps } : FORM,
    body: `${QUERY}&content=${encodeURIComponent(content)}`,
  });
  expect(await res.text()).toBe('true');
}

/** What a client on 127.0.0.1 reads from `node`, and whether it is told it reads a beta. */
async function read(node: ClusterNodeProcess): Promise<[string, string | null]> {
  const res = await fetch(`${node.http}/nacos/v1/cs/configs?${QUERY}`);
  return [await res.text(), res.headers.get('isbeta')];
}

describe.skipIf(typeof pg === 'string')('gray releases on a 2-node cluster', () => {
  it('serve through node 2 the beta published through node 1, and stop through either node', async () => {
    const [one, two] = nodes;
    await publish(one, 'v: stable');
    await waitUntil('node 2 to serve the stable config', async () => (await read(two))[0] === 'v: stable');
    // a beta for other clients: node 2 keeps serving this client the stable config
    await publish(one, 'v: elsewhere', '10.9.9.9');
    await publish(one, 'v: beta', '10.9.9.9,127.0.0.1');
    await waitUntil('node 2 to serve the beta', async () => (await read(two))[0] === 'v: beta');
    expect(await read(two)).toEqual(['v: beta', 'true']);
    const beta = await (await fetch(`${two.http}/nacos/v1/cs/configs?${QUERY}&beta=true`)).json();
    expect(beta.data).toMatchObject({ content: 'v: beta', betaIps: '10.9.9.9,127.0.0.1' });
    // stopped through node 2: node 1 serves the stable config again
    const stop = await fetch(`${two.http}/nacos/v1/cs/configs?${QUERY}&beta=true`, { method: 'DELETE' });
    expect(await stop.json()).toMatchObject({ data: true });
    await waitUntil('node 1 to serve the stable config again', async () => (await read(one))[0] === 'v: stable');
    expect(await read(one)).toEqual(['v: stable', null]);
  });
});
