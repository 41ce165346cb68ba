/** The MCP service's data: tool specs (versioned tool definitions) and MCP servers (published tool sets). */

/** A JSON Schema object, kept as given. */
export type JsonSchemaObject = Record<string, unknown>;

/** What an MCP client sees of a tool. */
export interface ToolFunction {
  name: string;
  description: string;
  inputSchema: JsonSchemaObject;
}

export interface ToolSpecKey {
  namespace: string;
  group: string;
  toolName: string;
}

export interface ToolSpecVersion {
  version: number;
  function: ToolFunction;
  opUser: string;
  updateTime: number;
}

/** A tool spec: its current version, and the older versions some server version still names. */
export interface ToolSpec {
  key: ToolSpecKey;
  currentVersion: number;
  createTime: number;
  createUser: string;
  /** Ascending by version. */
  versions: ToolSpecVersion[];
}

export const CONVERT_TYPES = ['NONE', 'JSON_TO_FORM', 'JSON_TO_URL', 'CUSTOM'] as const;
export type ConvertType = (typeof CONVERT_TYPES)[number];

/** Where a tool call goes: an HTTP service of the registry. */
export interface RouteRule {
  protocol: string;
  /** A path sent to an instance, or a URL with `{IP_PORT}`; `{{arg}}` takes an argument. */
  url: string;
  method: string;
  additionHeaders: Record<string, string>;
  convertType: ConvertType;
  /** "" is the tool's namespace. */
  serviceNamespace: string;
  serviceGroup: string;
  serviceName: string;
}

/** A tool of a server version: the spec version it names (with that version's definition) and its route. */
export interface ServerTool {
  toolName: string;
  toolKey: ToolSpecKey;
  toolVersion: number;
  spec: ToolFunction;
  routeRule: RouteRule;
}

export interface ServerVersion {
  /** Unique over all servers (one sequence for all of them): what the API and transfer files name. */
  id: number;
  /**
   * The server's own number of this version: its first published version is 1, each publish of the draft
   * the next one; the draft carries the number it is published under. 0: not numbered yet (see
   * `numberVersions`).
   */
  version: number;
  description: string;
  tools: ServerTool[];
  opUser: string;
  updateTime: number;
}

export interface McpServer {
  id: number;
  /** The key of its endpoint; unique over all namespaces. */
  uniqueKey: string;
  namespace: string;
  name: string;
  description: string;
  authKeys: string[];
  createTime: number;
  createUser: string;
  /** The draft. */
  current: ServerVersion;
  /** The served version; null before the first publish. */
  release: ServerVersion | null;
  /** Published versions, oldest first. */
  histories: ServerVersion[];
}

/**
 * A server whose versions all carry their number. Versions without one (a document stored by an older
 * release, a transfer file, which carries only ids) are numbered from their ids: the published ones (kept
 * and served) 1, 2, ... in the order of their ids, the draft after them unless it is one of them.
 */
export function numberVersions(server: McpServer): McpServer {
  const all = [server.current, ...(server.release ? [server.release] : []), ...server.histories];
  if (all.every((v) => typeof v.version === 'number' && v.version > 0)) return server;
  const published = [...new Set([...(server.release ? [server.release] : []), ...server.histories].map((v) => v.id))];
  published.sort((a, b) => a - b);
  const numbers = new Map(published.map((id, i) => [id, i + 1]));
  const numbered = (v: ServerVersion): ServerVersion =>
    Object.assign({}, v, { version: numbers.get(v.id) ?? published.length + 1 });
  return Object.assign({}, server, {
    current: numbered(server.current),
    release: server.release ? numbered(server.release) : null,
    histories: server.histories.map(numbered),
  });
}

/** How many published versions a server keeps. */
export const MAX_SERVER_HISTORIES = 10;

export const DEFAULT_NAMESPACE = 'public';

export const specKeyString = (key: ToolSpecKey): string => `${key.namespace}:${key.group}:${key.toolName}`;

export const sameSpecKey = (a: ToolSpecKey, b: ToolSpecKey): boolean =>
  a.namespace === b.namespace && a.group === b.group && a.toolName === b.toolName;

/** Every (spec, version) some version of the server names. */
export function specVersionsUsedBy(server: McpServer): ServerTool[] {
  const versions = [server.current, ...(server.release ? [server.release] : []), ...server.histories];
  return versions.flatMap((v) => v.tools);
}

/**
 * Every namespace the tools of a server version reach: the namespaces of the specs its tools name and of the services
 * they route to (a route's "" is its tool's namespace, as the tool invoker reads it).
 */
export function namespacesNamedBy(tools: readonly ServerTool[]): Set<string> {
  const names = new Set<string>();
  for (const tool of tools) {
    const own = tool.toolKey.namespace || DEFAULT_NAMESPACE;
    names.add(own);
    names.add(tool.routeRule.serviceNamespace || own);
  }
  return names;
}

/** One page of a listing, and how many there are in all. */
export interface Page<T> {
  totalCount: number;
  list: T[];
}

export interface Paging {
  offset: number;
  limit: number;
}
