import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { frameMessage, GrpcMessageReader, GrpcStatus } from './grpc-frames.js';

const read = (reader: GrpcMessageReader, chunks: Buffer[]) => {
  const out: string[] = [];
  for (const chunk of chunks) reader.push(chunk, (m) => out.push(m.toString()));
  return out;
};

describe('GrpcMessageReader', () => {
  it('reads several messages from one chunk and one message cut across chunks', () => {
    const all = Buffer.concat([
      frameMessage(Buffer.from('one')),
      frameMessage(Buffer.from('')),
      frameMessage(Buffer.from('three')),
    ]);
    expect(read(new GrpcMessageReader(100, undefined), [all])).toEqual(['one', '', 'three']);
    // every cut, down to single bytes: the same messages
    for (let size = 1; size < all.length; size++) {
      const chunks = [];
      for (let at = 0; at < all.length; at += size) chunks.push(all.subarray(at, at + size));
      const reader = new GrpcMessageReader(100, undefined);
      expect(read(reader, chunks)).toEqual(['one', '', 'three']);
      expect(reader.partial).toBe(false);
    }
  });

  it('tells a stream that ends inside a message', () => {
    const reader = new GrpcMessageReader(100, undefined);
    expect(read(reader, [frameMessage(Buffer.from('whole')).subarray(0, 7)])).toEqual([]);
    expect(reader.partial).toBe(true);
  });

  it('refuses a message over the limit from its length alone, before its bytes arrive', () => {
    const reader = new GrpcMessageReader(10, undefined);
    const head = frameMessage(Buffer.alloc(11)).subarray(0, 5);
    expect(() => read(reader, [head])).toThrow(expect.objectContaining({ status: GrpcStatus.RESOURCE_EXHAUSTED }));
  });

  it('inflates a gzip message and refuses compression without a known encoding', () => {
    const packed = gzipSync(Buffer.from('hello'));
    const framed = frameMessage(packed);
    framed[0] = 1;
    expect(read(new GrpcMessageReader(100, 'gzip'), [framed])).toEqual(['hello']);
    expect(() => read(new GrpcMessageReader(100, 'snappy'), [framed])).toThrow(
      expect.objectContaining({ status: GrpcStatus.UNIMPLEMENTED }),
    );
  });
});
