import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { freePort } from '../server-process.js';
import { freeSdkPorts } from '../interop/sdk-ports.js';
import { waitUntil } from '../interop/wait-until.js';
import { httpGet, REPO_ROOT, rustSdk, waitReady } from './deploy-kit.js';
import { buildImages, podman, podmanQuiet, whyNoContainers } from './podman.js';

/**
 * The image as an operator runs it (scripts/build-image.sh, then podman): a single node on a data volume,
 * then the 3-node cluster pod of deploy/container/cluster-pod.yaml with its PostgreSQL, each used by an
 * official SDK (nacos-sdk-rust, gRPC).
 */
const noContainers = whyNoContainers();
if (noContainers) console.warn(`container image tests skipped: ${noContainers}`);

const tag = `tsnacos-test-${process.pid}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-image-'));

beforeAll(() => {
  if (!noContainers) buildImages();
}, 900_000);

afterAll(() => {
  if (noContainers) return;
  podmanQuiet('rm', '--force', '--time', '2', `${tag}-single`);
  podmanQuiet('volume', 'rm', '--force', `${tag}-data`);
  podmanQuiet('kube', 'down', path.join(scratch, 'pod.yaml'));
  podmanQuiet('volume', 'rm', '--force', `${tag}-pgdata`);
  rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(noContainers)('the tsnacos image', () => {
  it('runs one node as a non-root user on a volume, read-only, and keeps its data in a new container', async () => {
    const { httpPort } = await freeSdkPorts();
    const run = () =>
      podman(
        'run',
        '--detach',
        '--name',
        `${tag}-single`,
        '--read-only',
        '--tmpfs',
        '/tmp',
        '--volume',
        `${tag}-data:/var/lib/tsnacos`,
        '--env',
        `RNACOS_HTTP_PORT=${httpPort}`,
        '--env',
        'RNACOS_HTTP_CONSOLE_PORT=0',
        '--env',
        'RNACOS_SDK_HOST=127.0.0.1',
        'localhost/tsnacos:latest',
      );
    const base = `http://127.0.0.1:${httpPort}`;
    run();
    await waitReady(`${base}/nacos/v1/console/health/readiness`);
    expect(podman('exec', `${tag}-single`, 'id', '-u')).toBe('10001');
    // the image's HEALTHCHECK
    podman('healthcheck', 'run', `${tag}-single`);

    const sdk = await rustSdk(`127.0.0.1:${httpPort}`);
    try {
      const d = sdk.driver;
      expect(
        await d.call('config.publish', { client: 'config', dataId: 'db.yaml', group: 'APP', content: 'pool: 8' }),
      ).toBe(true);
      await d.call('naming.register', { client: 'naming', service: 'orders', instance: { ip: '10.1.1.1', port: 80 } });
      const listed = await d.call<Array<{ ip: string }>>('naming.list', { client: 'naming', service: 'orders' });
      expect(listed.map((i) => i.ip)).toEqual(['10.1.1.1']);
    } finally {
      await sdk.close();
    }

    // podman stop sends the image's STOPSIGNAL: a clean stop
    podman('stop', '--time', '20', `${tag}-single`);
    expect(podman('inspect', '--format', '{{.State.ExitCode}}', `${tag}-single`)).toBe('0');
    expect(podman('logs', `${tag}-single`)).toMatch(/"msg":"stopped"/);
    podman('rm', `${tag}-single`);

    run();
    await waitReady(`${base}/nacos/v1/console/health/readiness`);
    expect(await httpGet(base, 'db.yaml', 'APP')).toEqual({ status: 200, body: 'pool: 8' });
  }, 120_000);

  it('runs the cluster pod: 3 nodes on PostgreSQL, what a client writes through one node read through another', async () => {
    const pod = parse(readFileSync(path.join(REPO_ROOT, 'deploy/container/cluster-pod.yaml'), 'utf8'));
    // the pod uses the host's network: free ports instead of the documented ones, own names
    pod.metadata.name = tag;
    pod.spec.volumes[0].persistentVolumeClaim.claimName = `${tag}-pgdata`;
    const pgPort = await freePort();
    const httpPorts: number[] = [];
    for (const container of pod.spec.containers) {
      const env = new Map<string, string>(container.env.map((e: { name: string; value: string }) => [e.name, e.value]));
      if (env.has('PGPORT')) env.set('PGPORT', String(pgPort));
      if (env.has('RNACOS_HTTP_PORT')) {
        const { httpPort, grpcPort } = await freeSdkPorts();
        httpPorts.push(httpPort);
        env.set('RNACOS_HTTP_PORT', String(httpPort));
        env.set('RNACOS_RAFT_NODE_ADDR', `127.0.0.1:${grpcPort}`);
        env.set('RNACOS_HTTP_CONSOLE_PORT', '0');
        env.set('RNACOS_DB_URL', env.get('RNACOS_DB_URL')!.replace(':15432/', `:${pgPort}/`));
      }
      container.env = [...env].map(([name, value]) => ({ name, value }));
    }
    expect(httpPorts).toHaveLength(3);
    const file = path.join(scratch, 'pod.yaml');
    writeFileSync(file, stringify(pod));
    podman('kube', 'play', file);

    // a node that started before PostgreSQL was up stops and is started again by the pod
    for (const port of httpPorts)
      await waitReady(`http://127.0.0.1:${port}/nacos/v1/console/health/readiness`, 120_000);
    const [one, two, three] = httpPorts.map((p) => `127.0.0.1:${p}`);
    const writer = await rustSdk(one);
    const reader = await rustSdk(three);
    try {
      expect(
        await writer.driver.call('config.publish', { client: 'config', dataId: 'shared', group: 'G', content: 'v1' }),
      ).toBe(true);
      await writer.driver.call('naming.register', {
        client: 'naming',
        service: 'pay',
        instance: { ip: '10.2.2.2', port: 8080 },
      });
      expect(await reader.driver.call('config.get', { client: 'config', dataId: 'shared', group: 'G' })).toBe('v1');
      expect(await httpGet(`http://${two}`, 'shared', 'G')).toEqual({ status: 200, body: 'v1' });
      await waitUntil('node 3 to list the instance registered through node 1', async () => {
        const list = await reader.driver.call<Array<{ ip: string }>>('naming.list', {
          client: 'naming',
          service: 'pay',
        });
        return list.some((i) => i.ip === '10.2.2.2');
      });
      // each node sees the others once their leases are in the database
      await waitUntil(
        'node 2 to list three members UP',
        async () => {
          const res = await fetch(`http://${two}/nacos/v1/core/cluster/nodes`);
          const { data } = (await res.json()) as { data: Array<{ state: string }> };
          return data.length === 3 && data.every((n) => n.state === 'UP');
        },
        30_000,
        250,
      );
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  }, 240_000);
});
