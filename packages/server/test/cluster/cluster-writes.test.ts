import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '../console-helpers.js';
import { RawNacosClient } from '../grpc-raw-client.js';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres, type Postgres } from '../postgres-server.js';
import { startStallingProxy, type StallingProxy } from '../stalling-proxy.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * Stored writes in a cluster are decided by the database, whatever a node holds in memory, and a database
 * outage is answered calmly. Two nodes (child processes) on one real PostgreSQL; node 1 reaches it through
 * a proxy that can hold back its change feed, so node 1 is behind node 2's writes for as long as a test
 * wants.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`cluster write tests skipped: ${pg}`);

const nodes: ClusterNodeProcess[] = [];
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ROUNDS = 5;
let proxy: StallingProxy;

function publish(node: ClusterNodeProcess, dataId: string, content: string, extra: Record<string, string> = {}) {
  return fetch(`${node.http}/nacos/v1/cs/configs`, {
    method: 'POST',
    headers: FORM,
    body: form({ dataId, group: 'DEFAULT_GROUP', content, ...extra }),
  });
}

async function published(node: ClusterNodeProcess, dataId: string, content: string, extra = {}): Promise<string> {
  const res = await publish(node, dataId, content, extra);
  return `${res.status} ${await res.text()}`;
}

async function removed(node: ClusterNodeProcess, dataId: string): Promise<string> {
  const res = await fetch(`${node.http}/nacos/v1/cs/configs?dataId=${dataId}&group=DEFAULT_GROUP`, {
    method: 'DELETE',
  });
  return `${res.status} ${await res.text()}`;
}

async function read(node: ClusterNodeProcess, dataId: string): Promise<string> {
  const res = await fetch(`${node.http}/nacos/v1/cs/configs?dataId=${dataId}&group=DEFAULT_GROUP`);
  return res.status === 200 ? await res.text() : `(${res.status})`;
}

/** Runs `writes` while node 1 does not hear of node 2's changes, then lets it hear them. */
async function withNode1Behind(writes: () => Promise<void>): Promise<void> {
  proxy.stall();
  try {
    await writes();
  } finally {
    proxy.release();
  }
}

/** Waits until every node reads `expected` for `dataId` ("(404)" for none). */
async function everywhere(dataId: string, expected: string): Promise<void> {
  for (const node of nodes) {
    await waitUntil(`node ${node.nodeId} reads ${expected} for ${dataId}`, async () => {
      return (await read(node, dataId)) === expected;
    });
  }
}

/** Console login as the browser does it (captcha off): the session token. */
async function consoleLogin(node: ClusterNodeProcess): Promise<string> {
  const captcha = await fetch(`${node.console}/rnacos/api/console/v2/login/captcha`);
  const captchaToken = captcha.headers.get('captcha-token')!;
  const res = await fetch(`${node.console}/rnacos/api/console/v2/login/login`, {
    method: 'POST',
    headers: { ...FORM, cookie: `captcha_token=${captchaToken}` },
    body: form({ username: 'admin', password: encryptPassword('admin', captchaToken), captcha: '' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('token='))!;
  return cookie.slice('token='.length).split(';')[0];
}

beforeAll(async () => {
  if (typeof pg === 'string') return;
  const url = await pg.createDatabase('writes');
  proxy = await startStallingProxy(pg.port);
  nodes.push(await startClusterNode(1, url.replace(`:${pg.port}/`, `:${proxy.port}/`)));
  // node 2 logs at info: it says when the database is back
  nodes.push(await startClusterNode(2, url, { RNACOS_LOG_LEVEL: 'info' }));
  await waitUntil('node 1 listens to the change feed through the proxy', () => proxy.listeners() > 0);
}, 120_000);

afterAll(async () => {
  for (const node of nodes) {
    if (node.child.exitCode !== null) console.error(`node ${node.nodeId} exited:\n${node.output()}`);
  }
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  await proxy?.close();
  if (typeof pg !== 'string') await pg.stop();
}, 60_000);

describe.skipIf(typeof pg === 'string')('stored writes on a 2-node cluster', () => {
  it('publishing A on a node that has not heard of B yet writes A, everywhere', async () => {
    const [one, two] = nodes;
    for (let round = 0; round < ROUNDS; round++) {
      const dataId = `a-after-b-${round}.txt`;
      expect(await published(one, dataId, 'A')).toBe('200 true');
      await withNode1Behind(async () => {
        expect(await published(two, dataId, 'B')).toBe('200 true');
        // node 1 still holds A in memory
        expect(await read(one, dataId)).toBe('A');
        expect(await published(one, dataId, 'A')).toBe('200 true');
      });
      await everywhere(dataId, 'A');
    }
  }, 120_000);

  it('deleting on a node that has not heard of the create yet deletes it, everywhere', async () => {
    const [one, two] = nodes;
    for (let round = 0; round < ROUNDS; round++) {
      const dataId = `create-then-delete-${round}.txt`;
      await withNode1Behind(async () => {
        expect(await published(two, dataId, 'made on 2')).toBe('200 true');
        // node 1 has not seen it
        expect(await removed(one, dataId)).toBe('200 true');
      });
      await everywhere(dataId, '(404)');
    }
  }, 120_000);

  it('a casMd5 of what another node just committed is accepted by a node still holding the old content', async () => {
    const [one, two] = nodes;
    for (let round = 0; round < ROUNDS; round++) {
      const dataId = `cas-${round}.txt`;
      expect(await published(one, dataId, 'base')).toBe('200 true');
      await withNode1Behind(async () => {
        expect(await published(two, dataId, 'newer')).toBe('200 true');
        // node 1 still holds "base": the client's md5 is that of what is committed
        expect(await published(one, dataId, 'next', { casMd5: md5('newer') })).toBe('200 true');
        // and a stale md5 is refused, wherever it is checked
        expect(await published(two, dataId, 'lost', { casMd5: md5('base') })).toMatch(/^409 /);
      });
      await everywhere(dataId, 'next');
    }
  }, 120_000);

  it('a service deleted through one node is gone on the other, settings and all', async () => {
    const [one, two] = nodes;
    const service = (node: ClusterNodeProcess, method: string, name: string, extra = '') =>
      fetch(`${node.http}/nacos/v1/ns/service?serviceName=${name}${extra}`, { method });
    expect((await service(one, 'POST', 'deleted-svc', '&protectThreshold=0.5')).status).toBe(200);
    await waitUntil('node 2 knows the service', async () => (await service(two, 'GET', 'deleted-svc')).ok);
    expect((await service(two, 'DELETE', 'deleted-svc')).status).toBe(200);
    // node 1 applies changes in commit order: once it has a service created after the delete, it has
    // applied the delete too
    expect((await service(two, 'POST', 'created-after-delete')).status).toBe(200);
    await waitUntil(
      'node 1 knows the later service',
      async () => (await service(one, 'GET', 'created-after-delete')).ok,
    );
    const res = await service(one, 'GET', 'deleted-svc');
    expect(`${res.status} ${await res.text()}`).toMatch(/^404 .*deleted-svc/);
    const list = await fetch(`${one.http}/nacos/v1/ns/service/list?pageNo=1&pageSize=100`);
    expect(((await list.json()) as { doms: string[] }).doms).not.toContain('deleted-svc');
    // and it can be created again through node 1, with settings of its own
    expect((await service(one, 'POST', 'deleted-svc', '&protectThreshold=0.2')).status).toBe(200);
  }, 60_000);

  it('with PostgreSQL stopped, writes answer 503 on every door, one warning is logged, and the return is logged', async () => {
    const node = nodes[1];
    const grpc = new RawNacosClient(node.serverAddr.replace(/:(\d+)$/, (_, p) => `:${Number(p) + 1000}`));
    await grpc.connect();
    expect(await published(node, 'outage.txt', 'before')).toBe('200 true');
    const token = await consoleLogin(node);
    const logBefore = node.output().length;
    await (pg as Postgres).pause();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await publish(node, 'outage.txt', `during-${i}`);
        expect(res.status).toBe(503);
        expect(await res.text()).toContain('the store is unavailable');
      }
      const reply = await grpc.request('ConfigPublishRequest', {
        dataId: 'outage.txt',
        group: 'DEFAULT_GROUP',
        content: 'during-grpc',
      });
      expect(reply.type).toBe('ConfigPublishResponse');
      expect(reply.body).toMatchObject({ resultCode: 500, errorCode: 503, success: false });
      expect(String(reply.body.message)).toContain('the store is unavailable');
      const console = await fetch(`${node.console}/rnacos/api/console/v2/namespaces/add`, {
        method: 'POST',
        headers: { ...FORM, cookie: `token=${token}` },
        body: form({ namespaceId: 'during-outage', namespaceName: 'x' }),
      });
      expect(console.status).toBe(503);
      expect(await console.json()).toMatchObject({ success: false, message: expect.stringContaining('store is') });
      // reads go on from memory
      expect(await read(node, 'outage.txt')).toBe('before');
    } finally {
      await (pg as Postgres).resume();
    }
    await waitUntil('the node says the database is back', () => node.output().includes('change feed are back'), 30_000);
    const log = node.output().slice(logBefore);
    expect(log.match(/lost the database/g)).toHaveLength(1);
    expect(log.match(/change feed are back/g)).toHaveLength(1);
    expect(log).not.toMatch(/request failed|"stack"/);
    await waitUntil('a write goes through again', async () => (await publish(node, 'outage.txt', 'after')).ok, 30_000);
    await everywhere('outage.txt', 'after');
    grpc.client.close();
  }, 90_000);
});
