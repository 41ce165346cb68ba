import type { FastifyInstance, FastifyReply } from 'fastify';
import type { McpRegistry } from '../../core/ai/mcp-registry.js';
import type { McpServerVersion, RegisteredMcpServer } from '../../core/ai/mcp-registry-model.js';
import { detailInfo } from '../../core/ai/mcp-registry-view.js';
import { NacosError, HTTP_STATUS } from '../../shared/errors.js';
import { intParam, optional, requestParams } from '../http-common/params.js';
import { namespacesVisibleToCaller } from '../http-v1/api-auth-hook.js';
import { NO_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { NAMING_V3_NAMESPACE } from './v3-params.js';

/*
 * The open MCP Registry API nacos serves (`/v0/servers`): a read-only view of the AI registry's servers in
 * the registry's JSON shape, for MCP clients that discover servers through a registry. Auth is the SDK
 * port's: read on the namespace named (`namespaceId`, default public); a server by id is found only in a
 * namespace the caller may read.
 */

const LIST = { config: { namespace: NAMING_V3_NAMESPACE } };
/** By id: the server's namespace is checked against what the caller may read, in the handler. */
const BY_ID = { config: { namespace: NO_NAMESPACE } };

const versionDetail = (server: RegisteredMcpServer, v: McpServerVersion) => ({
  version: v.version,
  release_date: v.releaseDate || undefined,
  is_latest: v.version === server.latestVersion,
});

const summary = (server: RegisteredMcpServer, v: McpServerVersion) => ({
  id: server.id,
  name: server.name,
  description: v.spec.description,
  repository: v.spec.repository,
  version_detail: versionDetail(server, v),
});

const latestOf = (server: RegisteredMcpServer) =>
  server.versions.find((v) => v.version === server.latestVersion) ?? server.versions[0];

/** The registry's errors are `{error}` with the HTTP status. */
function answerError(reply: FastifyReply, err: unknown) {
  if (!(err instanceof NacosError)) throw err;
  return reply.code(HTTP_STATUS[err.kind]).send({ error: err.message });
}

export function registerMcpRegistryV0Routes(app: FastifyInstance, registry: McpRegistry): void {
  app.get('/v0/servers', LIST, async (req, reply) => {
    try {
      const params = requestParams(req);
      const offset = intParam(params, 'offset', 0, 0, 1_000_000);
      const limit = intParam(params, 'limit', 30, 0, 100);
      const mode = optional(params, 'searchMode') ?? 'blur';
      if (mode !== 'blur' && mode !== 'accurate') {
        return reply.code(400).send({ error: "Parameter 'searchMode' must be blur or accurate" });
      }
      const named = optional(params, 'namespaceId') === undefined ? undefined : requestNamespace(req);
      const visible = namespacesVisibleToCaller(req);
      const all = registry
        .list(named, optional(params, 'serverName'), mode)
        .filter((s) => visible(s.namespaceId) && s.versions.length > 0);
      const servers = all.slice(offset, offset + limit).map((s) => summary(s, latestOf(s)));
      return { servers, total_count: all.length };
    } catch (err) {
      return answerError(reply, err);
    }
  });

  /** The server, the version asked for (else the latest), in a namespace the caller may read. */
  const found = (id: string, version: string | undefined, visible: (ns: string) => boolean) => {
    const server = registry.byId(id);
    if (!server || !visible(server.namespaceId)) return undefined;
    const v = server.versions.find((each) => each.version === (version ?? server.latestVersion));
    return v && ([server, v] as const);
  };

  app.get<{ Params: { id: string } }>('/v0/servers/:id', BY_ID, async (req, reply) => {
    const hit = found(req.params.id, optional(requestParams(req), 'version'), namespacesVisibleToCaller(req));
    if (!hit) return reply.code(404).send({ error: 'Server not found' });
    const [server, v] = hit;
    const detail = detailInfo(registry.endpointsOf, server, v);
    const transport = (v.spec.frontProtocol ?? v.spec.protocol).replace('mcp-', '');
    const backend = (detail.backendEndpoints ?? []) as Array<{ address: string; port: number; path?: string }>;
    const remotes = backend.map((e) => ({
      transport_type: transport,
      url: `http://${e.address}:${e.port}${e.path ?? ''}`,
    }));
    return Object.assign(summary(server, v), remotes.length > 0 ? { remotes } : {});
  });

  app.get<{ Params: { id: string } }>('/v0/servers/:id/tools', BY_ID, async (req, reply) => {
    const hit = found(req.params.id, optional(requestParams(req), 'version'), namespacesVisibleToCaller(req));
    if (!hit) return reply.code(404).send({ error: 'Server not found' });
    return hit[1].toolSpec ?? { tools: [], toolsMeta: {}, securitySchemes: [] };
  });
}
