import { serviceKeyOfRef } from '../../../core/ai/mcp-endpoints.js';
import { parseReleaseInput } from '../../../core/ai/mcp-registry-input.js';
import type { McpServiceRef, RegisteredMcpServer } from '../../../core/ai/mcp-registry-model.js';
import type { McpRegistry } from '../../../core/ai/mcp-registry.js';
import { detailInfo } from '../../../core/ai/mcp-registry-view.js';
import type { NamingService } from '../../../core/naming/naming-service.js';
import { invalid, notFound } from '../../../shared/errors.js';
import { numberField, optionalString, stringField } from '../body-fields.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { aiAccess, aiNamespaceOf } from './ai-request.js';
import type { JsonObject } from '../payload.js';

/*
 * The requests of nacos-client 3.x's AI service (module `ai`): query and release MCP servers of the AI
 * registry, and register the endpoints of a server version (ephemeral instances of its naming service, bound
 * to the connection). nacos answers their failures as the request's own response type.
 */

const namespaceOf = aiNamespaceOf;

/** The server named by `mcpName` in the request's namespace, or nacos's not-found. */
function requireNamed(registry: McpRegistry, body: JsonObject): RegisteredMcpServer {
  const name = optionalString(body, 'mcpName')?.trim();
  if (!name) throw invalid("parameters `mcpName` can't be empty or null");
  const namespaceId = namespaceOf(body);
  const server = registry.find(namespaceId, { name });
  if (!server) throw notFound(`MCP server \`${name}\` not found in namespaceId: \`${namespaceId}\``);
  return server;
}

/** `QueryMcpServerRequest` -> `QueryMcpServerResponse`: a version (the latest when none is named) in detail. */
export function queryMcpServerHandler(registry: McpRegistry): GrpcHandler {
  return {
    responseType: 'QueryMcpServerResponse',
    access: aiAccess('read'),
    refusals: 'typed',
    handle(body) {
      const server = requireNamed(registry, body);
      const [, version] = registry.version(server.namespaceId, { id: server.id }, optionalString(body, 'version'));
      return { mcpServerDetailInfo: detailInfo(registry.endpointsOf, server, version) };
    },
  };
}

/** `ReleaseMcpServerRequest` -> `ReleaseMcpServerResponse`: a new server or a new version of one. */
export function releaseMcpServerHandler(registry: McpRegistry): GrpcHandler {
  return {
    responseType: 'ReleaseMcpServerResponse',
    access: aiAccess('write'),
    refusals: 'typed',
    async handle(body) {
      const input = parseReleaseInput({
        server: body.serverSpecification,
        tools: body.toolSpecification,
        endpoint: body.endpointSpecification,
      });
      return { mcpId: await registry.release(namespaceOf(body), input) };
    },
  };
}

/** Where endpoints of the version register: the REF front endpoint of an `http` server, else its service. */
function endpointServiceOf(server: RegisteredMcpServer, ref: McpServiceRef | undefined, protocol: string) {
  if (protocol !== 'http') return ref;
  const fronts = server.versions.flatMap((v) => v.spec.remoteServerConfig?.frontEndpointConfigList ?? []);
  const front = (fronts as JsonObject[]).find((f) => f.endpointType === 'REF');
  const data = front?.endpointData as Partial<McpServiceRef> | undefined;
  if (!data?.serviceName) return undefined;
  return { namespaceId: server.namespaceId, groupName: data.groupName ?? '', serviceName: data.serviceName };
}

/**
 * `McpServerEndpointRequest` -> `McpServerEndpointResponse`: `registerEndpoint` adds the caller's address to
 * the version's naming service for as long as its connection lives; `deregisterEndpoint` takes it away.
 */
export function mcpServerEndpointHandler(registry: McpRegistry, naming: NamingService): GrpcHandler {
  return {
    responseType: 'McpServerEndpointResponse',
    access: aiAccess('write'),
    refusals: 'typed',
    async handle(body, ctx) {
      const type = stringField(body, 'type');
      if (type !== 'registerEndpoint' && type !== 'deregisterEndpoint') {
        throw invalid(`parameter \`type\` should be registerEndpoint or deregisterEndpoint, but was ${type}`);
      }
      const server = requireNamed(registry, body);
      const requested = optionalString(body, 'version') || undefined;
      const [, version] = registry.version(server.namespaceId, { id: server.id }, requested);
      const ref = endpointServiceOf(server, version.serviceRef, version.spec.protocol);
      if (!ref) throw notFound('The Mcp Server Ref endpoint service not found.');
      const key = serviceKeyOfRef(Object.assign({}, ref, { namespaceId: server.namespaceId }));
      const ip = stringField(body, 'address').trim();
      const port = numberField(body, 'port', NaN);
      if (!ip || !Number.isInteger(port) || port < 1 || port > 65535) {
        throw invalid('`address` and `port` (1-65535) are required');
      }
      if (type === 'registerEndpoint') {
        const metadata: Record<string, string> = requested ? { _mcp_server_version: requested } : {};
        await naming.registerConnectionInstance(ctx.connection!.id, key, { ip, port, metadata });
      } else {
        await naming.deregisterInstance(key, { ip, port });
      }
      return { type };
    },
  };
}
