import { describe, expect, it } from 'vitest';
import type { StoreChange } from '../../core/cluster/store-change.js';
import { WriteDoubts } from './pg-write-doubts.js';

const users: StoreChange = { kind: 'users' };
const namespaces: StoreChange = { kind: 'namespaces' };

function doubts() {
  const d = new WriteDoubts();
  const settled: StoreChange[] = [];
  d.onSettle((change) => settled.push(change));
  return { d, settled };
}

describe("a node's writes of unknown outcome", () => {
  it('applies nothing of a write that was answered, whenever its announcement comes', () => {
    const { d, settled } = doubts();
    const heardFirst = d.begin();
    expect(d.heardOwn(heardFirst, users)).toBe(false);
    d.end(heardFirst, false);
    const heardAfter = d.begin();
    d.end(heardAfter, false);
    expect(d.heardOwn(heardAfter, users)).toBe(false);
    expect(settled).toEqual([]);
  });

  it('applies the announcement of a failed write that arrives after it failed', () => {
    const { d, settled } = doubts();
    const write = d.begin();
    d.end(write, true);
    expect(d.heardOwn(write, users)).toBe(true);
    expect(d.heardOwn(write, namespaces)).toBe(true);
    expect(settled).toEqual([]);
  });

  it('applies the announcements heard while a write waited for an answer that never came, when it fails', () => {
    const { d, settled } = doubts();
    const write = d.begin();
    const other = d.begin();
    expect(d.heardOwn(write, users)).toBe(false);
    expect(d.heardOwn(write, namespaces)).toBe(false);
    d.end(other, true);
    expect(settled).toEqual([]);
    d.end(write, true);
    expect(settled).toEqual([users, namespaces]);
    // heard once, applied once
    expect(d.heardOwn(write, users)).toBe(false);
  });

  it('keeps a bounded number of failed writes waiting for their announcement', () => {
    const { d } = doubts();
    const first = d.begin();
    d.end(first, true);
    for (let i = 0; i < 1024; i++) d.end(d.begin(), true);
    expect(d.heardOwn(first, users)).toBe(false);
    const last = d.begin();
    d.end(last, true);
    expect(d.heardOwn(last, users)).toBe(true);
  });
});
