import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerTool } from '../src/core/mcp/mcp-model.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { waitUntil } from './interop/wait-until.js';

/** Tool calls hold their answer until the routed service answers: how many may wait at once is bounded. */
describe('MCP tool calls in flight', () => {
  let app: TestApp;
  const held: ServerResponse[] = [];
  const service = createServer((_req, res) => held.push(res));
  let tool: ServerTool;

  beforeAll(async () => {
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const { port } = service.address() as AddressInfo;
    app = await buildTestApp({
      env: { RNACOS_MCP_MAX_CALLS_IN_FLIGHT: '2', RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' },
    });
    tool = {
      toolName: 'slow',
      toolKey: { namespace: 'public', group: 'G', toolName: 'slow' },
      toolVersion: 1,
      spec: { name: 'slow', description: '', inputSchema: { type: 'object' } },
      routeRule: {
        protocol: 'http',
        url: `http://127.0.0.1:${port}/slow`,
        method: 'GET',
        additionHeaders: {},
        convertType: 'JSON_TO_URL',
        serviceNamespace: '',
        serviceGroup: '',
        serviceName: '',
      },
    };
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    service.close();
    await app.dispose();
  });

  it('answers one more call past the limit with a tool error at once, and takes calls again once they end', async () => {
    const first = [app.core.mcpTools.call(tool, {}), app.core.mcpTools.call(tool, {})];
    await waitUntil('both calls to reach the service', () => held.length === 2);
    const third = await app.core.mcpTools.call(tool, {});
    expect(third).toMatchObject({ isError: true, status: null });
    expect(third.text).toContain('RNACOS_MCP_MAX_CALLS_IN_FLIGHT');
    for (const res of held.splice(0)) res.end('done');
    expect((await Promise.all(first)).map((o) => o.text)).toEqual(['done', 'done']);
    const again = app.core.mcpTools.call(tool, {});
    await waitUntil('the next call to reach the service', () => held.length === 1);
    held.splice(0)[0].end('again');
    expect(await again).toMatchObject({ isError: false, text: 'again' });
  });
});
