import type { PageParam } from './console/envelope.js';

/*
 * The MCP service's console API (`/rnacos/api/console/v2/mcp/...`). Field names are r-nacos's, so its
 * console works against tsnacos unchanged; fields marked "tsnacos" are additions r-nacos does not send.
 */

/** A JSON Schema (the input of a tool). The common keywords are named; any other keyword is kept as given. */
export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  description?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

/** What an MCP client sees of a tool in `tools/list`. */
export interface ToolFunctionValue {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** Identifies a tool spec. */
export interface ToolKey {
  namespace: string;
  group: string;
  toolName: string;
}

/** A row of `GET /v2/mcp/toolspec/list` and the answer of `GET /v2/mcp/toolspec/info`. */
export interface ToolSpecDto {
  namespace: string;
  group: string;
  toolName: string;
  /** The current version's id (grows with every edit, across all specs). */
  version: number;
  /** `function.name`. */
  name: string;
  /** `function.description`. */
  description: string;
  /** Epoch milliseconds. */
  createTime: number;
  lastModifiedMillis: number;
  function: ToolFunctionValue;
}

/** Query of `GET /v2/mcp/toolspec/list` and `/download`; `namespaceId` "" or absent is "public". */
export interface ToolSpecQueryParam extends PageParam {
  namespaceId?: string;
  /** Substring of the group. */
  groupFilter?: string;
  /** Substring of the tool name. */
  toolNameFilter?: string;
}

/**
 * Body of `POST /v2/mcp/toolspec/add|update` (a new version), query of `GET .../info` and body of
 * `POST .../remove` (only the key); `POST .../batch_update` takes an array of these.
 */
export interface ToolSpecParam {
  namespace?: string;
  group: string;
  toolName: string;
  /** Required for add/update; `function.name` defaults to `toolName`. */
  function?: ToolFunctionValue;
}

/** How the arguments of a call reach the routed HTTP service. */
export type McpConvertType =
  /** The arguments as a JSON body. */
  | 'NONE'
  /** The arguments as an `application/x-www-form-urlencoded` body. */
  | 'JSON_TO_FORM'
  /** The arguments appended to the URL's query. */
  | 'JSON_TO_URL'
  /** As NONE. */
  | 'CUSTOM';

/** What a withheld secret (a route rule's header value) reads. */
export const MASKED_VALUE = '******';

/** Where `tools/call` sends a call: an HTTP service of the registry. */
export interface ToolRouteRule {
  /** "http". */
  protocol: string;
  /**
   * A path (`/orders/{{id}}`: sent to a healthy instance of the service) or a URL with `{IP_PORT}` where the
   * instance goes; `{{name}}` is replaced by the call's argument `name` (URL-encoded).
   */
  url: string;
  /** GET, POST, PUT, DELETE, PATCH. */
  method: string;
  /** Sent along with each call; to users who may not change MCP servers each value reads `MASKED_VALUE`. */
  additionHeaders: Record<string, string>;
  convertType: McpConvertType;
  /** The service's namespace; "" or absent: the tool's namespace (tsnacos; r-nacos always uses the tool's). */
  serviceNamespace?: string;
  serviceGroup: string;
  serviceName: string;
}

/** A tool of an MCP server version: the spec version it names, resolved, and its route. */
export interface McpTool {
  toolName: string;
  toolKey: ToolKey;
  toolVersion: number;
  spec: ToolFunctionValue;
  routeRule: ToolRouteRule;
}

/** A version of an MCP server's tools: the draft (`currentValue`), the served one, or a history entry. */
export interface McpServerValue {
  /** Version id, unique over all servers (what `historyValueId` names); 0 for "none". */
  id: number;
  /**
   * The server's own number of this version (tsnacos): 1 for its first published version, counting each
   * publish; the draft has the number it is published under.
   */
  version: number;
  description: string;
  tools: McpTool[];
  opUser: string;
  updateTime: number;
}

/** `GET /v2/mcp/server/history` rows. */
export type McpServerValueDto = McpServerValue;

/** A row of `GET /v2/mcp/server/list` and the answer of `GET /v2/mcp/server/info`. */
export interface McpServerDto {
  id: number;
  /** The server key of the MCP endpoint: `/rnacos/mcp/{uniqueKey}/{authKey}`. */
  uniqueKey: string;
  namespace: string;
  name: string;
  description: string;
  /** The keys MCP clients connect with; empty for users who may not change MCP servers (`authKeysHidden`). */
  authKeys: string[];
  /** True when `authKeys` and the route rules' header values are withheld from this user. */
  authKeysHidden?: boolean;
  createTime: number;
  lastModifiedMillis: number;
  /** The draft that `publish` serves next. */
  currentValue: McpServerValue | null;
  /** The served version; null before the first publish. */
  releaseValue: McpServerValue | null;
  /** Published versions, oldest first (at most 10 kept). */
  histories: McpServerValue[] | null;
}

/** Query of `GET /v2/mcp/server/list` and `/download`. */
export interface McpServerQueryParam extends PageParam {
  namespaceId?: string;
  /** Substring of the name. */
  nameFilter?: string;
}

/** A tool of `McpServerParam.tools`. */
export interface McpSimpleToolParam {
  id?: number;
  toolName: string;
  /** The spec's namespace; "" is the server's namespace. */
  namespace: string;
  group: string;
  /** A version of the spec; absent: its current version. */
  toolVersion?: number;
  routeRule?: ToolRouteRule;
}

/**
 * Body of `POST /v2/mcp/server/add` (name and authKeys required; the new server is published at once),
 * `/update` (id required, absent fields unchanged, tools make a new draft), `/remove` and `/publish` (id),
 * and the query of `GET /v2/mcp/server/info` (id).
 */
export interface McpServerParam {
  id?: number;
  /** Server key; absent on add: generated. Letters, digits, `_`, `-`, `.`. */
  uniqueKey?: string;
  namespace?: string;
  name?: string;
  description?: string;
  authKeys?: string[];
  tools?: McpSimpleToolParam[];
}

/** Query of `GET /v2/mcp/server/history`, newest first. */
export interface McpServerHistoryQueryParam extends PageParam {
  id: number;
  /** Epoch milliseconds, inclusive. */
  startTime?: number;
  endTime?: number;
}

/** Body of `POST /v2/mcp/server/publish/history`: serve an older published version again. */
export interface McpServerHistoryPublishParam {
  id: number;
  historyValueId: number;
}

/**
 * Body of `POST /v2/mcp/server/tool/call` (tsnacos): calls a tool of a server the way an MCP client's
 * `tools/call` does, for the console's "try a tool" panel.
 */
export interface McpToolCallParam {
  id: number;
  toolName: string;
  arguments?: Record<string, unknown>;
  /** Call the draft's tool instead of the served one. */
  draft?: boolean;
}

/** `data` of `POST /v2/mcp/server/tool/call`: what an MCP client would get. */
export interface McpToolCallResultDto {
  /** The MCP result's `isError`. */
  isError: boolean;
  /** The response body, or the error text. */
  text: string;
  /** HTTP status of the routed service; null when no call was made. */
  status: number | null;
  /** The instance called (`ip:port`); null when none. */
  instance: string | null;
  elapsedMillis: number;
}

/** `data` of `GET /v2/mcp/server/endpoint` (tsnacos): where MCP clients connect. */
export interface McpEndpointDto {
  /** The SDK HTTP port serving `/rnacos/mcp/...`. */
  port: number;
  /** `/rnacos/mcp/{uniqueKey}/{authKey}` (streamable HTTP). */
  streamableHttpPath: string;
  /** `/rnacos/mcp/sse/{uniqueKey}/{authKey}` (SSE). */
  ssePath: string;
}
