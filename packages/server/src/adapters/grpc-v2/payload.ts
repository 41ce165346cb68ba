import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

/**
 * The `Payload` envelope of the nacos 2.x protocol: `metadata.type` names the message, the message itself
 * is JSON in `body.value`. Decoding stops at the envelope; the JSON is parsed separately so a bad body can
 * be answered with an error instead of failing the call.
 */
const PROTO_FILE = fileURLToPath(new URL('./proto/nacos_grpc_service.proto', import.meta.url));
const PayloadType = protobuf.loadSync(PROTO_FILE).lookupType('Payload');

export type JsonObject = Record<string, unknown>;

export interface DecodedPayload {
  type: string;
  clientIp: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export class PayloadError extends Error {}

interface RawPayload {
  metadata?: { type?: string; clientIp?: string; headers?: Record<string, string> };
  body?: { value?: Uint8Array };
}

export function decodePayload(bytes: Uint8Array): DecodedPayload {
  let raw: RawPayload;
  try {
    raw = PayloadType.decode(bytes) as unknown as RawPayload;
  } catch (err) {
    throw new PayloadError(`malformed Payload message: ${(err as Error).message}`);
  }
  return {
    type: raw.metadata?.type ?? '',
    clientIp: raw.metadata?.clientIp ?? '',
    headers: raw.metadata?.headers ?? {},
    body: raw.body?.value ?? new Uint8Array(0),
  };
}

/**
 * Encodes a message (`body` as an object, or already as JSON text). Server messages leave headers and clientIp empty; tests and the benchmark driver pass
 * them to encode what a client sends.
 */
export function encodePayload(
  type: string,
  body: JsonObject | string,
  headers: Record<string, string> = {},
  clientIp = '',
): Buffer {
  const json = typeof body === 'string' ? body : JSON.stringify(body);
  const message = {
    metadata: { type, clientIp, headers },
    body: { type_url: '', value: Buffer.from(json, 'utf8') },
  };
  return Buffer.from(PayloadType.encode(message).finish());
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
