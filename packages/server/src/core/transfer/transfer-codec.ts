import { configRecordKey, decodeConfigRecord, encodeConfigValue } from './config-record.js';
import { decodeGrayRecord, encodeGrayValue, grayRecordKey } from './config-gray-record.js';
import { decodeInstanceRecord, encodeInstanceValue } from './instance-record.js';
import { decodeNamespaceRecord, encodeNamespaceValue } from './namespace-record.js';
import {
  decodeMcpServerRecord,
  decodeMcpToolSpecRecord,
  encodeMcpServerValue,
  encodeMcpToolSpecValue,
  mcpServerKey,
  mcpToolSpecKey,
} from './mcp-record.js';
import {
  T_CONFIG,
  T_CONFIG_GRAY,
  T_MCP_SERVER,
  T_MCP_TOOL_SPEC,
  T_NAMESPACE,
  T_NAMING_INSTANCE,
  T_USER,
  TransferFormatError,
} from './transfer-format.js';
import {
  emptyContent,
  type TableCounts,
  type TransferConfig,
  type TransferContent,
  type TransferGray,
  type TransferHeaderInfo,
  type TransferInstance,
  type TransferMcpServer,
  type TransferMcpToolSpec,
  type TransferNamespace,
  type TransferUser,
} from './transfer-model.js';
import { readTransfer, type TransferRecord } from './transfer-reader.js';
import { encodeFileStart, encodeRecord, type HeaderInput } from './transfer-writer.js';
import { decodeUserRecord, encodeUserValue } from './user-record.js';

export type DecodedRecord =
  | { table: typeof T_CONFIG; config: TransferConfig }
  | { table: typeof T_CONFIG_GRAY; gray: TransferGray }
  | { table: typeof T_NAMESPACE; namespace: TransferNamespace }
  | { table: typeof T_USER; user: TransferUser }
  | { table: typeof T_NAMING_INSTANCE; instance: TransferInstance }
  | { table: typeof T_MCP_TOOL_SPEC; spec: TransferMcpToolSpec }
  | { table: typeof T_MCP_SERVER; server: TransferMcpServer }
  /** A table this server does not use (T_CACHE, unknown names): counted, not kept. */
  | { table: 'other'; name: string };

/** Decodes the value of one record; a malformed value is reported at the record's offset. */
export function decodeRecord(record: TransferRecord): DecodedRecord {
  try {
    switch (record.table) {
      case T_CONFIG:
        return { table: T_CONFIG, config: decodeConfigRecord(record.key, record.value) };
      case T_CONFIG_GRAY:
        return { table: T_CONFIG_GRAY, gray: decodeGrayRecord(record.key, record.value) };
      case T_NAMESPACE:
        return { table: T_NAMESPACE, namespace: decodeNamespaceRecord(record.key, record.value) };
      case T_USER:
        return { table: T_USER, user: decodeUserRecord(record.key, record.value) };
      case T_NAMING_INSTANCE:
        return { table: T_NAMING_INSTANCE, instance: decodeInstanceRecord(record.value) };
      case T_MCP_TOOL_SPEC:
        return { table: T_MCP_TOOL_SPEC, spec: decodeMcpToolSpecRecord(record.value) };
      case T_MCP_SERVER:
        return { table: T_MCP_SERVER, server: decodeMcpServerRecord(record.value) };
      default:
        return { table: 'other', name: tableLabel(record) };
    }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new TransferFormatError(record.offset, `${record.table} record is invalid: ${reason}`);
  }
}

/** How a record is counted: its resolved table, or what the file called it. */
function tableLabel(record: TransferRecord): string {
  if (record.table) return record.table;
  if (record.tableId !== 0) return `table id ${record.tableId}`;
  return record.tableName || '(unnamed)';
}

export interface DecodedTransfer {
  header: TransferHeaderInfo;
  content: TransferContent;
  /** Records per table, every table of the file. */
  tables: TableCounts;
  /** Records of tables this server does not use. */
  ignored: number;
  /** File size in bytes. */
  bytes: number;
}

export interface DecodeProgress {
  (bytesRead: number, records: number): void;
}

/**
 * Gathers decoded records into a DecodedTransfer: every table counted, the records of the tables this server
 * uses kept. The console decodes in a worker and adds the records it sends back here.
 */
export class DecodedRecords {
  readonly content = emptyContent();
  readonly tables: TableCounts = {};
  ignored = 0;
  count = 0;

  add(decoded: DecodedRecord): void {
    const { content } = this;
    const label = decoded.table === 'other' ? decoded.name : decoded.table;
    this.tables[label] = (this.tables[label] ?? 0) + 1;
    this.count++;
    if (decoded.table === T_CONFIG) content.configs.push(decoded.config);
    else if (decoded.table === T_CONFIG_GRAY) content.grays!.push(decoded.gray);
    else if (decoded.table === T_NAMESPACE) content.namespaces.push(decoded.namespace);
    else if (decoded.table === T_USER) content.users.push(decoded.user);
    else if (decoded.table === T_NAMING_INSTANCE) content.instances.push(decoded.instance);
    else if (decoded.table === T_MCP_TOOL_SPEC) content.mcpToolSpecs!.push(decoded.spec);
    else if (decoded.table === T_MCP_SERVER) content.mcpServers!.push(decoded.server);
    else this.ignored++;
  }

  finish(header: TransferHeaderInfo | undefined, bytes: number): DecodedTransfer {
    if (!header) throw new TransferFormatError(0, 'no header');
    return { header, content: this.content, tables: this.tables, ignored: this.ignored, bytes };
  }
}

/** Reads and validates a whole file; throws TransferFormatError on the first damage found. */
export async function decodeTransfer(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  onProgress?: DecodeProgress,
): Promise<DecodedTransfer> {
  let bytes = 0;
  const counted = (async function* () {
    for await (const chunk of source) {
      bytes += chunk.length;
      yield chunk;
    }
  })();
  let header: TransferHeaderInfo | undefined;
  const records = new DecodedRecords();
  for await (const entry of readTransfer(counted)) {
    if (entry.kind === 'header') {
      header = entry.header;
      continue;
    }
    records.add(decodeRecord(entry.record));
    onProgress?.(bytes, records.count);
  }
  return records.finish(header, bytes);
}

const encoder = new TextEncoder();

export const encodeConfigRecord = (config: TransferConfig) =>
  encodeRecord(T_CONFIG, encoder.encode(configRecordKey(config)), encodeConfigValue(config));
export const encodeNamespaceRecord = (ns: TransferNamespace) =>
  encodeRecord(T_NAMESPACE, encoder.encode(ns.namespaceId), encodeNamespaceValue(ns));
export const encodeUserRecord = (user: TransferUser) =>
  encodeRecord(T_USER, encoder.encode(user.username), encodeUserValue(user));
const encodeGrayRecord = (gray: TransferGray) =>
  encodeRecord(T_CONFIG_GRAY, encoder.encode(grayRecordKey(gray)), encodeGrayValue(gray));
const encodeInstanceRecord = (instance: TransferInstance) =>
  encodeRecord(T_NAMING_INSTANCE, new Uint8Array(0), encodeInstanceValue(instance));

const encodeMcpToolSpecRecord = (spec: TransferMcpToolSpec) =>
  encodeRecord(T_MCP_TOOL_SPEC, encoder.encode(mcpToolSpecKey(spec)), encodeMcpToolSpecValue(spec));
const encodeMcpServerRecord = (server: TransferMcpServer) =>
  encodeRecord(T_MCP_SERVER, mcpServerKey(server.id), encodeMcpServerValue(server));

/**
 * The file, in chunks: prefix and header, then configs, MCP specs and servers, namespaces, users, instances
 * (r-nacos's order), then gray releases (a table r-nacos does not know, last).
 */
export function* encodeTransfer(content: TransferContent, header: HeaderInput): Generator<Uint8Array> {
  yield encodeFileStart(header);
  for (const config of content.configs) yield encodeConfigRecord(config);
  for (const spec of content.mcpToolSpecs ?? []) yield encodeMcpToolSpecRecord(spec);
  for (const server of content.mcpServers ?? []) yield encodeMcpServerRecord(server);
  for (const ns of content.namespaces) yield encodeNamespaceRecord(ns);
  for (const user of content.users) yield encodeUserRecord(user);
  for (const instance of content.instances) yield encodeInstanceRecord(instance);
  for (const gray of content.grays ?? []) yield encodeGrayRecord(gray);
}
