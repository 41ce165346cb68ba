import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastPath } from '../http-common/fast-path.js';
import type { Logger } from '../../shared/logger.js';
import type { McpEndpoint } from './mcp-endpoint.js';
import { mcpRouteOf } from './mcp-paths.js';

/**
 * Answers the MCP paths before fastify. The SDK and the endpoint load on the first MCP request, so a
 * server nobody uses as an MCP server never loads them.
 */
export function createMcpFastPath(load: () => Promise<McpEndpoint>, logger: Logger): FastPath {
  return (req: IncomingMessage, res: ServerResponse) => {
    const route = mcpRouteOf(req.url ?? '');
    if (!route) return false;
    load()
      .then((endpoint) => endpoint.handle(route, req, res))
      .catch((err: unknown) => {
        logger.error({ err }, 'MCP request failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'MCP request failed' }));
      });
    return true;
  };
}
