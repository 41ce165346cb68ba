import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { call } from './console-helpers.js';

/**
 * A real HTTP service for MCP tool calls: `/echo/...` answers what it received as JSON, `/fail` answers
 * 500, `/hang` never answers, `/redirect` sends to the cloud metadata address. It counts the connections made to it (a refused call makes none).
 */
export async function startEchoService(
  host = '127.0.0.1',
): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  const held = new Set<http.ServerResponse>();
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/fail')) return void res.writeHead(500).end('boom');
      if (req.url?.startsWith('/hang')) return void held.add(res);
      if (req.url?.startsWith('/redirect')) {
        return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          contentType: req.headers['content-type'] ?? null,
          token: req.headers['x-token'] ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Transport = 'streamable' | 'sse';

/** A real MCP client (the official SDK) connected to a server's endpoint over one transport. */
export async function mcpClient(base: string, transport: Transport, serverKey: string, authKey: string) {
  const client = new Client({ name: 'tsnacos-test', version: '1.0.0' });
  const url =
    transport === 'streamable'
      ? new URL(`/rnacos/mcp/${serverKey}/${authKey}`, base)
      : new URL(`/rnacos/mcp/sse/${serverKey}/${authKey}`, base);
  await client.connect(
    transport === 'streamable' ? new StreamableHTTPClientTransport(url) : new SSEClientTransport(url),
  );
  return client;
}

/** The first text of a tool result. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.find((c) => c.type === 'text')?.text ?? '';
}

/** A console call that must succeed; its `data`. */
export async function consoleOk(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await call(
    app,
    method,
    `v2/mcp/${path}`,
    method === 'GET' ? { token, query: body as Record<string, string> } : { token, json: body },
  );
  const answer = res.json();
  if (answer.success !== true) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return answer.data;
}

export const routeRule = (url: string, extra: Record<string, unknown> = {}) => ({
  protocol: 'http',
  url,
  method: 'POST',
  additionHeaders: {},
  convertType: 'NONE',
  serviceGroup: 'DEFAULT_GROUP',
  serviceName: 'echo',
  ...extra,
});

export const orderSpec = (toolName: string, description = 'Looks up an order') => ({
  namespace: '',
  group: 'shop',
  toolName,
  function: {
    name: toolName,
    description,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'order id' }, verbose: { type: 'boolean' } },
      required: ['id'],
    },
  },
});
