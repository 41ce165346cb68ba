/** Constants of the r-nacos transfer file (8-byte prefix, then varint-delimited protobuf messages). */

/** ASCII "naco", big-endian, at offset 0. */
export const TRANSFER_MAGIC = 0x6e61636f;
export const TRANSFER_FORMAT_VERSION = 0;
export const PREFIX_LENGTH = 8;

export const T_CONFIG = 'T_CONFIG';
const T_SEQUENCE = 'T_SEQUENCE';
export const T_NAMESPACE = 'T_NAMESPACE';
export const T_USER = 'T_USER';
export const T_CACHE = 'T_CACHE';
export const T_MCP_TOOL_SPEC = 'T_MCP_TOOL_SPEC';
export const T_MCP_SERVER = 'T_MCP_SERVER';
export const T_NAMING_INSTANCE = 'T_NAMING_INSTANCE';
/**
 * Gray (beta and tag) releases of configs: written by tsnacos only. r-nacos (which has no gray releases) and
 * tsnacos readers before it ignore records of a table name they do not know.
 */
export const T_CONFIG_GRAY = 'T_CONFIG_GRAY';

/** The id -> name map a server export declares in its header. */
export const SERVER_TABLE_IDS: ReadonlyArray<readonly [number, string]> = [
  [1, T_CONFIG],
  [2, T_SEQUENCE],
  [3, T_NAMESPACE],
  [4, T_USER],
  [5, T_CACHE],
  [6, T_MCP_TOOL_SPEC],
  [7, T_MCP_SERVER],
  [8, T_NAMING_INSTANCE],
  [9, T_CONFIG_GRAY],
];

/** The shorter map the offline converters declare. */
export const CONVERTER_TABLE_IDS = SERVER_TABLE_IDS.slice(0, 5);

/** Table names a record may carry by name (`table_id == 0`); any other name is ignored by readers. */
export const KNOWN_TABLES: ReadonlySet<string> = new Set([
  T_CONFIG,
  T_USER,
  T_CACHE,
  T_NAMESPACE,
  T_MCP_TOOL_SPEC,
  T_MCP_SERVER,
  T_NAMING_INSTANCE,
  T_CONFIG_GRAY,
]);

/** Largest single message accepted; a bigger length prefix means the file is damaged. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/** A damaged or foreign file: says what is wrong and at which byte offset of the file. */
export class TransferFormatError extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(`invalid transfer file at byte ${offset}: ${reason}`);
    this.name = 'TransferFormatError';
  }
}
