import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpService } from '../../core/mcp/mcp-service.js';
import type { McpServer } from '../../core/mcp/mcp-model.js';
import type { ToolCalls } from '../../core/mcp/lazy-tool-calls.js';
import type { Logger } from '../../shared/logger.js';
import { createProtocolServer } from './mcp-protocol-server.js';
import type { McpRoute } from './mcp-paths.js';
import { admits, SseSessions, type SseLimits } from './mcp-sse-sessions.js';
import { checkJsonStructure } from '../../shared/untrusted/json-structure.js';

/** Nesting and keys per object of a JSON-RPC message: tool arguments are copied and stringified after. */
const MESSAGE_STRUCTURE = { maxDepth: 64, maxKeys: 10_000 };
/** Largest JSON-RPC message a client may send. */
export const MAX_REQUEST_BYTES = 1024 * 1024;
const NO_SESSION = 'no such MCP SSE session on this node (it ended, or its stream is held by another node)';

export interface McpEndpointDeps {
  mcp: McpService;
  invoker: ToolCalls;
  nodeId: number;
  logger: Logger;
  /** SSE sessions: past a limit a new one is refused (503); an idle one is closed. */
  sse: SseLimits;
}

/**
 * The MCP endpoints of the SDK port, over the SDK's transports. Streamable HTTP runs stateless (a fresh
 * transport per request), so any node of a cluster answers any request; an SSE session lives on the node
 * whose stream the client holds.
 */
export class McpEndpoint {
  private readonly sessions: SseSessions;
  private readonly transports = new Map<string, SSEServerTransport>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: McpEndpointDeps) {
    this.sessions = new SseSessions(deps.sse);
    // a removed server or auth key ends its sessions, on every node: this node's writes and the change feed's
    this.unsubscribe = deps.mcp.onServerChanged((id, server) => this.sessions.serverChanged(id, server));
  }

  async handle(route: McpRoute, req: IncomingMessage, res: ServerResponse): Promise<void> {
    switch (route.kind) {
      case 'streamable':
        return this.streamable(route.serverKey, route.authKey, req, res);
      case 'sse':
        return this.openSse(route.serverKey, route.authKey, req, res);
      case 'sse-message':
        return this.sseMessage(route.serverKey, route.sessionId, req, res);
    }
  }

  /** Ends every SSE stream (the server is stopping). */
  async close(): Promise<void> {
    this.unsubscribe();
    const open = [...this.transports.values()];
    for (const session of this.sessions.all()) this.sessions.remove(session.id);
    this.transports.clear();
    await Promise.all(open.map((t) => t.close().catch(() => undefined)));
  }

  get openSessions(): number {
    return this.sessions.size;
  }

  /**
   * The server the two keys open. An unknown server key and a wrong auth key get the same answer: nobody
   * learns here which server keys exist.
   */
  private authorized(serverKey: string, authKey: string, res: ServerResponse): McpServer | undefined {
    const server = this.deps.mcp.getServerByKey(serverKey);
    if (!admits(server, serverKey, authKey)) return void answer(res, 403, 'unknown MCP server key or auth key');
    return server;
  }

  private async streamable(serverKey: string, authKey: string, req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'DELETE') return answer(res, 200, 'ok'); // no session to end: every request stands alone
    if (req.method !== 'POST') return answer(res, 405, 'POST JSON-RPC messages here; GET is not served');
    if (!this.authorized(serverKey, authKey, res)) return;
    const body = await readJson(req, res);
    if (body === undefined) return;
    // clients that accept only one of the two answer types are served the JSON one
    req.headers.accept = 'application/json, text/event-stream';
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = createProtocolServer(() => this.deps.mcp.getServerByKey(serverKey), this.deps.invoker);
    res.on('close', () => void server.close().catch(() => undefined));
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  private async openSse(serverKey: string, authKey: string, req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'GET') return answer(res, 405, 'open the event stream with GET');
    const stored = this.authorized(serverKey, authKey, res);
    if (!stored) return;
    const refusal = this.sessions.refusal(stored.id);
    if (refusal) return answer(res, 503, refusal);
    const endpoint = `/rnacos/mcp/sse/messages/${this.deps.nodeId}/${encodeURIComponent(serverKey)}`;
    const transport = new SSEServerTransport(endpoint, res);
    const server = createProtocolServer(() => this.deps.mcp.getServerByKey(serverKey), this.deps.invoker);
    const id = transport.sessionId;
    this.transports.set(id, transport);
    const end = () => void transport.close().catch(() => undefined);
    this.sessions.add({ id, serverId: stored.id, serverKey, authKey, end });
    // the client went away, or the session was ended (close(), idle, its key removed): it goes, once
    let gone = false;
    res.on('close', () => {
      if (gone) return;
      gone = true;
      this.sessions.remove(id);
      this.transports.delete(id);
      void server.close().catch(() => undefined);
    });
    await server.connect(transport);
  }

  private async sseMessage(serverKey: string, sessionId: string, req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') return answer(res, 405, 'POST JSON-RPC messages here');
    const session = this.sessions.get(sessionId, serverKey);
    const transport = this.transports.get(sessionId);
    if (!session || !transport) return answer(res, 404, NO_SESSION);
    const server = this.deps.mcp.getServerByKey(serverKey);
    if (!admits(server, serverKey, session.authKey) || server.id !== session.serverId) {
      session.end();
      return answer(res, 404, NO_SESSION);
    }
    this.sessions.touch(sessionId);
    const body = await readJson(req, res);
    if (body === undefined) return;
    await transport.handlePostMessage(req, res, body);
  }
}

function answer(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: message }));
}

/** The JSON body, at most MAX_REQUEST_BYTES; answers the error itself and resolves undefined on failure. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_REQUEST_BYTES) return tooLarge(req, res);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) return tooLarge(req, res);
      chunks.push(chunk);
    }
  } catch {
    return answer(res, 400, 'the request body could not be read');
  }
  const body = Buffer.concat(chunks);
  if (!isUtf8(body)) return answer(res, 400, 'the request body is not valid UTF-8');
  const text = body.toString('utf8');
  try {
    checkJsonStructure(text, MESSAGE_STRUCTURE, 'the JSON-RPC message');
  } catch (err) {
    return answer(res, 413, (err as Error).message);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    res
      .writeHead(400, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
    return undefined;
  }
}

function tooLarge(req: IncomingMessage, res: ServerResponse): undefined {
  answer(res, 413, `a message may have at most ${MAX_REQUEST_BYTES} bytes`);
  req.resume();
  return undefined;
}
