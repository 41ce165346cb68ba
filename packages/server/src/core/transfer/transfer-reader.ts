import { ByteQueue } from './byte-queue.js';
import {
  KNOWN_TABLES,
  MAX_MESSAGE_BYTES,
  PREFIX_LENGTH,
  TRANSFER_FORMAT_VERSION,
  TRANSFER_MAGIC,
  TransferFormatError,
} from './transfer-format.js';
import type { TransferHeaderInfo } from './transfer-model.js';
import { TransferHeaderMessage, TransferItemMessage, decodeMessage } from './transfer-proto.js';

/** One record of the stream; `table` is the resolved table name ("" when the table is unknown). */
export interface TransferRecord {
  /** Byte offset of the record's length prefix in the file. */
  offset: number;
  table: string;
  tableName: string;
  tableId: number;
  key: Uint8Array;
  value: Uint8Array;
}

export type TransferEntry =
  { kind: 'header'; offset: number; header: TransferHeaderInfo } | { kind: 'record'; record: TransferRecord };

type State = 'prefix' | 'header' | 'records' | 'ended';

/**
 * Incremental reader: feed chunks with `push`, call `end` at EOF. Entries come out as soon as they are
 * complete, so a file of any size is read in constant memory (plus one record). Damage is reported as a
 * TransferFormatError carrying the byte offset where it was found.
 */
class TransferStreamReader {
  private readonly queue = new ByteQueue();
  /** File offset of the first byte still in the queue. */
  private offset = 0;
  private state: State = 'prefix';
  private header: TransferHeaderInfo | undefined;

  push(chunk: Uint8Array): TransferEntry[] {
    this.queue.push(chunk);
    const entries: TransferEntry[] = [];
    for (;;) {
      const before = this.offset;
      const entry = this.next();
      if (entry) entries.push(entry);
      else if (this.offset === before) return entries;
    }
  }

  /** Call at EOF: throws when the file stops in the middle of something. */
  end(): void {
    if (this.state === 'prefix') {
      throw new TransferFormatError(
        this.offset,
        `file is too short for the 8-byte prefix (${this.queue.length} bytes)`,
      );
    }
    if (this.state === 'header') {
      if (this.queue.length === 0)
        throw new TransferFormatError(this.offset, 'file ends after the prefix: the header is missing');
      throw this.truncated('the header');
    }
    if (this.state === 'records' && this.queue.length > 0) throw this.truncated('a record');
  }

  private next(): TransferEntry | undefined {
    switch (this.state) {
      case 'prefix':
        return this.readPrefix();
      case 'header':
        return this.readHeader();
      case 'records':
        return this.readRecord();
      case 'ended':
        this.skipPadding();
        return undefined;
    }
  }

  private readPrefix(): undefined {
    if (this.queue.length < PREFIX_LENGTH) return undefined;
    const prefix = this.queue.take(PREFIX_LENGTH);
    const view = new DataView(prefix.buffer, prefix.byteOffset, PREFIX_LENGTH);
    const magic = view.getUint32(0, false);
    if (magic !== TRANSFER_MAGIC) {
      throw new TransferFormatError(
        0,
        `not a transfer file (magic 0x${magic.toString(16).padStart(8, '0')}, expected 0x6e61636f "naco")`,
      );
    }
    const version = view.getUint32(4, false);
    if (version !== TRANSFER_FORMAT_VERSION) {
      throw new TransferFormatError(4, `format version ${version} is not supported (only ${TRANSFER_FORMAT_VERSION})`);
    }
    this.offset += PREFIX_LENGTH;
    this.state = 'header';
    return undefined;
  }

  private readHeader(): TransferEntry | undefined {
    const frame = this.readFrame();
    if (!frame) return undefined;
    if (frame.bytes.length === 0) throw new TransferFormatError(frame.offset, 'the header is missing (zero length)');
    const header = decodeHeader(frame.bytes, frame.offset);
    this.header = header;
    this.state = 'records';
    return { kind: 'header', offset: frame.offset, header };
  }

  private readRecord(): TransferEntry | undefined {
    const frame = this.readFrame();
    if (!frame) return undefined;
    if (frame.bytes.length === 0) {
      // A zero length ends the stream; only zero padding may follow it.
      this.state = 'ended';
      this.skipPadding();
      return undefined;
    }
    const item = decodeOrThrow(() => decodeMessage(TransferItemMessage, frame.bytes), frame.offset, 'record');
    const tableName = typeof item.table_name === 'string' ? item.table_name : '';
    const tableId = typeof item.table_id === 'number' ? item.table_id : 0;
    const table =
      tableId !== 0 ? (this.header?.tableNames.get(tableId) ?? '') : KNOWN_TABLES.has(tableName) ? tableName : '';
    return {
      kind: 'record',
      record: {
        offset: frame.offset,
        table,
        tableName,
        tableId,
        key: (item.key as Uint8Array | undefined) ?? new Uint8Array(0),
        value: (item.value as Uint8Array | undefined) ?? new Uint8Array(0),
      },
    };
  }

  private skipPadding(): void {
    while (this.queue.length > 0) {
      if (this.queue.at(0) !== 0) {
        throw new TransferFormatError(this.offset, 'data after the end-of-stream marker (a zero length)');
      }
      this.queue.take(1);
      this.offset++;
    }
  }

  /** A complete `varint length + bytes` frame, or undefined when more input is needed. */
  private readFrame(): { offset: number; bytes: Uint8Array } | undefined {
    const start = this.offset;
    const prefix = this.peekLength();
    if (!prefix) return undefined;
    if (prefix.length > MAX_MESSAGE_BYTES) {
      throw new TransferFormatError(
        start,
        `length prefix ${prefix.length} is larger than any valid record (${MAX_MESSAGE_BYTES} bytes)`,
      );
    }
    if (this.queue.length < prefix.size + prefix.length) return undefined;
    this.queue.take(prefix.size);
    const bytes = this.queue.take(prefix.length);
    this.offset += prefix.size + prefix.length;
    return { offset: start, bytes };
  }

  /** The base-128 varint at the front of the queue, undefined while it is incomplete. */
  private peekLength(): { length: number; size: number } | undefined {
    let length = 0;
    let scale = 1;
    for (let size = 0; ;) {
      const byte = this.queue.at(size);
      if (byte === undefined) return undefined;
      size++;
      length += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) return { length, size };
      scale *= 128;
      if (size >= 8) throw new TransferFormatError(this.offset, 'invalid length prefix (varint too long)');
    }
  }

  private truncated(what: string): TransferFormatError {
    const prefix = this.peekLength();
    if (!prefix) return new TransferFormatError(this.offset, `file is truncated inside the length prefix of ${what}`);
    const have = this.queue.length - prefix.size;
    return new TransferFormatError(
      this.offset,
      `file is truncated: ${what} declares ${prefix.length} bytes but only ${have} remain`,
    );
  }
}

function decodeOrThrow<T>(decode: () => T, offset: number, what: string): T {
  try {
    return decode();
  } catch (err) {
    throw new TransferFormatError(
      offset,
      `${what} is not a valid protobuf message (${err instanceof Error ? err.message : String(err)})`,
    );
  }
}

function decodeHeader(bytes: Uint8Array, offset: number): TransferHeaderInfo {
  const raw = decodeOrThrow(() => decodeMessage(TransferHeaderMessage, bytes), offset, 'header');
  const tableNames = new Map<number, string>();
  for (const entity of (raw.table_name_map_entities as Array<{ id?: number; name?: string }> | undefined) ?? []) {
    if (entity.id) tableNames.set(entity.id, entity.name ?? '');
  }
  return {
    version: Number(raw.version ?? 0),
    modifyTime: Number(raw.modify_time ?? 0),
    fromSys: typeof raw.from_sys === 'string' ? raw.from_sys : '',
    tableNames,
    extend: parseExtend(raw.extend as Uint8Array | undefined),
  };
}

/** The header's free-form JSON map; informational, so anything unreadable is treated as empty. */
function parseExtend(bytes: Uint8Array | undefined): Record<string, string> {
  if (!bytes || bytes.length === 0) return {};
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  } catch {
    return {};
  }
}

/** Reads a whole stream (async or sync chunks), yielding the header first and then each record. */
export async function* readTransfer(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<TransferEntry> {
  const reader = new TransferStreamReader();
  for await (const chunk of source) yield* reader.push(chunk);
  reader.end();
}
