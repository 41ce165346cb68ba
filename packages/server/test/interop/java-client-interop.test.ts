import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJavaClient, javaToolchainAvailable, runJavaScenario, type JavaClient } from './java-clients.js';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';

/**
 * The official nacos Java clients against a listening server: nacos-client 1.4 over HTTP (it labels every
 * request application/json), nacos-client 2.5 over gRPC and nacos-client 3.1 (fuzzy watch). Each runs a
 * scenario (java/v1, java/v2, java/v3, with nacos-client 3.1's A2A service too) and prints what it saw; the
 * server state is checked here too.
 */
let server: SdkServer;
let scratch: string;
const clients: Record<string, JavaClient> = {};

beforeAll(async () => {
  if (!javaToolchainAvailable) return;
  clients.v1 = buildJavaClient('v1');
  clients.v2 = buildJavaClient('v2');
  clients.v3 = buildJavaClient('v3');
  clients.encryption = buildJavaClient('v2-encryption');
  server = await startSdkServer();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-java-'));
}, 300_000);

afterAll(async () => {
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!javaToolchainAvailable)('official Java clients', () => {
  it('nacos-client 1.4.8 (HTTP): config publish, get, listen, remove; register, subscribe, deregister', async () => {
    const run = await runJavaScenario(clients.v1, server.serverAddr, path.join(scratch, 'v1'), 150_000);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      published: true,
      read: 'a=1',
      heard: 'a=2',
      removed: true,
      readAfterRemove: null,
      pushedAfterRegister: '10.20.0.1:8080',
      listed: '10.20.0.1:8080',
      pushedAfterDeregister: '',
    });
    expect(
      server.app.core.configs.get({ namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'java14.properties' }),
    ).toBeUndefined();
  }, 180_000);

  it('nacos-client 2.5.1 (gRPC): config, two namespaces, select one healthy instance, subscribe pushes', async () => {
    const run = await runJavaScenario(clients.v2, server.serverAddr, path.join(scratch, 'v2'), 150_000);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      published: true,
      read: 'k: 1',
      heard: 'k: 2',
      removed: true,
      readAfterRemove: null,
      readDefaultNamespace: 'in public',
      readOtherNamespace: 'in java-ns2',
      selected: '10.30.0.1:8080',
      // the unhealthy instance is listed, not chosen
      allAfterSelect: '10.30.0.1:8080,10.30.0.2:8080',
      pushedAfterDeregister: '10.30.0.2:8080',
      listedOtherNamespace: '10.40.0.1:8080',
      listedDefaultNamespace: '10.30.0.2:8080',
    });
    expect(
      server.app.core.configs.get({ namespaceId: 'java-ns2', group: 'DEFAULT_GROUP', dataId: 'java25-shared' })
        ?.content,
    ).toBe('in java-ns2');
  }, 180_000);

  it('nacos-client 2.5.1 with an encryption plugin: the data key is kept, another client decrypts and hears', async () => {
    const run = await runJavaScenario(clients.encryption, server.serverAddr, path.join(scratch, 'enc'), 150_000);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      published: true,
      read: 'password=s3cret',
      republished: true,
      heard: 'password=n3w',
    });
    // the server holds only what the client sent: the ciphertext and the encrypted data key
    const key = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'cipher-aes-secret.properties' };
    const stored = server.app.core.configs.get(key)!;
    expect(stored.content).not.toContain('n3w');
    expect(stored.encryptedDataKey).not.toBe('');
    const history = await server.app.core.configs.history(key, 0, 2);
    expect(history.items.map((h) => h.encryptedDataKey !== '')).toEqual([true, true]);
    // through a restart of the server, a fresh client still decrypts it
    await server.restart();
    const again = await runJavaScenario(clients.encryption, server.serverAddr, path.join(scratch, 'enc2'), 120_000, [
      'read',
    ]);
    expect(again.exitCode, again.output).toBe(0);
    expect(again.steps).toEqual({ readAgain: 'password=n3w' });
  }, 300_000);

  it('nacos-client 3.1.0 (gRPC): config and naming fuzzy watch, the whole service list, a quiet shutdown', async () => {
    const run = await runJavaScenario(clients.v3, server.serverAddr, path.join(scratch, 'v3'), 150_000);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      configKeys: 'fz-a.yaml+FZ+public',
      configAdded: 'ADD_CONFIG fz-b.yaml',
      configDeleted: 'DELETE_CONFIG fz-a.yaml',
      serviceKeys: 'public@@FZ@@fz-orders',
      serviceAdded: 'ADD_SERVICE fz-billing',
      serviceDeleted: 'DELETE_SERVICE fz-billing',
      // getServicesOfServer(1, Integer.MAX_VALUE): what Spring Cloud's DiscoveryClient.getServices() asks
      allServices: 2,
      done: true,
    });
    // what grpc-java logs when status trailers reach a call the client already closed at shutdown
    expect(run.output).not.toContain('Received trailers on closed stream');
  }, 180_000);

  it("nacos-client 3.1.0's A2aService: release a card, serve it at a registered endpoint, a new latest", async () => {
    const run = await runJavaScenario(clients.v3, server.serverAddr, path.join(scratch, 'a2a'), 150_000, [], {
      mainClass: 'interop.A2aScenario',
    });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      released: 'helper 1.0.0 SERVICE http://helper.example/a2a qa',
      atEndpoint: 'http://10.60.0.1:9000',
      afterDeregister: 'http://helper.example/a2a',
      latest: '2.0.0 true',
      missing: 404,
      done: true,
    });
    const agent = server.app.core.agentRegistry.find('public', 'helper');
    expect(agent?.versions.map((v) => [v.version, v.registrationType])).toEqual([
      ['1.0.0', 'SERVICE'],
      ['2.0.0', 'SERVICE'],
    ]);
  }, 180_000);
});
