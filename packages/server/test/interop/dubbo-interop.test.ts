import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildJavaClient,
  javaToolchainAvailable,
  runJavaScenario,
  startJavaProcess,
  type JavaClient,
} from './java-clients.js';
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

describe.skipIf(!javaToolchainAvailable)('Apache Dubbo', () => {
  it('3.3.5: a call through the nacos registry, then the provider killed and the consumer told', async () => {
    provider = await startJavaProcess(
      dubbo,
      'interop.Provider',
      server.serverAddr,
      path.join(scratch, 'provider'),
      'exported',
    );
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
