import {
  CONVERT_TYPES,
  DEFAULT_NAMESPACE,
  numberVersions,
  sameSpecKey,
  specKeyString,
  type ConvertType,
  type McpServer,
  type RouteRule,
  type ServerTool,
  type ServerVersion,
  type ToolFunction,
  type ToolSpec,
  type ToolSpecKey,
} from '../mcp/mcp-model.js';
import type { McpService } from '../mcp/mcp-service.js';
import type {
  TransferMcpServer,
  TransferMcpServerValue,
  TransferMcpTool,
  TransferMcpToolSpec,
} from './transfer-model.js';

/*
 * MCP records between the store and a transfer file, in r-nacos's form: a server version's tools name a
 * spec version (the definition lives in the spec's versions) and carry their route rule as JSON.
 */

// ---- export

const routeRuleJson = (r: RouteRule): string =>
  JSON.stringify({
    protocol: r.protocol,
    url: r.url,
    method: r.method,
    additionHeaders: r.additionHeaders,
    convertType: r.convertType,
    ...(r.serviceNamespace ? { serviceNamespace: r.serviceNamespace } : {}),
    serviceGroup: r.serviceGroup,
    serviceName: r.serviceName,
  });

const valueOut = (v: ServerVersion): TransferMcpServerValue => ({
  id: v.id,
  description: v.description,
  tools: v.tools.map((t): TransferMcpTool => ({
    toolName: t.toolName,
    namespace: t.toolKey.namespace,
    group: t.toolKey.group,
    version: t.toolVersion,
    routeRuleJson: routeRuleJson(t.routeRule),
  })),
  opUser: v.opUser,
  updateTime: v.updateTime,
});

/** An empty value stands for "never published", as r-nacos writes it. */
const EMPTY_VALUE: TransferMcpServerValue = { id: 0, description: '', tools: [], opUser: '', updateTime: 0 };

/**
 * The export records. Each spec carries every version a server names (the servers keep the definition
 * they were published with), so r-nacos finds the definition of each tool.
 */
export function mcpRecordsOf(specs: ToolSpec[], servers: McpServer[]) {
  const tools = servers
    .flatMap((s) => [s.current, ...(s.release ? [s.release] : []), ...s.histories])
    .flatMap((v) => v.tools);
  const mcpToolSpecs = specs.map((spec): TransferMcpToolSpec => {
    const versions = new Map(spec.versions.map((v) => [v.version, { ...v }]));
    for (const tool of tools) {
      if (sameSpecKey(tool.toolKey, spec.key) && !versions.has(tool.toolVersion)) {
        versions.set(tool.toolVersion, { version: tool.toolVersion, function: tool.spec, opUser: '', updateTime: 0 });
      }
    }
    return {
      namespace: spec.key.namespace,
      group: spec.key.group,
      toolName: spec.key.toolName,
      currentVersion: spec.currentVersion,
      createTime: spec.createTime,
      createUser: spec.createUser,
      versions: [...versions.values()]
        .sort((a, b) => a.version - b.version)
        .map((v) => ({
          version: v.version,
          parametersJson: JSON.stringify(v.function),
          opUser: v.opUser,
          updateTime: v.updateTime,
        })),
    };
  });
  const mcpServers = servers.map((s): TransferMcpServer => ({
    id: s.id,
    uniqueKey: s.uniqueKey,
    namespace: s.namespace,
    name: s.name,
    description: s.description,
    authKeys: s.authKeys,
    createTime: s.createTime,
    createUser: s.createUser,
    currentValue: valueOut(s.current),
    releaseValue: s.release ? valueOut(s.release) : EMPTY_VALUE,
    histories: s.histories.map(valueOut),
  }));
  return { mcpToolSpecs, mcpServers };
}

// ---- import

function functionOf(json: string, fallbackName: string): ToolFunction {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null) value = parsed as Record<string, unknown>;
  } catch {
    // an unreadable definition keeps the tool with an empty schema
  }
  const schema = value.inputSchema;
  return {
    name: typeof value.name === 'string' && value.name ? value.name : fallbackName,
    description: typeof value.description === 'string' ? value.description : '',
    inputSchema:
      typeof schema === 'object' && schema !== null
        ? { ...schema, type: 'object' }
        : { type: 'object', properties: {} },
  };
}

function routeRuleOf(json: string): RouteRule {
  let r: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null) r = parsed as Record<string, unknown>;
  } catch {
    // r-nacos reads an unreadable rule as its default rule too
  }
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
  const convertType = text(r.convertType, 'NONE').toUpperCase();
  const headers = typeof r.additionHeaders === 'object' && r.additionHeaders !== null ? r.additionHeaders : {};
  return {
    protocol: text(r.protocol, 'http'),
    url: text(r.url, '/'),
    method: text(r.method, 'GET').toUpperCase(),
    additionHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
    convertType: ((CONVERT_TYPES as readonly string[]).includes(convertType) ? convertType : 'NONE') as ConvertType,
    serviceNamespace: text(r.serviceNamespace, ''),
    serviceGroup: text(r.serviceGroup, 'DEFAULT_GROUP'),
    serviceName: text(r.serviceName, ''),
  };
}

/**
 * Writes the MCP records of a file: spec versions and server ids get new ids from this store's sequences
 * (as r-nacos re-sequences them); a spec replaces the one of its key, a server the one of its unique key.
 */
export async function importMcpRecords(
  mcp: McpService,
  specsIn: TransferMcpToolSpec[],
  serversIn: TransferMcpServer[],
): Promise<{ specs: number; servers: number }> {
  const versionCount = specsIn.reduce((n, s) => n + s.versions.length, 0);
  let nextVersion = versionCount > 0 ? await mcp.nextIds('TOOL_SPEC_VERSION', versionCount) : 0;
  const versionMap = new Map<string, Map<number, number>>();
  const specs = specsIn.map((raw): ToolSpec => {
    const key: ToolSpecKey = {
      namespace: raw.namespace || DEFAULT_NAMESPACE,
      group: raw.group,
      toolName: raw.toolName,
    };
    const renumbered = new Map<number, number>();
    const versions = [...raw.versions]
      .sort((a, b) => a.version - b.version)
      .map((v) => {
        const version = nextVersion++;
        renumbered.set(v.version, version);
        return {
          version,
          function: functionOf(v.parametersJson, key.toolName),
          opUser: v.opUser,
          updateTime: v.updateTime,
        };
      });
    versionMap.set(specKeyString(key), renumbered);
    const current = renumbered.get(raw.currentVersion) ?? versions.at(-1)?.version ?? 0;
    return { key, currentVersion: current, createTime: raw.createTime, createUser: raw.createUser, versions };
  });
  if (specs.length > 0) await mcp.putSpecs(specs);

  const byKey = new Map(specs.map((s) => [specKeyString(s.key), s]));
  const toolOf = (t: TransferMcpTool, serverNamespace: string): ServerTool => {
    const key: ToolSpecKey = { namespace: t.namespace || serverNamespace, group: t.group, toolName: t.toolName };
    const id = specKeyString(key);
    const spec = byKey.get(id) ?? mcp.getSpec(key);
    const version = versionMap.get(id)?.get(t.version) ?? t.version;
    const entry =
      spec?.versions.find((v) => v.version === version) ??
      spec?.versions.find((v) => v.version === spec.currentVersion);
    const fallback: ToolFunction = {
      name: t.toolName,
      description: '',
      inputSchema: { type: 'object', properties: {} },
    };
    return {
      toolName: t.toolName,
      toolKey: key,
      toolVersion: entry?.version ?? version,
      spec: entry?.function ?? fallback,
      routeRule: routeRuleOf(t.routeRuleJson),
    };
  };

  // a key the file holds twice: the later record wins
  const servers = new Map<string, McpServer>();
  for (const raw of serversIn) {
    const namespace = raw.namespace || DEFAULT_NAMESPACE;
    const values = [raw.currentValue, raw.releaseValue, ...raw.histories].filter(
      (v): v is TransferMcpServerValue => !!v && v.id > 0,
    );
    // new ids in the order of the old ones: the newest version keeps the highest id
    const distinct = [...new Set(values.map((v) => v.id))].sort((a, b) => a - b);
    let nextValue = await mcp.nextIds('MCP_SERVER_VALUE_ID', distinct.length + 1);
    const valueIds = new Map(distinct.map((id) => [id, nextValue++]));
    // numbered below, from the ids (the file carries no version numbers)
    const valueIn = (v: TransferMcpServerValue): ServerVersion => ({
      id: valueIds.get(v.id)!,
      version: 0,
      description: v.description,
      tools: v.tools.map((t) => toolOf(t, namespace)),
      opUser: v.opUser,
      updateTime: v.updateTime,
    });
    const current =
      raw.currentValue && raw.currentValue.id > 0
        ? valueIn(raw.currentValue)
        : {
            id: nextValue++,
            version: 0,
            description: raw.description,
            tools: [],
            opUser: raw.createUser,
            updateTime: raw.createTime,
          };
    const uniqueKey = raw.uniqueKey || `${raw.createTime}_${raw.id}`;
    const id =
      servers.get(uniqueKey)?.id ?? mcp.getServerByKey(uniqueKey)?.id ?? (await mcp.nextIds('MCP_SERVER_ID', 1));
    const server: McpServer = {
      id,
      uniqueKey,
      namespace,
      name: raw.name,
      description: raw.description,
      authKeys: raw.authKeys,
      createTime: raw.createTime,
      createUser: raw.createUser,
      current,
      release: raw.releaseValue && raw.releaseValue.id > 0 ? valueIn(raw.releaseValue) : null,
      histories: raw.histories.filter((h) => h.id > 0).map(valueIn),
    };
    servers.set(uniqueKey, numberVersions(server));
  }
  if (servers.size > 0) await mcp.putServers([...servers.values()]);
  return { specs: specs.length, servers: servers.size };
}
