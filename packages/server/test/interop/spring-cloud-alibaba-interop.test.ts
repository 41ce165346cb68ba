import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJavaClient, javaToolchainAvailable, runJavaScenario, type JavaClient } from './java-clients.js';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';

/**
 * A Spring Cloud Alibaba 2023.0.3.3 application (Spring Boot 3.2, java/spring-cloud-alibaba) as its users
 * run it: config import with @RefreshScope, its own registration, DiscoveryClient.getServices() (which
 * asks for Integer.MAX_VALUE names), a @LoadBalanced call by service name, and the health endpoint.
 */
let server: SdkServer;
let scratch: string;
let app: JavaClient;

beforeAll(async () => {
  if (!javaToolchainAvailable) return;
  app = buildJavaClient('spring-cloud-alibaba');
  server = await startSdkServer();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-sca-'));
}, 600_000);

afterAll(async () => {
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!javaToolchainAvailable)('Spring Cloud Alibaba', () => {
  it('2023.0.3.3: config import and refresh, discovery, a load-balanced call, health', async () => {
    await server.app.core.configs.publish({
      namespaceId: '',
      group: 'DEFAULT_GROUP',
      dataId: 'sca-app.properties',
      content: 'greeting=hello',
    });
    const run = await runJavaScenario(app, server.serverAddr, scratch, 150_000);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      greeting: 'hello',
      services: 'sca-app',
      balancedCall: 'hello',
      refreshed: 'bonjour',
      health: 'UP',
      discoveryHealth: 'UP',
      done: true,
    });
    // a refused service list made the discovery client log an ERROR on every getServices() and health probe
    expect(run.output).not.toMatch(/ERROR.*[Nn]acos/);
  }, 180_000);
});
