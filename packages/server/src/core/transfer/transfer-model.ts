import type { GrayRule } from '../config/config-gray.js';
/** The logical content of a transfer file, independent of its encoding. */

export interface TransferHeaderInfo {
  version: number;
  /** Export time, epoch ms. */
  modifyTime: number;
  fromSys: string;
  /** table_id -> table name, as declared by the writer. */
  tableNames: Map<number, string>;
  extend: Record<string, string>;
}

/** One value a config held; `lastTime` is when it took that value (epoch ms). */
export interface TransferHistoryItem {
  id?: number;
  content: string;
  lastTime: number;
  opUser?: string;
}

export interface TransferConfig {
  /** Canonical: the default namespace is "". */
  namespaceId: string;
  group: string;
  dataId: string;
  content: string;
  /** Oldest first; the last item holds the current content. */
  histories: TransferHistoryItem[];
  type?: string;
  desc?: string;
}

export interface TransferNamespace {
  namespaceId: string;
  namespaceName: string;
  /** "0" system, "2" user-created. */
  type?: string;
}

export interface TransferNamespacePrivilege {
  /** Bits: 1 enabled, 2 whitelist is all, 4 blacklist is all. */
  flags: number;
  whitelist: string[];
  blacklist: string[];
}

export interface TransferUser {
  username: string;
  nickname: string;
  /** bcrypt; absent only for legacy records that carry a plaintext `password`. */
  passwordHash?: string;
  /** Legacy plaintext, normally "". */
  password: string;
  /** Epoch seconds. */
  gmtCreate: number;
  gmtModified: number;
  enable: boolean;
  /** Role codes: "0" admin, "1" developer, "2" guest. */
  roles: string[];
  extendInfo: Record<string, string>;
  namespacePrivilege?: TransferNamespacePrivilege;
  /** INNER or LDAP; absent means INNER. */
  source?: string;
}

export interface TransferInstance {
  ip: string;
  port: number;
  weight: number;
  enabled: boolean;
  healthy: boolean;
  ephemeral: boolean;
  metadata: Record<string, string>;
  namespaceId: string;
  groupName: string;
  serviceName: string;
  clusterName?: string;
  appName?: string;
}

/** A version of an MCP tool spec; `parametersJson` is the tool definition `{name, description, inputSchema}`. */
export interface TransferToolSpecVersion {
  version: number;
  parametersJson: string;
  opUser: string;
  updateTime: number;
}

export interface TransferMcpToolSpec {
  namespace: string;
  group: string;
  toolName: string;
  currentVersion: number;
  createTime: number;
  createUser: string;
  versions: TransferToolSpecVersion[];
}

/** A tool of an MCP server version: the spec version it names and its route rule as JSON. */
export interface TransferMcpTool {
  toolName: string;
  namespace: string;
  group: string;
  version: number;
  routeRuleJson: string;
}

export interface TransferMcpServerValue {
  id: number;
  description: string;
  tools: TransferMcpTool[];
  opUser: string;
  updateTime: number;
}

export interface TransferMcpServer {
  id: number;
  uniqueKey: string;
  namespace: string;
  name: string;
  description: string;
  authKeys: string[];
  createTime: number;
  createUser: string;
  currentValue?: TransferMcpServerValue;
  /** r-nacos writes an empty value (id 0) for a server never published. */
  releaseValue?: TransferMcpServerValue;
  histories: TransferMcpServerValue[];
}

/** A gray (beta or tag) release of a config, as nacos names and rules it. */
export interface TransferGray {
  namespaceId: string;
  group: string;
  dataId: string;
  /** `beta`, or `tag_<tag>`. */
  grayName: string;
  rule: GrayRule;
  content: string;
  type?: string;
  desc?: string;
  /** Epoch ms of its last change. */
  lastTime: number;
  opUser?: string;
  encryptedDataKey?: string;
}

/** Records of tables this server understands; anything else is counted, not kept. */
export interface TransferContent {
  configs: TransferConfig[];
  namespaces: TransferNamespace[];
  users: TransferUser[];
  instances: TransferInstance[];
  /** MCP records (absent: none, e.g. from the converters of other systems). */
  mcpToolSpecs?: TransferMcpToolSpec[];
  mcpServers?: TransferMcpServer[];
  /** Gray releases of configs (absent: none, e.g. from r-nacos). */
  grays?: TransferGray[];
}

export function emptyContent(): TransferContent {
  return { configs: [], namespaces: [], users: [], instances: [], mcpToolSpecs: [], mcpServers: [], grays: [] };
}

/** How many records of each table a file held (or an import applied). */
export type TableCounts = Record<string, number>;
