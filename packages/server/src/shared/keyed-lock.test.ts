import { describe, expect, it } from 'vitest';
import { KeyedLock } from './keyed-lock.js';

const busy = () => new Error('busy');
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('KeyedLock', () => {
  it('runs work on one key one at a time, in call order', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    await Promise.all([
      lock.run('k', async () => {
        await later(20);
        order.push('first');
      }),
      lock.run('k', async () => {
        order.push('second');
      }),
      lock.run('other', async () => {
        order.push('other key');
      }),
    ]);
    expect(order).toEqual(['other key', 'first', 'second']);
  });

  it('fails work whose turn does not come in time, never runs it, and keeps later work behind the earlier', async () => {
    const lock = new KeyedLock();
    const ran: string[] = [];
    let release!: () => void;
    const slow = lock.run('k', () =>
      new Promise<void>((resolve) => (release = resolve)).then(() => void ran.push('slow')),
    );
    const startedAt = Date.now();
    const late = lock.run('k', async () => void ran.push('late'), { maxWaitMs: 50, busy });
    await expect(late).rejects.toThrow('busy');
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    // queued after the one that gave up: still waits for the slow one
    const next = lock.run('k', async () => void ran.push('next'));
    await later(20);
    expect(ran).toEqual([]);
    release();
    await Promise.all([slow, next]);
    expect(ran).toEqual(['slow', 'next']);
  });

  it('runs work whose turn comes within the limit', async () => {
    const lock = new KeyedLock();
    const first = lock.run('k', () => later(10).then(() => 1));
    const second = lock.run('k', async () => 2, { maxWaitMs: 1_000, busy });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
  });
});
