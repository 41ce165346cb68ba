import { afterEach, describe, expect, it } from 'vitest';
import { ChangeBatcher } from './change-batcher.js';
import type { ServiceKey } from './naming-model.js';

const key = (serviceName: string): ServiceKey => ({ namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName });
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

let batcher: ChangeBatcher | undefined;
afterEach(() => batcher?.close());

/** A batcher with a window far longer than any test, recording the service names of each flush. */
function recording(delayMs = 60_000) {
  const flushes: string[][] = [];
  batcher = new ChangeBatcher(delayMs, (keys) => flushes.push(keys.map((k) => k.serviceName)));
  return { batcher, flushes };
}

describe('ChangeBatcher', () => {
  it('flushes an isolated change on the next turn, without waiting for the window', async () => {
    const { batcher, flushes } = recording();
    batcher.mark(key('a'));
    expect(flushes).toEqual([]);
    await nextTurn();
    expect(flushes).toEqual([['a']]);
  });

  it('flushes changes made in the same turn together, each service once', async () => {
    const { batcher, flushes } = recording();
    batcher.mark(key('a'));
    batcher.mark(key('b'));
    batcher.mark(key('a'));
    await nextTurn();
    expect(flushes).toEqual([['a', 'b']]);
  });

  it('holds changes that follow a flush until the window ends, then flushes them once', async () => {
    const { batcher, flushes } = recording();
    batcher.mark(key('a'));
    await nextTurn();
    batcher.mark(key('b'));
    await nextTurn();
    batcher.mark(key('c'));
    batcher.mark(key('b'));
    await nextTurn();
    expect(flushes).toEqual([['a']]);
    batcher.flushNow();
    expect(flushes).toEqual([['a'], ['b', 'c']]);
  });

  it('ends the window by itself', async () => {
    const { batcher, flushes } = recording(5);
    batcher.mark(key('a'));
    await nextTurn();
    batcher.mark(key('b'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(flushes).toEqual([['a'], ['b']]);
  });

  it('drops what is pending when closed', async () => {
    const { batcher, flushes } = recording();
    batcher.mark(key('a'));
    batcher.close();
    batcher.mark(key('b'));
    await nextTurn();
    batcher.flushNow();
    expect(flushes).toEqual([]);
  });
});
