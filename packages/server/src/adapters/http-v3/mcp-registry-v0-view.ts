import type { McpEndpoints } from '../../core/ai/mcp-endpoints.js';
import type { McpServerVersion, RegisteredMcpServer } from '../../core/ai/mcp-registry-model.js';
import { detailInfo } from '../../core/ai/mcp-registry-view.js';

/*
 * A server version in the open MCP Registry API's shape (its OpenAPI `ServerResponse`): the server's own
 * description under `server` (`ServerDetail`), what the registry knows of it under `_meta`.
 */

export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

/** The registry's transport names for nacos's remote protocols; the others have no remote. */
const TRANSPORTS: Record<string, string> = { 'mcp-sse': 'sse', 'mcp-streamable': 'streamable-http' };

interface Endpoint {
  address: string;
  port: number;
  path?: string;
}

/** `remotes`: one per endpoint the version has now (its front endpoints, else its backend ones). */
function remotesOf(endpoints: McpEndpoints, server: RegisteredMcpServer, v: McpServerVersion) {
  const type = TRANSPORTS[v.spec.frontProtocol ?? ''] ?? TRANSPORTS[v.spec.protocol];
  if (!type) return [];
  const detail = detailInfo(endpoints, server, v);
  const front = (detail.frontendEndpoints ?? []) as Endpoint[];
  const listed = front.length > 0 ? front : ((detail.backendEndpoints ?? []) as Endpoint[]);
  return listed.map((e) => ({ type, url: `http://${e.address}:${e.port}${e.path ?? ''}` }));
}

/** The registry's `ServerResponse` of one version. */
export function serverResponse(endpoints: McpEndpoints, server: RegisteredMcpServer, v: McpServerVersion) {
  const remotes = remotesOf(endpoints, server, v);
  const detail = {
    name: server.name,
    // required by the registry's schema; a server registered without one is described by its name
    description: v.spec.description || server.name,
    version: v.version,
    repository: v.spec.repository,
    packages: v.spec.packages,
    remotes: remotes.length > 0 ? remotes : undefined,
  };
  const official = {
    status: 'active',
    publishedAt: v.releaseDate || undefined,
    updatedAt: v.releaseDate || undefined,
    isLatest: v.version === server.latestVersion,
  };
  return { server: detail, _meta: { [OFFICIAL_META]: official } };
}
