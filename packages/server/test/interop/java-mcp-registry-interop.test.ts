import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJavaClient, javaToolchainAvailable, runJavaScenario, type JavaClient } from './java-clients.js';
import { startSdkServer, type SdkServer } from './sdk-drivers.js';

/**
 * LangChain4j's MCP Registry API client (`dev.langchain4j:langchain4j-mcp`, `DefaultMcpRegistryClient`;
 * java/mcp-registry) against a listening server whose MCP servers were registered through the v3 admin API:
 * it lists, searches and pages through them and reads one server's versions.
 */
let server: SdkServer;
let scratch: string;
let client: JavaClient;

/** Registers (POST) or adds a version (PUT) through `/nacos/v3/admin/ai/mcp`. */
async function admin(method: 'POST' | 'PUT', spec: Record<string, unknown>, endpoint?: Record<string, unknown>) {
  const form = new URLSearchParams({
    serverSpecification: JSON.stringify(spec),
    toolSpecification: JSON.stringify({ tools: [{ name: 'forecast', inputSchema: { type: 'object' } }] }),
  });
  if (endpoint) form.set('endpointSpecification', JSON.stringify(endpoint));
  const res = await fetch(`http://${server.serverAddr}/nacos/v3/admin/ai/mcp`, { method, body: form });
  expect(res.status, await res.text()).toBe(200);
}

const remote = (name: string, version: string, protocol: string, address: string) =>
  admin(
    version === '1.0.0' ? 'POST' : 'PUT',
    {
      name,
      protocol,
      description: 'forecasts by city',
      versionDetail: { version },
      remoteServerConfig: { exportPath: '/sse' },
    },
    { type: 'DIRECT', data: { address, port: 8080 } },
  );

beforeAll(async () => {
  if (!javaToolchainAvailable) return;
  client = buildJavaClient('mcp-registry');
  server = await startSdkServer();
  scratch = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-mcp-registry-'));
  await remote('weather', '1.0.0', 'mcp-sse', '10.80.0.1');
  await remote('weather', '2.0.0', 'mcp-sse', '10.80.0.1');
  await remote('weather-alerts', '1.0.0', 'mcp-streamable', '10.80.0.2');
  await admin('POST', {
    name: 'io.github.tsnacos/files',
    protocol: 'stdio',
    description: 'reads files',
    version: '1.0.0',
  });
}, 300_000);

afterAll(async () => {
  await server?.app.dispose();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!javaToolchainAvailable)('LangChain4j McpRegistryClient', () => {
  it('lists, searches and pages the registered MCP servers and reads one server by version', async () => {
    const run = await runJavaScenario(client, `http://${server.serverAddr}`, scratch, 120_000, [
      'weather',
      'io.github.tsnacos/files',
    ]);
    expect(run.exitCode, run.output).toBe(0);
    expect(run.steps).toEqual({
      listed: '3: io.github.tsnacos/files@1.0.0*,weather@2.0.0*,weather-alerts@1.0.0*',
      searched: '2: weather@2.0.0*,weather-alerts@1.0.0*',
      firstPage: '1: io.github.tsnacos/files@1.0.0*',
      cursor: '1',
      secondPage: '1: weather@2.0.0* next=2',
      latest: 'weather 2.0.0 active forecasts by city [sse http://10.80.0.1:8080/sse]',
      latestPublished: true,
      first: 'weather 1.0.0 active forecasts by city [sse http://10.80.0.1:8080/sse]',
      versions: '2: weather@2.0.0*,weather@1.0.0',
      reverseDns: 'io.github.tsnacos/files 1.0.0 active reads files []',
      missing: '404 {"error":"Server not found"}',
    });
  }, 150_000);
});
