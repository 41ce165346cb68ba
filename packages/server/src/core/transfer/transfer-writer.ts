import { PREFIX_LENGTH, TRANSFER_FORMAT_VERSION, TRANSFER_MAGIC } from './transfer-format.js';
import { TransferHeaderMessage, TransferItemMessage, delimited, encodeMessage } from './transfer-proto.js';

export interface HeaderInput {
  /** Epoch ms. */
  modifyTime: number;
  fromSys: string;
  tableIds: ReadonlyArray<readonly [number, string]>;
  extend?: Record<string, string>;
}

/** The 8-byte prefix: magic and format version, big-endian. */
function encodePrefix(): Uint8Array {
  const bytes = new Uint8Array(PREFIX_LENGTH);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, TRANSFER_MAGIC, false);
  view.setUint32(4, TRANSFER_FORMAT_VERSION, false);
  return bytes;
}

/** Prefix + delimited header: the start of every transfer file. */
export function encodeFileStart(header: HeaderInput): Uint8Array {
  const body = encodeMessage(TransferHeaderMessage, {
    version: 0,
    modify_time: header.modifyTime,
    from_sys: header.fromSys,
    table_name_map_entities: header.tableIds.map(([id, name]) => ({ id, name })),
    extend: new TextEncoder().encode(JSON.stringify(header.extend ?? {})),
  });
  const framed = delimited(body);
  const out = new Uint8Array(PREFIX_LENGTH + framed.length);
  out.set(encodePrefix(), 0);
  out.set(framed, PREFIX_LENGTH);
  return out;
}

/** One delimited record, addressed by table name with `table_id` 0, as r-nacos writes them. */
export function encodeRecord(table: string, key: Uint8Array, value: Uint8Array): Uint8Array {
  return delimited(encodeMessage(TransferItemMessage, { table_name: table, key, value }));
}
