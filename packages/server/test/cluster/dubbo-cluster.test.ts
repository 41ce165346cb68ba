import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildJavaClient,
  javaToolchainAvailable,
  runJavaScenario,
  startJavaProcess,
  type JavaClient,
} from '../interop/java-clients.js';
import { startPostgres } from '../postgres-server.js';
import { startClusterNode, type ClusterNodeProcess } from './cluster-nodes.js';

/**
 * The Dubbo 3.3 pair (interop/java/dubbo) across a 3-node cluster on PostgreSQL: the provider registers on
 * node 1, the consumer finds and calls it through node 3, and is told by node 3 when the provider dies.
 */
const pg = javaToolchainAvailable ? await startPostgres() : 'java, javac or mvn not found';
if (typeof pg === 'string') console.warn(`Dubbo cluster test skipped: ${pg}`);

const nodes: ClusterNodeProcess[] = [];
let dubbo: JavaClient;
let scratch: string;
let provider: ChildProcess | undefined;

beforeAll(async () => {
  if (typeof pg === 'string') return;
  dubbo = buildJavaClient('dubbo');
  const dbUrl = await pg.createDatabase('dubbo');
  for (const id of [1, 2, 3]) nodes.push(await startClusterNode(id, dbUrl));
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-dubbo-cluster-'));
}, 600_000);

afterAll(async () => {
  provider?.kill('SIGKILL');
  await Promise.all(nodes.map((n) => n.stop().catch(() => undefined)));
  if (typeof pg !== 'string') await pg.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}, 60_000);

describe.skipIf(typeof pg === 'string')('Apache Dubbo on a 3-node cluster', () => {
  it('provider on node 1, consumer on node 3: a call, then the provider killed and the consumer told', async () => {
    const [first, , third] = nodes as [ClusterNodeProcess, ClusterNodeProcess, ClusterNodeProcess];
    provider = await startJavaProcess(
      dubbo,
      'interop.Provider',
      first.serverAddr,
      path.join(scratch, 'provider'),
      'exported',
    );
    const run = await runJavaScenario(dubbo, third.serverAddr, path.join(scratch, 'consumer'), 150_000, [
      String(provider.pid),
    ]);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({ called: 'hello tsnacos', providerGone: 'No provider available', done: true });
  }, 300_000);
});
