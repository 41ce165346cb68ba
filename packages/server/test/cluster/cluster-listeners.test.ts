import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../console-helpers.js';
import { RawNacosClient } from '../grpc-raw-client.js';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres } from '../postgres-server.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * Listener queries on a 3-node cluster (child processes on one real PostgreSQL): a gRPC client listens on
 * node 1, and the v1, v3 and console queries asked on node 2 list it with the md5 it holds and whether that
 * is the current one. A frozen node 3 neither holds the answer up nor fails it: it is named as unanswered.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster listener tests skipped: ${pg}`);

const nodes: ClusterNodeProcess[] = [];
let client: RawNacosClient | undefined;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CLIENT_IP = '10.7.7.7';
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function publish(node: ClusterNodeProcess, content: string): Promise<void> {
  const res = await fetch(`${node.http}/nacos/v1/cs/configs`, {
    method: 'POST',
    headers: FORM,
    body: `dataId=app.yaml&group=G&content=${encodeURIComponent(content)}`,
  });
  expect(await res.text()).toBe('true');
}

/** A JSON answer, read loosely: the test checks its fields. */
type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of several shapes, checked field by field

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Answer }> {
  const res = await fetch(url, { headers });
  return { status: res.status, body: (await res.json()) as Answer };
}

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

/** The HTTP address (`host:port`) other nodes call a node at. */
const httpAddr = (node: ClusterNodeProcess) => node.serverAddr;

beforeAll(async () => {
  if (typeof pg === 'string') return;
  const url = await pg.createDatabase('listeners');
  // a lease long enough for a frozen node to be asked (and time out) before it is taken for dead
  for (const id of [1, 2, 3]) nodes.push(await startClusterNode(id, url, { RNACOS_CLUSTER_LEASE_SECOND: '10' }));
  // each node learns of the others at its next lease renewal
  for (const node of nodes) {
    await waitUntil(
      `node ${node.nodeId} to see three nodes up`,
      async () => {
        const { body } = await getJson(`${node.http}/nacos/v1/core/cluster/nodes`);
        return (body.data as Array<{ state: string }>).filter((m) => m.state === 'UP').length === 3;
      },
      30_000,
      200,
    );
  }
}, 180_000);

afterAll(async () => {
  client?.close();
  for (const node of nodes) {
    if (node.child.exitCode !== null && node.nodeId !== 3)
      console.error(`node ${node.nodeId} exited:\n${node.output()}`);
  }
  nodes[2]?.child.kill('SIGCONT');
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  if (typeof pg !== 'string') await pg.stop();
}, 60_000);

describe.skipIf(typeof pg === 'string')('listener queries on a cluster', () => {
  it('list through node 2 a client listening on node 1, with the md5 it holds and whether it is current', async () => {
    const [one, two] = nodes;
    await publish(one, 'v: 1');
    await waitUntil('node 2 to serve the config', async () => {
      const res = await fetch(`${two.http}/nacos/v1/cs/configs?dataId=app.yaml&group=G`);
      return (await res.text()) === 'v: 1';
    });
    client = new RawNacosClient(`127.0.0.1:${Number(one.serverAddr.split(':')[1]) + 1000}`);
    await client.connect({}, CLIENT_IP);
    const listen = await client.request('ConfigBatchListenRequest', {
      module: 'config',
      listen: true,
      configListenContexts: [{ dataId: 'app.yaml', group: 'G', tenant: '', md5: md5('v: 1') }],
    });
    expect(listen.body.resultCode).toBe(200);

    // nacos's v1 queries, by config and by client IP
    const byConfig = await getJson(`${two.http}/nacos/v1/cs/configs/listener?dataId=app.yaml&group=G`);
    expect(byConfig).toEqual({
      status: 200,
      body: { collectStatus: 200, lisentersGroupkeyStatus: { [CLIENT_IP]: md5('v: 1') } },
    });
    const byIp = await getJson(`${two.http}/nacos/v1/cs/listener?ip=${CLIENT_IP}`);
    expect(byIp.body).toEqual({ collectStatus: 200, lisentersGroupkeyStatus: { 'app.yaml+G': md5('v: 1') } });
    // nacos 3's admin query
    const v3 = await getJson(`${two.http}/nacos/v3/admin/cs/config/listener?dataId=app.yaml&groupName=G`);
    expect(v3.body.data).toEqual({ queryType: 'config', listenersStatus: { [CLIENT_IP]: md5('v: 1') } });
    // nacos 3's aggregation=false: node 2's own listeners only
    const own = await getJson(
      `${two.http}/nacos/v3/admin/cs/config/listener?dataId=app.yaml&groupName=G&aggregation=false`,
    );
    expect(own.body.data).toEqual({ queryType: 'config', listenersStatus: {} });

    // the console: in sync now; behind once a new content is published and the client has not read it
    const token = await consoleLogin(two);
    const consoleRows = async () =>
      (
        await getJson(`${two.console}/rnacos/api/console/v2/config/listeners?tenant=&dataId=app.yaml&group=G`, {
          cookie: `token=${token}`,
        })
      ).body;
    expect(await consoleRows()).toMatchObject({
      success: true,
      message: null,
      data: [{ via: 'grpc', ip: CLIENT_IP, dataId: 'app.yaml', group: 'G', md5: md5('v: 1'), inSync: true }],
    });
    client.autoAck = false;
    await publish(one, 'v: 2');
    await waitUntil('node 2 to count the client behind', async () => {
      const answer = await consoleRows();
      return answer.data?.[0]?.inSync === false && answer.data[0].currentMd5 === md5('v: 2');
    });
  });

  it('answers the node-to-node call only when signed with the cluster key', async () => {
    const [one] = nodes;
    const path = `/nacos/v1/core/cluster/peer/listeners?ip=${CLIENT_IP}`;
    expect((await fetch(`${one.http}${path}`)).status).toBe(403);
    const forged = `${Date.now()}.${'A'.repeat(43)}`;
    expect((await fetch(`${one.http}${path}`, { headers: { 'x-tsnacos-peer': forged } })).status).toBe(403);
  });

  it('answers without a frozen node, within its timeout, naming it', async () => {
    const [, two, three] = nodes;
    const token = await consoleLogin(two);
    three.child.kill('SIGSTOP');
    // asked together, well within node 3's lease: it is still taken for alive, and asked
    const started = Date.now();
    const [v1, v3, consoleAnswer] = await Promise.all([
      getJson(`${two.http}/nacos/v1/cs/configs/listener?dataId=app.yaml&group=G`),
      getJson(`${two.http}/nacos/v3/admin/cs/listener?ip=${CLIENT_IP}`),
      fetch(`${two.console}/rnacos/api/console/v2/config/listeners?tenant=&ip=${CLIENT_IP}`, {
        headers: { cookie: `token=${token}` },
      }),
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(v1.status).toBe(200);
    expect(v1.body.lisentersGroupkeyStatus).toEqual({ [CLIENT_IP]: md5('v: 1') });
    expect(v1.body.unansweredNodes).toEqual([httpAddr(three)]);
    expect(v3.body.data).toMatchObject({ queryType: 'ip', unansweredNodes: [httpAddr(three)] });
    // the console says so in its message, and in a header its page reads
    expect(consoleAnswer.headers.get('unanswered-nodes')).toBe(httpAddr(three));
    expect(await consoleAnswer.json()).toMatchObject({
      success: true,
      message: expect.stringContaining(httpAddr(three)),
      data: [{ ip: CLIENT_IP, dataId: 'app.yaml' }],
    });
    // once its lease has run out, the dead node is no longer asked
    await three.kill9();
    await waitUntil(
      'node 2 to stop asking the dead node',
      async () => {
        const res = await getJson(`${two.http}/nacos/v1/cs/configs/listener?dataId=app.yaml&group=G`);
        return res.body.unansweredNodes === undefined && res.body.lisentersGroupkeyStatus[CLIENT_IP] === md5('v: 1');
      },
      30_000,
      500,
    );
  }, 60_000);
});
