import { invalid } from '../../shared/errors.js';
import { isRecord, specDocument, text, type JsonRecord } from './registry-json.js';
import { MCP_LIMITS, MCP_PROTOCOLS, type McpEndpointSpec, type McpVersionSpec } from './mcp-registry-model.js';

/** A server version as a client or admin sends it: nacos's server, tool and endpoint specifications. */
export interface McpReleaseInput {
  /** A uuid the caller chose for a new server; otherwise one is made. */
  id?: string;
  name: string;
  version: string;
  /** `versionDetail.is_latest` of a client release: whether the new version becomes the latest. */
  isLatest?: boolean;
  spec: McpVersionSpec;
  toolSpec?: JsonRecord;
  endpointSpec?: McpEndpointSpec;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function endpointSpecOf(doc: JsonRecord | undefined): McpEndpointSpec | undefined {
  if (!doc) return undefined;
  const type = typeof doc.type === 'string' ? doc.type.toUpperCase() : '';
  if (type !== 'REF' && type !== 'DIRECT') throw invalid('endpointSpecification.type must be REF or DIRECT');
  const data: Record<string, string> = {};
  if (doc.data !== undefined && !isRecord(doc.data)) throw invalid('endpointSpecification.data must be an object');
  for (const [k, v] of Object.entries(doc.data ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') data[k] = String(v);
  }
  return { type, data };
}

/**
 * Reads the three specifications of a create, update or release. `fallbackName` is the `mcpName` parameter,
 * used when the server specification has no name (as nacos does).
 */
export function parseReleaseInput(
  docs: { server: unknown; tools?: unknown; endpoint?: unknown },
  fallbackName?: string,
): McpReleaseInput {
  const server = specDocument(docs.server, 'serverSpecification', MCP_LIMITS.specBytes);
  if (!server) throw invalid("Required parameter 'serverSpecification' type McpServerBasicInfo is not present");
  const name = text(server, 'name', MCP_LIMITS.nameChars) ?? fallbackName;
  if (!name) throw invalid("Required parameter 'serverSpecification.name' type String is not present");
  if (name.length > MCP_LIMITS.nameChars) throw invalid(`name is longer than ${MCP_LIMITS.nameChars} characters`);
  const detail = isRecord(server.versionDetail) ? server.versionDetail : {};
  const version = text(detail, 'version', MCP_LIMITS.versionChars) ?? text(server, 'version', MCP_LIMITS.versionChars);
  if (!version) throw invalid('Version must be specified in parameter `serverSpecification`');
  const id = text(server, 'id', 64);
  if (id && !UUID.test(id)) throw invalid('parameter `serverSpecification.id` must be a uuid');
  const protocol = (text(server, 'protocol', 32) ?? 'stdio').toLowerCase();
  if (!(MCP_PROTOCOLS as readonly string[]).includes(protocol)) {
    throw invalid(`protocol must be one of ${MCP_PROTOCOLS.join(', ')}`);
  }
  const objectOf = (field: string) => {
    const value = server[field];
    return isRecord(value) ? value : undefined;
  };
  const spec: McpVersionSpec = {
    protocol,
    frontProtocol: text(server, 'frontProtocol', 32),
    description: text(server, 'description', MCP_LIMITS.specBytes),
    enabled: server.enabled !== false,
    repository: objectOf('repository'),
    packages: Array.isArray(server.packages) ? server.packages : undefined,
    remoteServerConfig: objectOf('remoteServerConfig'),
    localServerConfig: objectOf('localServerConfig'),
    capabilities: [],
  };
  const endpointSpec = endpointSpecOf(specDocument(docs.endpoint, 'endpointSpecification', MCP_LIMITS.specBytes));
  const toolSpec = specDocument(docs.tools, 'toolSpecification', MCP_LIMITS.toolSpecBytes);
  const isLatest = typeof detail.is_latest === 'boolean' ? detail.is_latest : undefined;
  return { id, name, version, isLatest, spec, toolSpec, endpointSpec };
}
