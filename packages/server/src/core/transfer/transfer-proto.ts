import protobuf from 'protobufjs';

/**
 * The protobuf messages of r-nacos transfer files (package `transfer` for the envelope, the data objects for
 * the table values). Field numbers and types are the wire contract; names keep the proto spelling.
 * `optional` marks explicit presence (written even when empty), as r-nacos declares it.
 */
const SCHEMA = `
syntax = "proto3";
package transfer;

message TableNameMapEntity { uint32 id = 1; string name = 2; }

message TransferHeader {
  uint64 version = 1;
  uint64 modify_time = 2;
  string from_sys = 3;
  repeated TableNameMapEntity table_name_map_entities = 4;
  bytes extend = 5;
}

message TransferItem {
  string table_name = 1;
  uint32 table_id = 2;
  bytes key = 3;
  bytes value = 4;
}

message ConfigHistoryItemDO {
  optional uint64 id = 1;
  optional string content = 2;
  optional int64 last_time = 3;
  optional string op_user = 4;
}

message ConfigValueDO {
  optional string content = 1;
  repeated ConfigHistoryItemDO histories = 2;
  optional string config_type = 3;
  optional string desc = 4;
}

// The same config value with its texts as bytes, to check they are UTF-8 before they are read as text.
message ConfigHistoryItemBytes { optional bytes content = 2; }
message ConfigValueBytes { optional bytes content = 1; repeated ConfigHistoryItemBytes histories = 2; }

// tsnacos's gray release of a config (table T_CONFIG_GRAY, key as T_CONFIG's); no r-nacos counterpart.
message ConfigGrayDO {
  string gray_name = 1;
  string gray_rule = 2;
  string content = 3;
  string config_type = 4;
  string desc = 5;
  int64 last_time = 6;
  string op_user = 7;
  string encrypted_data_key = 8;
}
message ConfigGrayBytes { bytes content = 3; }

message NamespaceDO {
  optional string namespace_id = 1;
  optional string namespace_name = 2;
  optional string type = 3;
}

message UserDo {
  string username = 1;
  string password = 2;
  string nickname = 3;
  uint32 gmt_create = 4;
  uint32 gmt_modified = 5;
  bool enable = 6;
  repeated string roles = 7;
  map<string, string> extend_info = 8;
  optional string password_hash = 9;
  optional uint32 namespace_privilege_flags = 10;
  repeated string namespace_white_list = 11;
  repeated string namespace_black_list = 12;
  optional string source = 13;
}

message InstanceDo {
  string ip = 1;
  uint32 port = 2;
  float weight = 3;
  bool enabled = 4;
  bool healthy = 5;
  bool ephemeral = 6;
  map<string, string> metadata = 7;
  string namespace_id = 8;
  string group_name = 9;
  string service_name = 10;
  optional string cluster_name = 11;
  optional string app_name = 12;
}

// The MCP service (r-nacos data_object.proto): tool specs and MCP servers.
message ToolSpecVersionDo {
  uint64 version = 1;
  string parameters_json = 2;
  string op_user = 3;
  int64 update_time = 4;
}

message McpToolSpecDo {
  string namespace = 1;
  string group = 2;
  string tool_name = 3;
  uint64 current_version = 4;
  int64 create_time = 5;
  string create_user = 6;
  repeated ToolSpecVersionDo versions = 7;
}

message McpToolDo {
  string tool_name = 2;
  string namespace = 3;
  string group = 4;
  uint64 version = 5;
  string route_rule_json = 6;
}

message McpServerValueDo {
  uint64 id = 1;
  string description = 2;
  repeated McpToolDo tools = 3;
  string op_user = 4;
  int64 update_time = 5;
}

message McpServerDo {
  uint64 id = 1;
  string namespace = 2;
  string name = 3;
  string description = 4;
  repeated string auth_keys = 5;
  int64 create_time = 6;
  string create_user = 7;
  McpServerValueDo current_value = 8;
  McpServerValueDo release_value = 9;
  repeated McpServerValueDo histories = 10;
  string unique_key = 11;
}
`;

const root = protobuf.parse(SCHEMA, { keepCase: true }).root;

export const TransferHeaderMessage = root.lookupType('transfer.TransferHeader');
export const TransferItemMessage = root.lookupType('transfer.TransferItem');
export const ConfigValueMessage = root.lookupType('transfer.ConfigValueDO');
export const ConfigValueBytesMessage = root.lookupType('transfer.ConfigValueBytes');
export const ConfigGrayMessage = root.lookupType('transfer.ConfigGrayDO');
export const ConfigGrayBytesMessage = root.lookupType('transfer.ConfigGrayBytes');
export const NamespaceMessage = root.lookupType('transfer.NamespaceDO');
export const UserMessage = root.lookupType('transfer.UserDo');
export const InstanceMessage = root.lookupType('transfer.InstanceDo');
export const McpToolSpecMessage = root.lookupType('transfer.McpToolSpecDo');
export const McpServerMessage = root.lookupType('transfer.McpServerDo');

/** Plain-object view of a decoded message: 64-bit integers as numbers, bytes as Uint8Array. */
export function decodeMessage(type: protobuf.Type, bytes: Uint8Array): Record<string, unknown> {
  const message = type.decode(bytes);
  return type.toObject(message, { longs: Number, defaults: false, arrays: true, objects: true });
}

export function encodeMessage(type: protobuf.Type, value: Record<string, unknown>): Uint8Array {
  return type.encode(type.fromObject(value)).finish();
}

/** `varint(len) + bytes`: the delimited framing of the stream and of the MCP/naming values. */
export function delimited(bytes: Uint8Array): Uint8Array {
  const writer = protobuf.Writer.create();
  writer.bytes(bytes);
  return writer.finish();
}
