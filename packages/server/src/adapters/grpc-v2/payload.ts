import protobuf from 'protobufjs/minimal.js';

/**
 * The `Payload` envelope of the nacos 2.x protocol (proto/nacos_grpc_service.proto): `metadata.type` names
 * the message, the message itself is JSON in `body.value`. Decoding stops at the envelope; the JSON is
 * parsed separately so a bad body can be answered with an error instead of failing the call.
 *
 * The envelope is three small messages, read and written with protobufjs's wire reader and writer: the
 * reflection runtime and the .proto parser would cost the process about 3 MB for these few fields.
 * payload.test.ts checks both directions against the .proto itself.
 */
const { Reader, Writer } = protobuf;

const LEN = 2; // wire type of strings, bytes and messages
const PAYLOAD_METADATA = 2;
const PAYLOAD_BODY = 3;
const METADATA_TYPE = 3;
const METADATA_HEADERS = 7;
const METADATA_CLIENT_IP = 8;
const ANY_TYPE_URL = 1;
const ANY_VALUE = 2;
const ENTRY_KEY = 1;
const ENTRY_VALUE = 2;
const EMPTY = new Uint8Array(0);

export type JsonObject = Record<string, unknown>;

export interface DecodedPayload {
  type: string;
  clientIp: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export class PayloadError extends Error {}

export function decodePayload(bytes: Uint8Array): DecodedPayload {
  const decoded: DecodedPayload = { type: '', clientIp: '', headers: {}, body: EMPTY };
  try {
    const reader = Reader.create(bytes);
    forEachField(reader, reader.len, (field) => {
      if (field === PAYLOAD_METADATA) readMetadata(reader, decoded);
      else if (field === PAYLOAD_BODY) decoded.body = readAnyValue(reader);
      else return false;
      return true;
    });
  } catch (err) {
    throw new PayloadError(`malformed Payload message: ${(err as Error).message}`);
  }
  return decoded;
}

/**
 * Calls `read` for each field up to `end`; `read` consumes a length-delimited field it knows and returns
 * true, or returns false to have the field skipped; a field of another wire type is skipped unread.
 */
function forEachField(reader: protobuf.Reader, end: number, read: (field: number) => boolean): void {
  while (reader.pos < end) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    const wireType = tag & 7;
    if (field === 0) throw new Error(`invalid field number 0 at offset ${reader.pos}`);
    if (wireType === LEN && read(field)) continue;
    reader.skipType(wireType);
  }
  if (reader.pos !== end) throw new Error('a field runs past the end of its message');
}

function readMetadata(reader: protobuf.Reader, into: DecodedPayload): void {
  const end = reader.uint32() + reader.pos;
  forEachField(reader, end, (field) => {
    if (field === METADATA_TYPE) into.type = reader.string();
    else if (field === METADATA_CLIENT_IP) into.clientIp = reader.string();
    else if (field === METADATA_HEADERS) readHeader(reader, into.headers);
    else return false;
    return true;
  });
}

function readHeader(reader: protobuf.Reader, headers: Record<string, string>): void {
  const end = reader.uint32() + reader.pos;
  let key = '';
  let value = '';
  forEachField(reader, end, (field) => {
    if (field === ENTRY_KEY) key = reader.string();
    else if (field === ENTRY_VALUE) value = reader.string();
    else return false;
    return true;
  });
  headers[key] = value;
}

function readAnyValue(reader: protobuf.Reader): Uint8Array {
  const end = reader.uint32() + reader.pos;
  let value: Uint8Array = EMPTY;
  forEachField(reader, end, (field) => {
    if (field === ANY_VALUE) value = reader.bytes();
    else if (field === ANY_TYPE_URL) reader.skip(reader.uint32());
    else return false;
    return true;
  });
  return value;
}

/**
 * Encodes a message (`body` as an object, or already as JSON text). Server messages leave headers and
 * clientIp empty; tests and the benchmark driver pass them to encode what a client sends.
 */
export function encodePayload(
  type: string,
  body: JsonObject | string,
  headers: Record<string, string> = {},
  clientIp = '',
): Buffer {
  const json = typeof body === 'string' ? body : JSON.stringify(body);
  const writer = Writer.create();
  writer.uint32((PAYLOAD_METADATA << 3) | LEN).fork();
  if (type) writer.uint32((METADATA_TYPE << 3) | LEN).string(type);
  for (const key of Object.keys(headers)) {
    writer.uint32((METADATA_HEADERS << 3) | LEN).fork();
    writer.uint32((ENTRY_KEY << 3) | LEN).string(key);
    writer.uint32((ENTRY_VALUE << 3) | LEN).string(headers[key]);
    writer.ldelim();
  }
  if (clientIp) writer.uint32((METADATA_CLIENT_IP << 3) | LEN).string(clientIp);
  writer.ldelim();
  writer.uint32((PAYLOAD_BODY << 3) | LEN).fork();
  if (json) writer.uint32((ANY_VALUE << 3) | LEN).bytes(Buffer.from(json, 'utf8'));
  writer.ldelim();
  return Buffer.from(writer.finish());
}

const varintLength = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5);

function writeVarint(buf: Buffer, at: number, n: number): number {
  while (n >= 0x80) {
    buf[at++] = (n & 0x7f) | 0x80;
    n >>>= 7;
  }
  buf[at++] = n;
  return at;
}

/**
 * A server message (type and JSON text, no headers or clientIp) as the bytes of one gRPC message: the
 * 5-byte gRPC prefix, then the same Payload bytes encodePayload writes. Written straight into one buffer:
 * every unary answer passes here, and protobufjs's writer plus the framing copy cost a few µs per call.
 */
export function encodeFramedPayload(type: string, json: string): Buffer {
  const typeLength = Buffer.byteLength(type, 'utf8');
  const jsonLength = Buffer.byteLength(json, 'utf8');
  const metadataLength = typeLength ? 1 + varintLength(typeLength) + typeLength : 0;
  const anyLength = jsonLength ? 1 + varintLength(jsonLength) + jsonLength : 0;
  const payloadLength = 2 + varintLength(metadataLength) + metadataLength + varintLength(anyLength) + anyLength;
  const buf = Buffer.allocUnsafe(5 + payloadLength);
  buf[0] = 0; // not compressed
  buf.writeUInt32BE(payloadLength, 1);
  let at = 5;
  buf[at++] = (PAYLOAD_METADATA << 3) | LEN;
  at = writeVarint(buf, at, metadataLength);
  if (typeLength) {
    buf[at++] = (METADATA_TYPE << 3) | LEN;
    at = writeVarint(buf, at, typeLength);
    at += buf.write(type, at, 'utf8');
  }
  buf[at++] = (PAYLOAD_BODY << 3) | LEN;
  at = writeVarint(buf, at, anyLength);
  if (jsonLength) {
    buf[at++] = (ANY_VALUE << 3) | LEN;
    at = writeVarint(buf, at, jsonLength);
    buf.write(json, at, 'utf8');
  }
  return buf;
}

/** The JSON body as an object; throws a PayloadError saying what is wrong with it. */
export function parseJsonBody(body: Uint8Array): JsonObject {
  if (body.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'));
  } catch (err) {
    throw new PayloadError(`malformed JSON body: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new PayloadError('malformed JSON body: expected an object');
  }
  return value as JsonObject;
}
