import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJavaClient, javaToolchainAvailable, runJavaScenario, type JavaClient } from './java-clients.js';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';

/**
 * The official nacos admin SDK, nacos-maintainer-client 3.1.0 (HTTP `/nacos/v3/admin/**`), against a
 * listening server with OpenAPI auth on: namespaces, configs and history, services and instances, nodes; and its
 * AiMaintainerService (`interop.AiScenario`, `/nacos/v3/admin/ai/mcp` and `/nacos/v3/admin/ai/a2a`): an MCP server
 * and an A2A agent created, listed, searched, read, updated to a new version and deleted.
 */
let server: SdkServer;
let scratch: string;
let client: JavaClient;

beforeAll(async () => {
  if (!javaToolchainAvailable) return;
  client = buildJavaClient('v3-maintainer');
  server = await startSdkServer({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' });
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-maintainer-'));
}, 300_000);

afterAll(async () => {
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!javaToolchainAvailable)('nacos-maintainer-client 3.1.0', () => {
  it('manages a namespace, a config, a service and an instance as admin', async () => {
    const run = await runJavaScenario(client, server.serverAddr, scratch, 150_000, ['admin', 'admin']);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      namespaceCreated: true,
      namespaceExists: true,
      namespaceName: 'Maintained',
      namespaceCount: 2,
      published: true,
      read: 'a: 2 yaml second',
      searched: '1 maint.yaml',
      history: '2 U',
      deleted: true,
      readAfterDelete: 404,
      serviceCreated: 'ok',
      registered: 'ok',
      listed: '1 10.30.0.1:7001',
      serviceDetail: 'maint-svc 0.3',
      updated: 'ok',
      weight: 3,
      deregistered: 'ok',
      serviceRemoved: 'ok',
      nodes: 1,
      stateHasVersion: true,
      namespaceDeleted: true,
    });
    expect(server.app.core.namespaces.exists('maint-ns')).toBe(false);
  }, 200_000);

  it('AI registry: creates, lists, searches, reads, updates and deletes an MCP server and an agent as admin', async () => {
    const run = await runJavaScenario(client, server.serverAddr, scratch, 150_000, ['admin', 'admin'], {
      mainClass: 'interop.AiScenario',
    });
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      mcpCreated: true,
      mcpListed: '1 maint-weather@1.0.0/mcp-sse',
      mcpSearched: '1 maint-weather@1.0.0/mcp-sse',
      mcpDetail: 'maint-weather 1.0.0 [10.70.0.1:8080/sse] forecast',
      mcpUpdated: true,
      mcpLatest: 'maint-weather 2.0.0 [10.70.0.1:8080/sse] forecast,alerts',
      mcpFirst: 'maint-weather 1.0.0 [10.70.0.1:8080/sse] forecast',
      mcpDeleted: true,
      mcpAfterDelete: 404,
      agentRegistered: true,
      agentDetail: 'maint-agent 1.0.0 http://10.70.0.2:9000/a2a URL true answer',
      agentListed: '1 maint-agent@1.0.0/1',
      agentSearched: '1 maint-agent@1.0.0/1',
      agentUpdated: true,
      agentVersions: '1.0.0,2.0.0*',
      agentLatest: 'maint-agent 2.0.0 http://10.70.0.2:9000/a2a URL true answer',
      agentDeleted: true,
      agentAfterDelete: 404,
    });
    expect(server.app.core.mcpRegistry.list('public', undefined, 'blur')).toEqual([]);
    expect(server.app.core.agentRegistry.list('public', undefined, 'blur')).toEqual([]);
  }, 200_000);

  it('refuses a developer the namespace admin routes (nacos admin API)', async () => {
    await server.app.core.auth.users.add({ username: 'dev', password: 'dev-password', roles: ['1'] });
    const run = await runJavaScenario(client, server.serverAddr, path.join(scratch, 'dev'), 150_000, [
      'dev',
      'dev-password',
    ]);
    expect(run.exitCode).not.toBe(0);
    expect(run.output).toMatch(/403/);
    expect(server.app.core.namespaces.exists('maint-ns')).toBe(false);
  }, 200_000);
});
