import { gunzipSync, gzipSync } from 'node:zlib';

/** Packets this large or larger are gzipped; 1.x clients detect the gzip magic and inflate. */
const GZIP_THRESHOLD = 1024;
/** The largest UDP payload over IPv4. */
export const MAX_DATAGRAM = 65_507;

/** `{"type":"dom","data":"<instance list JSON>","lastRefTime":<ack id>}`, gzipped when large. */
export function encodePush(data: string, ackId: number): Buffer {
  const raw = Buffer.from(JSON.stringify({ type: 'dom', data, lastRefTime: ackId }), 'utf8');
  return raw.length >= GZIP_THRESHOLD ? gzipSync(raw) : raw;
}

/** The largest client packet inflated. */
const MAX_ACK_BYTES = 4096;

export interface ClientPacket {
  type: string;
  /** Echo of the push's ack id (Java sends it as a string, Node as a number). */
  ackId: string;
}

/** A packet from a client (`push-ack`, `dump-ack`, `unknown-ack`); undefined when it is not one. */
export function decodeClientPacket(msg: Buffer): ClientPacket | undefined {
  try {
    const gzipped = msg.length > 2 && msg[0] === 0x1f && msg[1] === 0x8b;
    // an ack is a few dozen bytes: a datagram that inflates further is no ack (nor a bomb to inflate)
    const text = (gzipped ? gunzipSync(msg, { maxOutputLength: MAX_ACK_BYTES }) : msg).toString('utf8');
    const packet = JSON.parse(text) as { type?: unknown; lastRefTime?: unknown };
    if (typeof packet?.type !== 'string') return undefined;
    const ref = packet.lastRefTime;
    return { type: packet.type, ackId: typeof ref === 'number' || typeof ref === 'string' ? String(ref) : '' };
  } catch {
    return undefined;
  }
}
