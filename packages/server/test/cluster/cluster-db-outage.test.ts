import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDbLinkProxy, type DbLinkProxy } from '../db-link-proxy.js';
import { waitUntil } from '../interop/wait-until.js';
import { startPostgres } from '../postgres-server.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * A database that hangs, drops packets or restarts, as two nodes (child processes) see it: node 1 reaches
 * PostgreSQL through a link the test can cut, node 2 directly. What must hold: a hung or unreachable
 * database is noticed within seconds, writes answer 503 promptly instead of waiting, the node says so once
 * (log and /metrics) and recovers by itself; changes made elsewhere reach it at once when it is back.
 */
const pgServer = await startPostgres();
if (typeof pgServer === 'string') console.warn(`cluster database outage tests skipped: ${pgServer}`);

const ENV = { RNACOS_CLUSTER_LEASE_SECOND: '4', RNACOS_DB_TIMEOUT_SECOND: '3', RNACOS_LOG_LEVEL: 'info' };
/** Within this a write must be refused (503) once the database stops answering: the timeout and a margin. */
const REFUSED_WITHIN_MS = 6_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

let dbUrl: string;
let link: DbLinkProxy;
const nodes: ClusterNodeProcess[] = [];

async function publish(node: ClusterNodeProcess, dataId: string, content: string) {
  const started = Date.now();
  try {
    const res = await fetch(`${node.http}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ dataId, group: 'DEFAULT_GROUP', content }).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    await res.text();
    return { status: res.status, ms: Date.now() - started };
  } catch {
    return { status: 0, ms: Date.now() - started }; // no answer at all
  }
}

async function read(node: ClusterNodeProcess, dataId: string): Promise<string> {
  const res = await fetch(`${node.http}/nacos/v1/cs/configs?dataId=${dataId}&group=DEFAULT_GROUP`);
  return res.status === 200 ? await res.text() : `(${res.status})`;
}

async function databaseUp(node: ClusterNodeProcess): Promise<string | undefined> {
  const text = await (await fetch(`${node.http}/nacos/metrics`)).text();
  return /^cluster_database_up (\d+)$/m.exec(text)?.[1];
}

/** Lines of a node's output written after `from` (an earlier length of it) that contain `text`. */
const linesSince = (node: ClusterNodeProcess, from: number, text: string) =>
  node
    .output()
    .slice(from)
    .split('\n')
    .filter((l) => l.includes(text));

beforeAll(async () => {
  if (typeof pgServer === 'string') return;
  dbUrl = await pgServer.createDatabase('outage');
  link = await startDbLinkProxy(pgServer.port);
  nodes.push(await startClusterNode(1, link.url(dbUrl), ENV));
  nodes.push(await startClusterNode(2, dbUrl, ENV));
}, 120_000);

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  await link?.close();
  if (typeof pgServer !== 'string') await pgServer.stop();
}, 60_000);

describe.skipIf(typeof pgServer === 'string')('a database that hangs or goes away', () => {
  it('names each node on its database connections', async () => {
    const conn = new pg.Client({ connectionString: dbUrl });
    await conn.connect();
    try {
      const { rows } = await conn.query<{ name: string }>(
        'SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE datname = current_database()',
      );
      const names = rows.map((r) => r.name);
      expect(names).toContain('tsnacos-node-1');
      expect(names).toContain('tsnacos-node-2');
    } finally {
      await conn.end();
    }
  });

  it('a node whose link drops packets notices within seconds, refuses writes at once, and recovers', async () => {
    expect(await databaseUp(nodes[0])).toBe('1');
    const from = nodes[0].output().length;
    const cutAt = Date.now();
    link.set({ kind: 'dropped' });
    try {
      // no client writes: its lease renewal finds out
      await waitUntil(
        'node 1 says it lost the database',
        () => linesSince(nodes[0], from, 'lost the database').length > 0,
        15_000,
        100,
      );
      const noticedMs = Date.now() - cutAt;
      console.log(`link cut: node 1 said it lost the database after ${noticedMs} ms`);
      expect(noticedMs, `noticed after ${noticedMs} ms`).toBeLessThan(4_000 + REFUSED_WITHIN_MS);
      const refused = await publish(nodes[0], 'cut.txt', 'during');
      expect(refused, `answered ${refused.status} after ${refused.ms} ms`).toMatchObject({ status: 503 });
      expect(refused.ms).toBeLessThan(1_000);
      expect(await databaseUp(nodes[0])).toBe('0');
      expect(await publish(nodes[1], 'cut.txt', 'elsewhere')).toMatchObject({ status: 200 });
    } finally {
      link.set({ kind: 'up' });
    }
    const backAt = Date.now();
    await waitUntil(
      'node 1 writes again',
      async () => (await publish(nodes[0], 'cut.txt', 'after')).status === 200,
      15_000,
      200,
    );
    expect(Date.now() - backAt).toBeLessThan(REFUSED_WITHIN_MS);
    await waitUntil(
      'node 1 says the database is back',
      () => linesSince(nodes[0], from, 'are back').length > 0,
      10_000,
      100,
    );
    expect(await databaseUp(nodes[0])).toBe('1');
    expect(linesSince(nodes[0], from, 'lost the database')).toHaveLength(1);
  }, 60_000);

  it('a frozen database: a write answers 503 within seconds, not when it thaws', async () => {
    const server = pgServer as Exclude<typeof pgServer, string>;
    server.freeze();
    let refused: { status: number; ms: number };
    try {
      refused = await publish(nodes[1], 'frozen.txt', 'during');
    } finally {
      server.thaw();
    }
    expect(refused, `answered ${refused.status} after ${refused.ms} ms`).toMatchObject({ status: 503 });
    expect(refused.ms).toBeLessThan(REFUSED_WITHIN_MS);
    console.log(`database frozen: a write answered ${refused.status} after ${refused.ms} ms`);
    await waitUntil(
      'node 2 writes again',
      async () => (await publish(nodes[1], 'frozen.txt', 'after')).status === 200,
      15_000,
      200,
    );
  }, 60_000);

  it('after a restart of the database, a change through one node reaches the other at once, with one warning', async () => {
    const server = pgServer as Exclude<typeof pgServer, string>;
    const from = nodes.map((n) => n.output().length);
    await server.pause();
    // long enough for the change feeds to back off between their attempts to reconnect
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    await server.resume();
    await waitUntil(
      'node 2 writes again',
      async () => (await publish(nodes[1], 'restart.txt', 'first')).status === 200,
      20_000,
      100,
    );
    const published = Date.now();
    expect((await publish(nodes[1], 'restart.txt', 'second')).status).toBe(200);
    await waitUntil(
      'node 1 serves the change',
      async () => (await read(nodes[0], 'restart.txt')) === 'second',
      15_000,
      20,
    );
    const lagMs = Date.now() - published;
    console.log(`after the database restarted: node 1 served node 2's change after ${lagMs} ms`);
    expect(lagMs, `node 1 served it after ${lagMs} ms`).toBeLessThan(1_000);
    for (const [i, node] of nodes.entries()) {
      await waitUntil(
        `node ${node.nodeId} says it is back`,
        () => linesSince(node, from[i], 'are back').length > 0,
        15_000,
        100,
      );
      const warnings = linesSince(node, from[i], '"level":40');
      expect(warnings, warnings.join('\n')).toHaveLength(1);
    }
  }, 90_000);

  it('a node frozen past its lease says so when it rejoins, not that the database was out of reach', async () => {
    const from = nodes[1].output().length;
    nodes[1].child.kill('SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    nodes[1].child.kill('SIGCONT');
    await waitUntil('node 2 rejoins', () => linesSince(nodes[1], from, 'rejoining').length > 0, 15_000, 100);
    const said = linesSince(nodes[1], from, 'rejoining').join('\n');
    expect(said).not.toContain('out of reach');
    expect(said).toContain('paused');
  }, 60_000);
});
