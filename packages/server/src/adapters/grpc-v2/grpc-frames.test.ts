import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BufferBudget } from './buffer-budget.js';
import { frameMessage, GrpcMessageReader, GrpcStatus, inflateMessage, OrderedMessages } from './grpc-frames.js';

const MB = 1024 * 1024;
const budget = (cap = 100 * MB) => new BufferBudget(cap);
const read = (reader: GrpcMessageReader, chunks: Buffer[]) => {
  const out: string[] = [];
  for (const chunk of chunks) reader.push(chunk, (_c, m) => out.push(m.toString()));
  return out;
};
const cut = (all: Buffer, size: number) => {
  const chunks = [];
  for (let at = 0; at < all.length; at += size) chunks.push(all.subarray(at, at + size));
  return chunks;
};

afterEach(() => vi.restoreAllMocks());

describe('GrpcMessageReader', () => {
  it('reads several messages from one chunk and messages cut anywhere, the prefix too', () => {
    const all = Buffer.concat([
      frameMessage(Buffer.from('one')),
      frameMessage(Buffer.from('')),
      frameMessage(Buffer.from('three')),
    ]);
    expect(read(new GrpcMessageReader(100, budget()), [all])).toEqual(['one', '', 'three']);
    // every cut, down to single bytes: the same messages, nothing left held
    for (let size = 1; size < all.length; size++) {
      const held = budget();
      const reader = new GrpcMessageReader(100, held);
      expect(read(reader, cut(all, size))).toEqual(['one', '', 'three']);
      expect(reader.partial).toBe(false);
      expect(held.used).toBe(0);
    }
  });

  it('copies a message in many chunks once, when it is complete', () => {
    const message = Buffer.alloc(4 * MB, 7);
    const concat = vi.spyOn(Buffer, 'concat');
    const received: Buffer[] = [];
    const reader = new GrpcMessageReader(8 * MB, budget());
    for (const chunk of cut(frameMessage(message), 16 * 1024)) reader.push(chunk, (_c, m) => received.push(m));
    expect(received).toHaveLength(1);
    expect(received[0].equals(message)).toBe(true);
    const copied = concat.mock.calls.reduce((sum, [list]) => sum + list.reduce((n, b) => n + b.length, 0), 0);
    expect(copied).toBeLessThanOrEqual(message.length);
  });

  it('counts a message held in part against the budget and gives it back once complete', () => {
    const held = budget();
    const reader = new GrpcMessageReader(100, held);
    const framed = frameMessage(Buffer.alloc(50));
    reader.push(framed.subarray(0, 30), () => undefined);
    expect(held.used).toBe(25);
    expect(reader.partial).toBe(true);
    reader.push(framed.subarray(30), () => undefined);
    expect(held.used).toBe(0);
  });

  it('refuses to hold more than its budget (RESOURCE_EXHAUSTED), holding nothing after', () => {
    const server = new BufferBudget(60);
    const one = new BufferBudget(1000, server);
    const two = new BufferBudget(1000, server);
    const first = new GrpcMessageReader(100, one);
    first.push(frameMessage(Buffer.alloc(80)).subarray(0, 45), () => undefined);
    expect(server.used).toBe(40);
    const second = new GrpcMessageReader(100, two);
    expect(() => second.push(frameMessage(Buffer.alloc(80)).subarray(0, 30), () => undefined)).toThrow(
      expect.objectContaining({ status: GrpcStatus.RESOURCE_EXHAUSTED }),
    );
    expect(server.used).toBe(40);
    first.discard();
    expect(server.used).toBe(0);
    expect(one.used).toBe(0);
  });

  it('refuses a message over the limit from its length alone, before its bytes arrive', () => {
    const reader = new GrpcMessageReader(10, budget());
    const head = frameMessage(Buffer.alloc(11)).subarray(0, 5);
    expect(() => read(reader, [head])).toThrow(expect.objectContaining({ status: GrpcStatus.RESOURCE_EXHAUSTED }));
  });
});

describe('inflating messages', () => {
  it('inflates gzip and deflate and refuses compression without a known encoding', async () => {
    const packed = gzipSync(Buffer.from('hello'));
    expect((await inflateMessage('gzip', packed, 100)).toString()).toBe('hello');
    await expect(inflateMessage('snappy', packed, 100)).rejects.toMatchObject({ status: GrpcStatus.UNIMPLEMENTED });
    await expect(inflateMessage('gzip', Buffer.from('not gzip'), 100)).rejects.toMatchObject({
      status: GrpcStatus.INTERNAL,
    });
  });

  it('answers a compression bomb RESOURCE_EXHAUSTED', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * MB));
    expect(bomb.length).toBeLessThan(MB);
    await expect(inflateMessage('gzip', bomb, 10 * MB)).rejects.toMatchObject({
      status: GrpcStatus.RESOURCE_EXHAUSTED,
    });
  });

  it('hands messages on in order when a compressed one takes a while', async () => {
    const out: string[] = [];
    const failed: unknown[] = [];
    const messages = new OrderedMessages(
      'gzip',
      100,
      (m) => out.push(m.toString()),
      (e) => failed.push(e),
    );
    messages.add(false, Buffer.from('a'));
    messages.add(true, gzipSync(Buffer.from('b')));
    messages.add(false, Buffer.from('c'));
    await vi.waitFor(() => expect(out).toEqual(['a', 'b', 'c']));
    messages.add(true, gzipSync(Buffer.alloc(1000)));
    messages.add(false, Buffer.from('never'));
    await vi.waitFor(() => expect(failed).toHaveLength(1));
    expect(out).toEqual(['a', 'b', 'c']);
  });
});
