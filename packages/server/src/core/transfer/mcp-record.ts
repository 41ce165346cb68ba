import protobuf from 'protobufjs';
import type { TransferMcpServer, TransferMcpServerValue, TransferMcpToolSpec } from './transfer-model.js';
import { McpServerMessage, McpToolSpecMessage, delimited, encodeMessage } from './transfer-proto.js';

/*
 * MCP records as r-nacos writes them: a tool spec keyed `namespace:group:toolName`, a server keyed by its id
 * as 8 big-endian bytes; both values length-prefixed protobuf (the length varint is part of the value).
 */

type Raw = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
const num = (v: unknown) => Number(v ?? 0);

function decodeDelimited(type: protobuf.Type, value: Uint8Array, what: string): Raw {
  const reader = protobuf.Reader.create(value);
  const message = type.decodeDelimited(reader);
  if (reader.pos !== value.length) {
    throw new Error(`${what} value has ${value.length - reader.pos} bytes after its length-prefixed message`);
  }
  return type.toObject(message, { longs: Number, defaults: false, arrays: true, objects: true });
}

export function decodeMcpToolSpecRecord(value: Uint8Array): TransferMcpToolSpec {
  const raw = decodeDelimited(McpToolSpecMessage, value, 'tool spec');
  const spec: TransferMcpToolSpec = {
    namespace: str(raw.namespace),
    group: str(raw.group),
    toolName: str(raw.tool_name),
    currentVersion: num(raw.current_version),
    createTime: num(raw.create_time),
    createUser: str(raw.create_user),
    versions: ((raw.versions as Raw[] | undefined) ?? []).map((v) => ({
      version: num(v.version),
      parametersJson: str(v.parameters_json),
      opUser: str(v.op_user),
      updateTime: num(v.update_time),
    })),
  };
  if (!spec.group || !spec.toolName) throw new Error('tool spec record lacks group or tool name');
  return spec;
}

export function encodeMcpToolSpecValue(spec: TransferMcpToolSpec): Uint8Array {
  return delimited(
    encodeMessage(McpToolSpecMessage, {
      namespace: spec.namespace,
      group: spec.group,
      tool_name: spec.toolName,
      current_version: spec.currentVersion,
      create_time: spec.createTime,
      create_user: spec.createUser,
      versions: spec.versions.map((v) => ({
        version: v.version,
        parameters_json: v.parametersJson,
        op_user: v.opUser,
        update_time: v.updateTime,
      })),
    }),
  );
}

export const mcpToolSpecKey = (spec: TransferMcpToolSpec) => `${spec.namespace}:${spec.group}:${spec.toolName}`;

function valueOf(raw: Raw | undefined): TransferMcpServerValue | undefined {
  if (!raw) return undefined;
  return {
    id: num(raw.id),
    description: str(raw.description),
    tools: ((raw.tools as Raw[] | undefined) ?? []).map((t) => ({
      toolName: str(t.tool_name),
      namespace: str(t.namespace),
      group: str(t.group),
      version: num(t.version),
      routeRuleJson: str(t.route_rule_json),
    })),
    opUser: str(raw.op_user),
    updateTime: num(raw.update_time),
  };
}

const rawValue = (v: TransferMcpServerValue) => ({
  id: v.id,
  description: v.description,
  tools: v.tools.map((t) => ({
    tool_name: t.toolName,
    namespace: t.namespace,
    group: t.group,
    version: t.version,
    route_rule_json: t.routeRuleJson,
  })),
  op_user: v.opUser,
  update_time: v.updateTime,
});

export function decodeMcpServerRecord(value: Uint8Array): TransferMcpServer {
  const raw = decodeDelimited(McpServerMessage, value, 'MCP server');
  const server: TransferMcpServer = {
    id: num(raw.id),
    uniqueKey: str(raw.unique_key),
    namespace: str(raw.namespace),
    name: str(raw.name),
    description: str(raw.description),
    authKeys: ((raw.auth_keys as unknown[] | undefined) ?? []).map(str),
    createTime: num(raw.create_time),
    createUser: str(raw.create_user),
    currentValue: valueOf(raw.current_value as Raw | undefined),
    releaseValue: valueOf(raw.release_value as Raw | undefined),
    histories: ((raw.histories as Raw[] | undefined) ?? []).map((h) => valueOf(h)!),
  };
  if (!server.name) throw new Error('MCP server record lacks a name');
  return server;
}

export function encodeMcpServerValue(server: TransferMcpServer): Uint8Array {
  return delimited(
    encodeMessage(McpServerMessage, {
      id: server.id,
      unique_key: server.uniqueKey,
      namespace: server.namespace,
      name: server.name,
      description: server.description,
      auth_keys: server.authKeys,
      create_time: server.createTime,
      create_user: server.createUser,
      ...(server.currentValue ? { current_value: rawValue(server.currentValue) } : {}),
      ...(server.releaseValue ? { release_value: rawValue(server.releaseValue) } : {}),
      histories: server.histories.map(rawValue),
    }),
  );
}

/** The key of a server record: its id, 8 bytes big-endian. */
export function mcpServerKey(id: number): Uint8Array {
  const key = new Uint8Array(8);
  new DataView(key.buffer).setBigUint64(0, BigInt(id));
  return key;
}
