import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeClientPacket } from './push-packet.js';

describe('client packets', () => {
  it('reads a plain or gzipped ack', () => {
    const ack = JSON.stringify({ type: 'push-ack', lastRefTime: 42, data: '' });
    expect(decodeClientPacket(Buffer.from(ack))).toEqual({ type: 'push-ack', ackId: '42' });
    expect(decodeClientPacket(gzipSync(ack))).toEqual({ type: 'push-ack', ackId: '42' });
  });

  it('does not inflate a datagram past what an ack can be (a gzip bomb of one datagram)', () => {
    // a valid ack followed by 64 MB of spaces: JSON would accept it once all of it was inflated
    const ack = Buffer.from(JSON.stringify({ type: 'push-ack', lastRefTime: 42 }));
    const bomb = gzipSync(Buffer.concat([ack, Buffer.alloc(64 * 1024 * 1024, 0x20)]), { level: 9 });
    expect(bomb.length).toBeLessThan(65_507);
    expect(decodeClientPacket(bomb)).toBeUndefined();
  });
});
