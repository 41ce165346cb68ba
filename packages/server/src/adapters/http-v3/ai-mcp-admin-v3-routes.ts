import type { FastifyInstance } from 'fastify';
import { parseReleaseInput } from '../../core/ai/mcp-registry-input.js';
import { STDIO } from '../../core/ai/mcp-registry-model.js';
import type { McpRegistry, ServerRef } from '../../core/ai/mcp-registry.js';
import { detailInfo, listItem } from '../../core/ai/mcp-registry-view.js';
import { optional, requestParams, type Params } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { AI_ROUTE, aiNamespaceOf, searchModeOf } from './ai-v3-params.js';
import { pageBody, pageOf } from './v3-params.js';

const ROUTE = AI_ROUTE;
const PATH = '/nacos/v3/admin/ai/mcp';
const namespaceOf = aiNamespaceOf;

/** `mcpId` or `mcpName`, at least one (nacos's `McpForm`). */
function serverRefOf(params: Params): ServerRef {
  const ref = { id: optional(params, 'mcpId'), name: optional(params, 'mcpName') };
  if (!ref.id && !ref.name) {
    throw fail(
      'invalid',
      RESULT_CODE.PARAMETER_MISSING,
      "Required parameter 'mcpId' or 'mcpName' type String at lease one is not present",
    );
  }
  return ref;
}

/** The server a request names, or nacos's 50000. */
function requireServer(registry: McpRegistry, namespaceId: string, ref: ServerRef) {
  const server = registry.find(namespaceId, ref);
  if (!server) {
    const which = ref.id ?? ref.name ?? '';
    throw fail(
      'not_found',
      RESULT_CODE.MCP_SERVER_NOT_FOUND,
      `Mcp server [${which}] not found in namespace [${namespaceId}]`,
    );
  }
  return server;
}

/** The three specifications of a create or update; a remote server needs its endpoint specification. */
function releaseOf(params: Params) {
  const input = parseReleaseInput(
    {
      server: optional(params, 'serverSpecification'),
      tools: optional(params, 'toolSpecification'),
      endpoint: optional(params, 'endpointSpecification'),
    },
    optional(params, 'mcpName'),
  );
  if (input.spec.protocol !== STDIO && !input.endpointSpec) {
    throw fail(
      'invalid',
      RESULT_CODE.PARAMETER_MISSING,
      'request parameter `endpointSpecification` is required if mcp server type not `local`.',
    );
  }
  return input;
}

/** `/nacos/v3/admin/ai/mcp`: the AI registry's MCP servers (list, detail, create, update, delete). */
export function registerAiMcpAdminV3Routes(app: FastifyInstance, registry: McpRegistry): void {
  app.get(`${PATH}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const { pageNo, pageSize, offset } = pageOf(params, 100);
    const all = registry.list(namespaceOf(req), optional(params, 'mcpName'), searchModeOf(params));
    return ok(pageBody(all.length, pageNo, pageSize, all.slice(offset, offset + pageSize).map(listItem)));
  });

  app.get(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const namespaceId = namespaceOf(req);
    const server = requireServer(registry, namespaceId, serverRefOf(params));
    const version = optional(params, 'version');
    const found = server.versions.find((v) => v.version === (version ?? server.latestVersion));
    if (!found) {
      const message = `mcp server \`${server.id}\` for version \`${version}\` not found`;
      throw fail('not_found', RESULT_CODE.MCP_SERVER_VERSION_NOT_FOUND, message);
    }
    return ok(detailInfo(registry.endpointsOf, server, found));
  });

  app.post(PATH, ROUTE, async (req) => {
    return ok(await registry.create(namespaceOf(req), releaseOf(requestParams(req))));
  });

  app.put(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const input = releaseOf(params);
    const namespaceId = namespaceOf(req);
    requireServer(registry, namespaceId, { id: input.id, name: input.id ? undefined : input.name });
    await registry.update(namespaceId, input, optional(params, 'latest') !== 'false');
    return ok('ok');
  });

  app.delete(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const namespaceId = namespaceOf(req);
    const server = requireServer(registry, namespaceId, serverRefOf(params));
    await registry.remove(namespaceId, { id: server.id }, optional(params, 'version'));
    return ok('ok');
  });
}
