import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJavaClient, javaToolchainAvailable, runJavaScenario, type JavaClient } from './java-clients.js';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';

/**
 * nacos-client 3.1.0's AiService (java/v3-ai) against a listening server: what it releases and registers
 * over gRPC is listed by the server's HTTP side (`/nacos/v3/admin/ai/mcp`, `/v0/servers`) while the client
 * is connected, and its subscription hears the changes made afterwards.
 */
let server: SdkServer;
let scratch: string;
let client: JavaClient;

beforeAll(async () => {
  if (!javaToolchainAvailable) return;
  client = buildJavaClient('v3-ai');
  server = await startSdkServer();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-java-ai-'));
}, 300_000);

afterAll(async () => {
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const getJson = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** What the HTTP side shows of the server the client released, while its endpoint is registered. */
async function httpView(base: string) {
  const listed = await getJson(`${base}/nacos/v3/admin/ai/mcp/list?pageNo=1&pageSize=10`);
  const detail = await getJson(`${base}/nacos/v3/admin/ai/mcp?mcpName=java-weather`);
  const registry = await getJson(`${base}/v0/servers?search=java-weather`);
  return { listed, detail, registry };
}

describe.skipIf(!javaToolchainAvailable)('nacos-client 3.1.0 AiService', () => {
  it('releases an MCP server, registers an endpoint, reads it back and hears changes by subscription', async () => {
    const base = `http://${server.serverAddr}`;
    const gate = path.join(scratch, 'checked');
    let seen: Promise<Awaited<ReturnType<typeof httpView>>> | undefined;
    const onStep = (step: string) => {
      if (step !== 'registered') return;
      seen = httpView(base).finally(() => writeFileSync(gate, ''));
    };
    const run = await runJavaScenario(client, server.serverAddr, scratch, 150_000, [gate], { onStep });
    expect(run.exitCode, run.output).toBe(0);
    const mcpId = run.steps.mcpId as string;
    expect(mcpId).toMatch(/^[0-9a-f-]{36}$/);
    expect(run.steps).toEqual({
      mcpId,
      read: 'java-weather 1.0.0 [10.60.0.1:8000/sse] forecast',
      registered: true,
      subscribed: 'java-weather 1.0.0 [10.60.0.1:8000/sse] forecast',
      heardDeregistered: 'java-weather 1.0.0 [] forecast',
      heardRelease: 'java-weather 2.0.0 [] forecast',
      done: true,
    });

    const { listed, detail, registry } = await seen!;
    expect(listed.body.data).toMatchObject({
      totalCount: 1,
      pageItems: [{ id: mcpId, name: 'java-weather', protocol: 'mcp-sse', latestPublishedVersion: '1.0.0' }],
    });
    expect(detail.body.data).toMatchObject({
      id: mcpId,
      description: 'forecasts by city',
      backendEndpoints: [{ address: '10.60.0.1', port: 8000, path: '/sse' }],
      toolSpec: { tools: [{ name: 'forecast', inputSchema: { type: 'object' } }] },
    });
    expect(registry.body).toMatchObject({
      servers: [
        {
          server: {
            name: 'java-weather',
            version: '1.0.0',
            remotes: [{ type: 'sse', url: 'http://10.60.0.1:8000/sse' }],
          },
          _meta: { 'io.modelcontextprotocol.registry/official': { isLatest: true } },
        },
      ],
      metadata: { count: 1 },
    });

    // after the client is gone: both versions stay, 2.0.0 the latest; the endpoint left with the client
    const after = await getJson(`${base}/v0/servers/${mcpId}`);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      server: { name: 'java-weather', version: '2.0.0' },
      _meta: { 'io.modelcontextprotocol.registry/official': { isLatest: true } },
    });
    const versions = await getJson(`${base}/nacos/v3/admin/ai/mcp?mcpName=java-weather&version=1.0.0`);
    expect(versions.body.data).toMatchObject({ backendEndpoints: [] });
  }, 200_000);
});
