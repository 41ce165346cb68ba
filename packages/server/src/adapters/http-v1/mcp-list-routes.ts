import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_NAMESPACE,
  type McpServer,
  type Paging,
  type ToolFunction,
  type ToolSpec,
} from '../../core/mcp/mcp-model.js';
import type { McpService } from '../../core/mcp/mcp-service.js';
import { optional, requestParams, type Params } from '../http-common/params.js';
import { requestNamespace, type NamespaceSource } from './request-namespace.js';

/**
 * r-nacos's open MCP lists on the SDK port (`/rnacos/v1/mcp/server/list`, `/rnacos/v1/mcp/toolspec/list`):
 * one namespace's MCP servers with the tools they serve, and its tool specs, for tools that discover MCP
 * servers. Under OpenAPI auth like the `/nacos/` routes (api-auth-hook.ts): a read of the namespace
 * `namespaceId` names (absent or blank: `public`, as r-nacos). The answer holds what r-nacos's does and no
 * more: a server's name, description, namespace, unique key and its tools' specs, never its auth keys nor
 * its tools' route rules (their header values may be credentials of the routed service).
 */

/** `namespaceId` names the namespace listed ("" and absent: the default one). */
const MCP_LIST_NAMESPACE = {
  kind: 'fields',
  fields: ['namespaceId'],
  canonical: (namespace: string) => namespace || DEFAULT_NAMESPACE,
} as const satisfies NamespaceSource;
const ROUTE = { config: { namespace: MCP_LIST_NAMESPACE } };

const MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 20;

interface ApiResult<T> {
  data: T | null;
  success: boolean;
  code: string | null;
  message: string | null;
}

const success = <T>(data: T): ApiResult<T> => ({ data, success: true, code: null, message: null });

/** r-nacos's answer to a bad page: 400 with `INVALID_PARAM`. */
function invalidParam(reply: FastifyReply, message: string): FastifyReply {
  const body: ApiResult<null> = {
    data: null,
    success: false,
    code: 'INVALID_PARAM',
    message: `Parameter validation failed: ${message}`,
  };
  return reply.code(400).send(body);
}

function positive(params: Params, name: string): number | undefined | string {
  const value = optional(params, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) return `${name} must be a whole number`;
  const n = Number(value);
  return n === 0 ? `${name} cannot be 0` : n;
}

/** `pageNo` (from 1) and `pageSize` (1-1000, default 20), checked as r-nacos does; a string is the refusal. */
function pagingOf(params: Params): Paging | string {
  const pageNo = positive(params, 'pageNo');
  if (typeof pageNo === 'string') return pageNo;
  const pageSize = positive(params, 'pageSize');
  if (typeof pageSize === 'string') return pageSize;
  if (pageSize !== undefined && pageSize > MAX_PAGE_SIZE) return `pageSize cannot exceed ${MAX_PAGE_SIZE}`;
  const limit = pageSize ?? DEFAULT_PAGE_SIZE;
  return { offset: ((pageNo ?? 1) - 1) * limit, limit };
}

const functionOf = (f: ToolFunction) => ({ name: f.name, description: f.description, inputSchema: f.inputSchema });

/** The served version's tools, or the draft's before the first publish (r-nacos's choice). */
function openServer(server: McpServer) {
  const version = server.release ?? server.current;
  return {
    name: server.name,
    description: server.description,
    namespace: server.namespace,
    uniqueKey: server.uniqueKey,
    tools: version.tools.map((t) => functionOf(t.spec)),
  };
}

function openSpec(spec: ToolSpec) {
  const current = spec.versions.find((v) => v.version === spec.currentVersion) ?? spec.versions.at(-1);
  const fn = current?.function ?? { name: spec.key.toolName, description: '', inputSchema: { type: 'object' } };
  return { namespace: spec.key.namespace, group: spec.key.group, tool: functionOf(fn) };
}

export function registerMcpListRoutes(app: FastifyInstance, mcp: McpService): void {
  const namespace = (req: FastifyRequest) => requestNamespace(req) ?? DEFAULT_NAMESPACE;

  app.get('/rnacos/v1/mcp/server/list', ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const paging = pagingOf(params);
    if (typeof paging === 'string') return invalidParam(reply, paging);
    const page = mcp.listServers({ namespace: namespace(req), name: optional(params, 'nameFilter') }, paging);
    return success({ totalCount: page.totalCount, list: page.list.map(openServer) });
  });

  app.get('/rnacos/v1/mcp/toolspec/list', ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const paging = pagingOf(params);
    if (typeof paging === 'string') return invalidParam(reply, paging);
    const filter = {
      namespace: namespace(req),
      group: optional(params, 'groupFilter'),
      toolName: optional(params, 'toolNameFilter'),
    };
    const page = mcp.listSpecs(filter, paging);
    return success({ totalCount: page.totalCount, list: page.list.map(openSpec) });
  });
}
