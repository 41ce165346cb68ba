import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildJavaClient, javaToolchainAvailable, runJavaScenario, type JavaClient } from './java-clients.js';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';

/**
 * Apache Dubbo 3.3.5 on the nacos registry (java/dubbo): a provider process registered at interface and
 * application level (with its mapping and metadata configs), a consumer that calls it, then kills the
 * provider (a crash) and must be told by the registry that no provider is left.
 */
let server: SdkServer;
let scratch: string;
let dubbo: JavaClient;
let provider: ChildProcess | undefined;

beforeAll(async () => {
  if (!javaToolchainAvailable) return;
  dubbo = buildJavaClient('dubbo');
  server = await startSdkServer();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-dubbo-'));
}, 600_000);

afterEach(() => provider?.kill('SIGKILL'));

afterAll(async () => {
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Starts the provider and resolves once it has exported its service. */
function startProvider(serverAddr: string): Promise<ChildProcess> {
  const dir = path.join(scratch, 'provider');
  const child = spawn(
    'java',
    [`-DJM.LOG.PATH=${dir}`, `-DJM.SNAPSHOT.PATH=${dir}`, '-cp', dubbo.classpath, 'interop.Provider', serverAddr],
    { env: { ...process.env, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the provider did not export:\n${output.slice(-5000)}`)), 120_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('{"step":"exported","value":true}')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`the provider exited (${code}):\n${output.slice(-5000)}`)));
  });
}

describe.skipIf(!javaToolchainAvailable)('Apache Dubbo', () => {
  it('3.3.5: a call through the nacos registry, then the provider killed and the consumer told', async () => {
    provider = await startProvider(server.serverAddr);
    const { configs, naming } = server.app.core;
    expect(configs.get({ namespaceId: '', group: 'mapping', dataId: 'interop.GreetingService' })?.content).toBe(
      'dubbo-provider',
    );
    expect(naming.serviceNames('public', 'DEFAULT_GROUP')).toEqual(
      expect.arrayContaining(['dubbo-provider', 'providers:interop.GreetingService::']),
    );
    const run = await runJavaScenario(dubbo, server.serverAddr, path.join(scratch, 'consumer'), 150_000, [
      String(provider.pid),
    ]);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({ called: 'hello tsnacos', providerGone: 'No provider available', done: true });
  }, 300_000);
});
