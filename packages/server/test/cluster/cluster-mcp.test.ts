import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../console-helpers.js';
import { waitUntil } from '../interop/wait-until.js';
import { mcpClient, orderSpec, routeRule, startEchoService, textOf } from '../mcp-fixtures.js';
import { startPostgres } from '../postgres-server.js';
import { openSse } from '../sse-stream.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * The MCP service on a 2-node cluster (child processes on one real PostgreSQL): a server defined and
 * published on node 1 is served by node 2, a later publish on node 1 reaches node 2's MCP clients, and an
 * auth key removed on node 1 ends the SSE sessions node 2 holds with it.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster MCP tests skipped: ${pg}`);

const nodes: ClusterNodeProcess[] = [];
let echo: Awaited<ReturnType<typeof startEchoService>>;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function consoleLogin(node: ClusterNodeProcess): Promise<string> {
  const captcha = await fetch(`${node.console}/rnacos/api/console/v2/login/captcha`);
  const captchaToken = captcha.headers.get('captcha-token')!;
  const res = await fetch(`${node.console}/rnacos/api/console/v2/login/login`, {
    method: 'POST',
    headers: { ...FORM, cookie: `captcha_token=${captchaToken}` },
    body: new URLSearchParams({ username: 'admin', password: encryptPassword('admin', captchaToken), captcha: '' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='))!;
  return cookie.slice('token='.length).split(';')[0];
}

async function consolePost(node: ClusterNodeProcess, token: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${node.console}/rnacos/api/console/v2/mcp/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; data: unknown };
  if (!answer.success) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** What node's MCP endpoint answers for a call of get_order (the URL the echo service saw), or the error. */
async function calledUrl(node: ClusterNodeProcess): Promise<string> {
  try {
    const client = await mcpClient(node.http, 'streamable', 'orders', 'k');
    try {
      const result = await client.callTool({ name: 'get_order', arguments: { id: '1' } });
      return result.isError ? `error ${textOf(result)}` : (JSON.parse(textOf(result)) as { url: string }).url;
    } finally {
      await client.close();
    }
  } catch (err) {
    return `failed ${(err as Error).message}`;
  }
}

beforeAll(async () => {
  if (typeof pg === 'string') return;
  echo = await startEchoService();
  const url = await pg.createDatabase('mcp');
  // the echo service listens on loopback, which tool calls reach only when allowed
  const env = { RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' };
  nodes.push(await startClusterNode(1, url, env));
  nodes.push(await startClusterNode(2, url, env));
}, 120_000);

afterAll(async () => {
  for (const node of nodes) {
    if (node.child.exitCode !== null) console.error(`node ${node.nodeId} exited:\n${node.output()}`);
  }
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  await echo?.close();
  if (typeof pg !== 'string') await pg.stop();
}, 60_000);

describe.skipIf(typeof pg === 'string')('MCP service on a 2-node cluster', () => {
  it('serves on node 2 what node 1 published, and node 1 publishing again', async () => {
    const [one, two] = nodes;
    const registered = await fetch(
      `${one.http}/nacos/v1/ns/instance?serviceName=echo&ip=127.0.0.1&port=${echo.port}&ephemeral=false`,
      { method: 'POST' },
    );
    expect(await registered.text()).toBe('ok');
    const token = await consoleLogin(one);
    await consolePost(one, token, 'toolspec/add', orderSpec('get_order'));
    const tool = (url: string) => ({ toolName: 'get_order', namespace: '', group: 'shop', routeRule: routeRule(url) });
    const id = await consolePost(one, token, 'server/add', {
      name: 'orders',
      uniqueKey: 'orders',
      authKeys: ['k'],
      tools: [tool('/orders/{{id}}')],
    });
    await waitUntil('node 2 serves the published tool', async () => (await calledUrl(two)) === '/orders/1', 20_000);

    await consolePost(one, token, 'server/update', { id, tools: [tool('/v2/orders/{{id}}')] });
    expect(await calledUrl(two)).toBe('/orders/1'); // a draft is served nowhere
    await consolePost(one, token, 'server/publish', { id });
    await waitUntil('node 2 serves the new version', async () => (await calledUrl(two)) === '/v2/orders/1', 20_000);
    expect(await calledUrl(one)).toBe('/v2/orders/1');
  });

  it('ends an SSE session held by node 2 when node 1 removes its auth key', async () => {
    const [one, two] = nodes;
    const token = await consoleLogin(one);
    const id = await consolePost(one, token, 'server/add', { name: 'keys', uniqueKey: 'keys', authKeys: ['a', 'b'] });
    let session = await openSse(two.http, 'keys', 'a');
    await waitUntil(
      'node 2 knows the new server',
      async () => {
        if ('endpoint' in session) return true;
        session = await openSse(two.http, 'keys', 'a');
        return 'endpoint' in session;
      },
      20_000,
    );
    if (!('endpoint' in session)) throw new Error('no session');
    const open = session;
    await consolePost(one, token, 'server/update', { id, authKeys: ['b'] });
    await waitUntil('node 2 ended the session', async () => !open.open(), 20_000);
    expect(await openSse(two.http, 'keys', 'a')).toEqual({ status: 403 });
  });
});
