import type { FastifyInstance, FastifyReply } from 'fastify';
import type { McpRegistry } from '../../core/ai/mcp-registry.js';
import type { McpServerVersion, RegisteredMcpServer } from '../../core/ai/mcp-registry-model.js';
import { NacosError, HTTP_STATUS } from '../../shared/errors.js';
import { intParam, optional, requestParams } from '../http-common/params.js';
import { namespacesVisibleToCaller } from '../http-v1/api-auth-hook.js';
import { NO_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { serverResponse } from './mcp-registry-v0-view.js';
import { NAMING_V3_NAMESPACE } from './v3-params.js';

/*
 * The open MCP Registry API (`/v0.1/servers`, and the same under `/v0`): a read-only view of the AI registry's
 * servers in the registry's JSON shape, for MCP clients that discover servers through a registry. Auth is the
 * SDK port's: read on the namespace named (`namespaceId`, default public); the list without one shows every
 * namespace the caller may read; a server by id is found only in a namespace the caller may read.
 */

const NAMED = { config: { namespace: NAMING_V3_NAMESPACE } };
/** By id: the server's namespace is checked against what the caller may read, in the handler. */
const BY_ID = { config: { namespace: NO_NAMESPACE } };
const PREFIXES = ['/v0', '/v0.1'] as const;
const NOT_FOUND = { error: 'Server not found' };

const latestOf = (server: RegisteredMcpServer) =>
  server.versions.find((v) => v.version === server.latestVersion) ?? server.versions[0];

/** `latest` (or nothing) is the latest version; otherwise the version so named. */
const versionNamed = (server: RegisteredMcpServer, version: string | undefined): McpServerVersion | undefined =>
  !version || version === 'latest' ? latestOf(server) : server.versions.find((v) => v.version === version);

/** The registry's errors are `{error}` with the HTTP status. */
function answerError(reply: FastifyReply, err: unknown) {
  if (!(err instanceof NacosError)) throw err;
  return reply.code(HTTP_STATUS[err.kind]).send({ error: err.message });
}

/** `cursor`: where the previous page stopped (the `nextCursor` it answered), a count of servers. */
function cursorOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return 0;
  return /^\d{1,7}$/.test(value) ? Number(value) : undefined;
}

export function registerMcpRegistryV0Routes(app: FastifyInstance, registry: McpRegistry): void {
  const view = (server: RegisteredMcpServer, v: McpServerVersion) => serverResponse(registry.endpointsOf, server, v);

  for (const prefix of PREFIXES) {
    /** Each server's latest version (or the version `version` names), `search` a part of its name. */
    app.get(`${prefix}/servers`, NAMED, async (req, reply) => {
      try {
        const params = requestParams(req);
        const offset = cursorOf(optional(params, 'cursor'));
        if (offset === undefined) return reply.code(400).send({ error: 'Invalid cursor' });
        const limit = intParam(params, 'limit', 30, 1, 100);
        const version = optional(params, 'version');
        const named = optional(params, 'namespaceId') === undefined ? undefined : requestNamespace(req);
        const visible = namespacesVisibleToCaller(req);
        const all = registry
          .list(named, optional(params, 'search'), 'blur')
          .filter((s) => visible(s.namespaceId))
          .flatMap((s) => {
            const v = versionNamed(s, version);
            return v ? [[s, v] as const] : [];
          });
        const page = all.slice(offset, offset + limit);
        const more = offset + page.length < all.length;
        const metadata = more
          ? { nextCursor: String(offset + page.length), count: page.length }
          : { count: page.length };
        return { servers: page.map(([s, v]) => view(s, v)), metadata };
      } catch (err) {
        return answerError(reply, err);
      }
    });

    /** Every version of the server so named in the namespace named, the newest first. */
    app.get<{ Params: { serverName: string } }>(`${prefix}/servers/:serverName/versions`, NAMED, async (req, reply) => {
      const server = registry.find(requestNamespace(req) ?? 'public', { name: req.params.serverName });
      if (!server || server.versions.length === 0) return reply.code(404).send(NOT_FOUND);
      const servers = server.versions.map((v) => view(server, v)).reverse();
      return { servers, metadata: { count: servers.length } };
    });

    /** One version (`latest`: the latest) of the server so named in the namespace named. */
    app.get<{ Params: { serverName: string; version: string } }>(
      `${prefix}/servers/:serverName/versions/:version`,
      NAMED,
      async (req, reply) => {
        const server = registry.find(requestNamespace(req) ?? 'public', { name: req.params.serverName });
        const v = server && versionNamed(server, req.params.version);
        if (!server || !v) return reply.code(404).send(NOT_FOUND);
        return view(server, v);
      },
    );
  }

  /** The server by its nacos id, the version asked for (else the latest), in a namespace the caller may read. */
  const byId = (id: string, version: string | undefined, visible: (ns: string) => boolean) => {
    const server = registry.byId(id);
    if (!server || !visible(server.namespaceId)) return undefined;
    const v = versionNamed(server, version);
    return v && ([server, v] as const);
  };

  app.get<{ Params: { id: string } }>('/v0/servers/:id', BY_ID, async (req, reply) => {
    const hit = byId(req.params.id, optional(requestParams(req), 'version'), namespacesVisibleToCaller(req));
    if (!hit) return reply.code(404).send(NOT_FOUND);
    return view(hit[0], hit[1]);
  });

  app.get<{ Params: { id: string } }>('/v0/servers/:id/tools', BY_ID, async (req, reply) => {
    const hit = byId(req.params.id, optional(requestParams(req), 'version'), namespacesVisibleToCaller(req));
    if (!hit) return reply.code(404).send(NOT_FOUND);
    return hit[1].toolSpec ?? { tools: [], toolsMeta: {}, securitySchemes: [] };
  });
}
