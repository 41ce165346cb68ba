import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dgram from 'node:dgram';
import { writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { encryptPassword } from '../console-helpers.js';
import { buildTestApp } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { freePort } from '../server-process.js';
import { startRustDriver, type SdkDriver, type SdkServer } from '../interop/sdk-drivers.js';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres, type Postgres } from '../postgres-server.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * Three tsnacos nodes sharing one real PostgreSQL, each a child process, driven over HTTP and with the
 * official Rust client over gRPC.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster tests skipped: ${pg}`);

let db: Postgres;
let dbUrl: string;
const nodes: ClusterNodeProcess[] = [];
const drivers: SdkDriver[] = [];

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function publish(node: ClusterNodeProcess, dataId: string, content: string, extra: Record<string, string> = {}) {
  return fetch(`${node.http}/nacos/v1/cs/configs`, {
    method: 'POST',
    headers: FORM,
    body: form({ dataId, group: 'DEFAULT_GROUP', content, ...extra }),
  });
}

async function getConfig(node: ClusterNodeProcess, dataId: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${node.http}/nacos/v1/cs/configs?dataId=${dataId}&group=DEFAULT_GROUP`);
  return { status: res.status, body: await res.text() };
}

async function hosts(node: ClusterNodeProcess, service: string): Promise<number[]> {
  const res = await fetch(`${node.http}/nacos/v1/ns/instance/list?serviceName=${service}`);
  if (res.status !== 200) return [];
  return ((await res.json()).hosts as Array<{ port: number }>).map((h) => h.port).sort();
}

async function rustOn(node: ClusterNodeProcess): Promise<SdkDriver> {
  const driver = await startRustDriver({ serverAddr: node.serverAddr } as SdkServer);
  drivers.push(driver);
  return driver;
}

/** Console login as the browser does it (captcha off): resolves the session cookie's token. */
async function consoleLogin(node: ClusterNodeProcess, username: string, password: string): Promise<string | null> {
  const captcha = await fetch(`${node.console}/rnacos/api/console/v2/login/captcha`);
  const captchaToken = captcha.headers.get('captcha-token')!;
  const res = await fetch(`${node.console}/rnacos/api/console/v2/login/login`, {
    method: 'POST',
    headers: { ...FORM, cookie: `captcha_token=${captchaToken}` },
    body: form({ username, password: encryptPassword(password, captchaToken), captcha: '' }),
  });
  const body = await res.json();
  if (!body.success) return null;
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='));
  return cookie ? cookie.slice('token='.length).split(';')[0] : null;
}

async function consoleGet(node: ClusterNodeProcess, path: string, token: string) {
  const res = await fetch(`${node.console}/rnacos/api/console${path}`, { headers: { cookie: `token=${token}` } });
  return res.json();
}

beforeAll(async () => {
  if (typeof pg === 'string') return;
  db = pg;
  dbUrl = await db.createDatabase('cluster');
  // one after the other: the first creates the schema (the others would wait on its lock anyway)
  for (const id of [1, 2, 3]) nodes.push(await startClusterNode(id, dbUrl));
}, 120_000);

afterAll(async () => {
  // a node that died on its own is a failure of the server: show what it said
  for (const node of nodes) {
    if (node.child.exitCode !== null && node.child.signalCode !== 'SIGKILL') {
      console.error(`node ${node.nodeId} exited with ${node.child.exitCode}:\n${node.output()}`);
    }
  }
  await Promise.all(drivers.map((d) => d.cleanup()));
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  if (typeof pg !== 'string') await pg.stop();
}, 60_000);

describe.skipIf(typeof pg === 'string')('a 3-node cluster on PostgreSQL', () => {
  it('lists every node on every node, one leader', async () => {
    type Member = { state: string; extendInfo: { nodeId: number; leader: boolean; self: boolean } };
    for (const node of nodes) {
      // a node reads the members at each lease renewal: the last one to start is seen within one
      const list = (await waitUntil(`node ${node.nodeId} lists 3 members`, async () => {
        const body = await (await fetch(`${node.http}/nacos/v1/core/cluster/nodes`)).json();
        return (body.data as Member[]).length === 3 ? (body.data as Member[]) : null;
      })) as Member[];
      expect(list.map((m) => m.extendInfo.nodeId)).toEqual([1, 2, 3]);
      expect(list.every((m) => m.state === 'UP')).toBe(true);
      expect(list.filter((m) => m.extendInfo.leader).map((m) => m.extendInfo.nodeId)).toEqual([1]);
      expect(list.filter((m) => m.extendInfo.self).map((m) => m.extendInfo.nodeId)).toEqual([node.nodeId]);
      // and its /metrics says as much
      const metrics = await (await fetch(`${node.http}/metrics`)).text();
      expect(metrics).toMatch(/^cluster_members_up 3$/m);
      expect(metrics).toMatch(/^cluster_database_up 1$/m);
    }
  });

  it('a config published on node 1 wakes a long-poll on node 2 and an SDK listener on node 3', async () => {
    expect(await (await publish(nodes[0], 'shared.props', 'v=1')).text()).toBe('true');
    const rust = await rustOn(nodes[2]);
    await rust.driver.call('config.create', { ...rust.clientArgs, client: 'c3' });
    await rust.driver.call('config.listen', { client: 'c3', dataId: 'shared.props', group: 'DEFAULT_GROUP' });
    const listening = `shared.props\u0002DEFAULT_GROUP\u0002${md5('v=1')}\u0001`;
    const poll = fetch(`${nodes[1].http}/nacos/v1/cs/configs/listener`, {
      method: 'POST',
      headers: { ...FORM, 'Long-Pulling-Timeout': '20000' },
      body: form({ 'Listening-Configs': listening }),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await (await publish(nodes[0], 'shared.props', 'v=2')).text()).toBe('true');
    expect(decodeURIComponent(await (await poll).text())).toContain('shared.props\u0002DEFAULT_GROUP');
    await rust.driver.waitEvent((e) => e.event === 'config' && e.content === 'v=2', 5_000);
    for (const node of nodes) expect(await getConfig(node, 'shared.props')).toEqual({ status: 200, body: 'v=2' });
    const histories = await Promise.all(
      nodes.map(async (n) => {
        const token = await consoleLogin(n, 'admin', 'admin');
        const page = await consoleGet(n, '/config/history?dataId=shared.props&group=DEFAULT_GROUP&tenant=', token!);
        return JSON.stringify(page);
      }),
    );
    expect(new Set(histories).size).toBe(1);
  });

  it('two nodes racing a casMd5 publish: exactly one wins, everywhere', async () => {
    expect(await (await publish(nodes[1], 'race.txt', 'base')).text()).toBe('true');
    await waitUntil('node 3 has the base', async () => (await getConfig(nodes[2], 'race.txt')).body === 'base');
    const tries = await Promise.all([
      publish(nodes[1], 'race.txt', 'from-2', { casMd5: md5('base') }),
      publish(nodes[2], 'race.txt', 'from-3', { casMd5: md5('base') }),
    ]);
    const won = await Promise.all(tries.map(async (r) => r.status === 200 && (await r.text()) === 'true'));
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = won[0] ? 'from-2' : 'from-3';
    for (const node of nodes) {
      await waitUntil(
        `node ${node.nodeId} reads the winner`,
        async () => (await getConfig(node, 'race.txt')).body === winner,
      );
    }
  });

  it('a user and a console session made on one node work on the others', async () => {
    const admin = await consoleLogin(nodes[0], 'admin', 'admin');
    expect(admin).not.toBeNull();
    const created = await fetch(`${nodes[0].console}/rnacos/api/console/v2/user/add`, {
      method: 'POST',
      headers: { ...FORM, cookie: `token=${admin}` },
      body: form({ username: 'carol', password: 'carol-pass-1', nickname: 'Carol', roles: '2' }),
    });
    expect((await created.json()).success).toBe(true);
    // the admin's session from node 1 is good on node 2
    const info = await consoleGet(nodes[1], '/v2/user/web_resources', admin!);
    expect(info.success).toBe(true);
    await waitUntil(
      'carol can log in on node 3',
      async () => (await consoleLogin(nodes[2], 'carol', 'carol-pass-1')) !== null,
    );
  });

  it('with the database down, writes fail, reads go on, and everything recovers', async () => {
    expect(await (await publish(nodes[0], 'outage.txt', 'before')).text()).toBe('true');
    await waitUntil('node 2 has it', async () => (await getConfig(nodes[1], 'outage.txt')).body === 'before');
    await db.pause();
    try {
      const refused = await publish(nodes[1], 'outage.txt', 'during');
      expect(refused.status).toBeGreaterThanOrEqual(500);
      expect(await getConfig(nodes[1], 'outage.txt')).toEqual({ status: 200, body: 'before' });
    } finally {
      await db.resume();
    }
    await waitUntil(
      'a write goes through again',
      async () => (await publish(nodes[1], 'outage.txt', 'after')).status === 200,
      30_000,
      500,
    );
    for (const node of nodes) {
      await waitUntil(
        `node ${node.nodeId} reads the write after recovery`,
        async () => (await getConfig(node, 'outage.txt')).body === 'after',
      );
    }
  }, 60_000);

  it('a service and a persistent instance written on one node are read, changed and removed on the others', async () => {
    const post = (node: ClusterNodeProcess, path: string, fields: Record<string, string>, method = 'POST') =>
      fetch(`${node.http}${path}?${form(fields)}`, { method });
    const created = await post(nodes[0], '/nacos/v1/ns/service', { serviceName: 'billing', protectThreshold: '0.5' });
    expect(await created.text()).toBe('ok');
    const ref = { serviceName: 'billing', ip: '10.2.2.2', port: '9000', ephemeral: 'false' };
    expect(await (await post(nodes[1], '/nacos/v1/ns/instance', { ...ref, weight: '2' })).text()).toBe('ok');
    await waitUntil('node 3 lists the persistent instance', async () =>
      (await hosts(nodes[2], 'billing')).includes(9000),
    );
    const service = await (await fetch(`${nodes[2].http}/nacos/v1/ns/service?serviceName=billing`)).json();
    expect(service.protectThreshold).toBe(0.5);
    expect(await (await post(nodes[2], '/nacos/v1/ns/instance', ref, 'DELETE')).text()).toBe('ok');
    await waitUntil('node 1 drops it', async () => (await hosts(nodes[0], 'billing')).length === 0);
  });

  it('moves an embedded store into the running cluster with export and import', async () => {
    const single = await buildTestApp();
    try {
      await single.core.configs.publish({
        namespaceId: '',
        group: 'DEFAULT_GROUP',
        dataId: 'moved.yaml',
        content: 'x: 1',
      });
      const file = path.join(single.dataDir, 'move.data');
      writeFileSync(file, Buffer.concat(await single.core.transfer.exportFile()));
      const imported = await runCli(['import', file], { env: { RNACOS_DB_URL: dbUrl } });
      expect(imported.code, imported.stderr).toBe(0);
    } finally {
      await single.dispose();
    }
    for (const node of nodes) {
      await waitUntil(
        `node ${node.nodeId} serves the moved config`,
        async () => (await getConfig(node, 'moved.yaml')).body === 'x: 1',
      );
    }
  });

  it('a second live node with the same id does not start', async () => {
    const started = await runCli([], {
      env: { RNACOS_DB_URL: dbUrl, RNACOS_RAFT_NODE_ID: '2', RNACOS_HTTP_PORT: String(await freePort()) },
      timeoutMs: 30_000,
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('cluster node id 2 is in use by the live node at');
    // node 2 itself goes on
    expect((await fetch(`${nodes[1].http}/nacos/v1/console/health/readiness`)).status).toBe(200);
  });

  it('a node that cannot reach its database stops with the URL named, password masked', async () => {
    const url = `postgres://tsnacos:s3cret-pw@127.0.0.1:${db.port + 1}/nowhere`;
    const started = await runCli([], {
      env: { RNACOS_DB_URL: url, RNACOS_HTTP_PORT: String(await freePort()) },
      timeoutMs: 30_000,
    });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('postgres://tsnacos:***@127.0.0.1');
    expect(started.stderr).not.toContain('s3cret-pw');
  });

  it('an instance registered on node 1 is pushed on node 2; kill -9 of node 1 removes it everywhere', async () => {
    // a 1.x client of node 3 listening for UDP pushes
    const udp = dgram.createSocket('udp4');
    const udpHosts: number[][] = [];
    udp.on('message', (msg) => {
      const text = (msg[0] === 0x1f && msg[1] === 0x8b ? gunzipSync(msg) : msg).toString('utf8');
      const data = JSON.parse(JSON.parse(text).data) as { hosts: Array<{ port: number }> };
      udpHosts.push(data.hosts.map((h) => h.port));
    });
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const udpPort = udp.address().port;
    await fetch(`${nodes[2].http}/nacos/v1/ns/instance/list?serviceName=orders&clientIP=127.0.0.1&udpPort=${udpPort}`);
    const owner = await rustOn(nodes[0]);
    await owner.driver.call('naming.create', { ...owner.clientArgs, client: 'n1' });
    const watcher = await rustOn(nodes[1]);
    await watcher.driver.call('naming.create', { ...watcher.clientArgs, client: 'n2' });
    await watcher.driver.call('naming.subscribe', { client: 'n2', service: 'orders' });
    await owner.driver.call('naming.register', {
      client: 'n1',
      service: 'orders',
      instance: { ip: '10.1.1.1', port: 7001, weight: 1, healthy: true, enabled: true, ephemeral: true },
    });
    const isPush = (ports: number[]) => (e: { event: string; instances?: unknown }) =>
      e.event === 'naming' &&
      JSON.stringify(((e.instances ?? []) as Array<{ port: number }>).map((i) => i.port)) === JSON.stringify(ports);
    await watcher.driver.waitEvent(isPush([7001]), 5_000);
    await waitUntil('node 3 lists it', async () => (await hosts(nodes[2], 'orders')).includes(7001));
    await waitUntil('node 3 pushes it over UDP', () => udpHosts.some((ports) => ports.includes(7001)));

    const since = watcher.driver.events.length;
    await nodes[0].kill9();
    await watcher.driver.waitEvent(isPush([]), 20_000, since);
    await waitUntil('node 3 drops it', async () => (await hosts(nodes[2], 'orders')).length === 0, 20_000);
    await waitUntil('node 3 pushes the empty list over UDP', () => udpHosts.at(-1)?.length === 0);
    udp.close();

    // node 1 comes back: its old instance stays gone until a client registers it again, and only once
    await nodes[0].restart();
    expect(await hosts(nodes[0], 'orders')).toEqual([]);
    const again = await rustOn(nodes[0]);
    await again.driver.call('naming.create', { ...again.clientArgs, client: 'n1b' });
    await again.driver.call('naming.register', {
      client: 'n1b',
      service: 'orders',
      instance: { ip: '10.1.1.1', port: 7001, weight: 1, healthy: true, enabled: true, ephemeral: true },
    });
    for (const node of nodes) {
      await waitUntil(
        `node ${node.nodeId} lists it once`,
        async () => JSON.stringify(await hosts(node, 'orders')) === '[7001]',
      );
    }
  }, 90_000);
});
