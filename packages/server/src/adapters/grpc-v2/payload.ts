import protobuf from 'protobufjs/minimal.js';

/**
 * The `Payload` envelope of the nacos 2.x protocol (proto/nacos_grpc_service.proto): `metadata.type` names
 * the message, the message itself is JSON in `body.value`. Decoding stops at the envelope; the JSON is
 * parsed separately so a bad body can be answered with an error instead of failing the call.
 *
 * The envelope is three small messages. Requests are read by the small wire reader below and answers
 * written straight into their gRPC frame (encodeFramedPayload); other messages are written with
 * protobufjs's wire writer. Its reflection runtime and .proto parser would cost the process about 3 MB
 * for these few fields.
 * payload.test.ts checks both directions against the .proto itself.
 */
const { Writer } = protobuf;

const LEN = 2; // wire type of strings, bytes and messages
const PAYLOAD_METADATA = 2;
const PAYLOAD_BODY = 3;
const METADATA_TYPE = 3;
const METADATA_HEADERS = 7;
const METADATA_CLIENT_IP = 8;
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
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wire: Wire = { buf, pos: 0, fieldEnd: 0 };
  try {
    for (let field = nextField(wire, buf.length); field; field = nextField(wire, buf.length)) {
      const end = wire.fieldEnd;
      if (field === PAYLOAD_METADATA) readMetadata(wire, end, decoded);
      else if (field === PAYLOAD_BODY) decoded.body = readAnyValue(wire, end);
      else wire.pos = end;
    }
  } catch (err) {
    throw new PayloadError(`malformed Payload message: ${(err as Error).message}`);
  }
  return decoded;
}

/** The bytes being read, the read position, and the end of the field `nextField` found. */
interface Wire {
  buf: Buffer;
  pos: number;
  fieldEnd: number;
}

/** An unsigned varint's low 32 bits (a tag or a length), as protobuf readers take them. */
function varint(wire: Wire): number {
  const { buf } = wire;
  let value = 0;
  for (let shift = 0; shift < 70; shift += 7) {
    if (wire.pos >= buf.length) throw new Error(`index out of range: ${wire.pos} + 1 > ${buf.length}`);
    const byte = buf[wire.pos++];
    if (shift < 28) value |= (byte & 0x7f) << shift;
    else if (shift === 28) value = (value | ((byte & 0x0f) << 28)) >>> 0;
    if (byte < 0x80) return value >>> 0;
  }
  throw new Error(`invalid varint encoding at offset ${wire.pos}`);
}

function advance(wire: Wire, length: number, end: number): void {
  if (wire.pos + length > end) throw new Error(`index out of range: ${wire.pos} + ${length} > ${end}`);
  wire.pos += length;
}

function skipField(wire: Wire, wireType: number, end: number): void {
  if (wireType === 0) varint(wire);
  else if (wireType === 1) advance(wire, 8, end);
  else if (wireType === LEN) advance(wire, varint(wire), end);
  else if (wireType === 5) advance(wire, 4, end);
  else if (wireType === 3) {
    for (let tag = varint(wire); (tag & 7) !== 4; tag = varint(wire)) skipField(wire, tag & 7, end);
  } else throw new Error(`invalid wire type ${wireType} at offset ${wire.pos}`);
}

/**
 * The number of the next length-delimited field before `end` (its bytes from `wire.pos` to
 * `wire.fieldEnd`), skipping fields of other wire types; 0 at the end of the message. The caller reads
 * the field up to `fieldEnd` or moves `pos` there to skip it. Loops rather than callbacks: every request
 * is decoded here.
 */
function nextField(wire: Wire, end: number): number {
  if (wire.pos > end) throw new Error('a field runs past the end of its message');
  while (wire.pos < end) {
    const tag = varint(wire);
    const field = tag >>> 3;
    const wireType = tag & 7;
    if (field === 0) throw new Error(`invalid field number 0 at offset ${wire.pos}`);
    if (wireType !== LEN) {
      skipField(wire, wireType, end);
      continue;
    }
    const length = varint(wire);
    if (wire.pos + length > end) throw new Error(`index out of range: ${wire.pos} + ${length} > ${end}`);
    wire.fieldEnd = wire.pos + length;
    return field;
  }
  if (wire.pos !== end) throw new Error('a field runs past the end of its message');
  return 0;
}

function readString(wire: Wire): string {
  const text = wire.buf.toString('utf8', wire.pos, wire.fieldEnd);
  wire.pos = wire.fieldEnd;
  return text;
}

function readMetadata(wire: Wire, end: number, into: DecodedPayload): void {
  for (let field = nextField(wire, end); field; field = nextField(wire, end)) {
    if (field === METADATA_TYPE) into.type = readString(wire);
    else if (field === METADATA_CLIENT_IP) into.clientIp = readString(wire);
    else if (field === METADATA_HEADERS) readHeader(wire, wire.fieldEnd, into.headers);
    else wire.pos = wire.fieldEnd;
  }
}

function readHeader(wire: Wire, end: number, headers: Record<string, string>): void {
  let key = '';
  let value = '';
  for (let field = nextField(wire, end); field; field = nextField(wire, end)) {
    if (field === ENTRY_KEY) key = readString(wire);
    else if (field === ENTRY_VALUE) value = readString(wire);
    else wire.pos = wire.fieldEnd;
  }
  headers[key] = value;
}

function readAnyValue(wire: Wire, end: number): Uint8Array {
  let value: Uint8Array = EMPTY;
  for (let field = nextField(wire, end); field; field = nextField(wire, end)) {
    if (field === ANY_VALUE) value = wire.buf.subarray(wire.pos, wire.fieldEnd);
    wire.pos = wire.fieldEnd;
  }
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

/** The metadata field of a server message of each type (tag, length, the type field), kept per type. */
const metadataFields = new Map<string, Buffer>();

function metadataField(type: string): Buffer {
  let field = metadataFields.get(type);
  if (!field) {
    const typeLength = Buffer.byteLength(type, 'utf8');
    const inner = typeLength ? 1 + varintLength(typeLength) + typeLength : 0;
    field = Buffer.alloc(1 + varintLength(inner) + inner);
    let at = 0;
    field[at++] = (PAYLOAD_METADATA << 3) | LEN;
    at = writeVarint(field, at, inner);
    if (typeLength) {
      field[at++] = (METADATA_TYPE << 3) | LEN;
      at = writeVarint(field, at, typeLength);
      field.write(type, at, 'utf8');
    }
    // the response types are a fixed few; anything else is not kept
    if (metadataFields.size < 256) metadataFields.set(type, field);
  }
  return field;
}

/**
 * A server message (type and JSON text, no headers or clientIp) as the bytes of one gRPC message: the
 * 5-byte gRPC prefix, then the same Payload bytes encodePayload writes. Written straight into one buffer:
 * every unary answer passes here, and protobufjs's writer plus the framing copy cost a few µs per call.
 * `head`, when given, is the start of the JSON already encoded (an answer kept rendered): copied, then
 * `json` follows it.
 */
export function encodeFramedPayload(type: string, json: string, head?: Buffer): Buffer {
  const metadata = metadataField(type);
  const headLength = head ? head.length : 0;
  const jsonLength = headLength + Buffer.byteLength(json, 'utf8');
  const anyLength = jsonLength ? 1 + varintLength(jsonLength) + jsonLength : 0;
  const payloadLength = metadata.length + 1 + varintLength(anyLength) + anyLength;
  const buf = Buffer.allocUnsafe(5 + payloadLength);
  buf[0] = 0; // not compressed
  buf.writeUInt32BE(payloadLength, 1);
  let at = 5;
  // a few bytes: a loop costs less than a call into the runtime
  for (let i = 0; i < metadata.length; i++) buf[at++] = metadata[i];
  buf[at++] = (PAYLOAD_BODY << 3) | LEN;
  at = writeVarint(buf, at, anyLength);
  if (jsonLength) {
    buf[at++] = (ANY_VALUE << 3) | LEN;
    at = writeVarint(buf, at, jsonLength);
    if (head) at += head.copy(buf, at);
    buf.write(json, at, 'utf8');
  }
  return buf;
}

/** The JSON body as an object; throws a PayloadError saying what is wrong with it. */
export function parseJsonBody(body: Uint8Array): JsonObject {
  if (body.length === 0) return {};
  let value: unknown;
  try {
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    value = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw new PayloadError(`malformed JSON body: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new PayloadError('malformed JSON body: expected an object');
  }
  return value as JsonObject;
}
