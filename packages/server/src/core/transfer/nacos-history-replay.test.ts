import { describe, expect, it } from 'vitest';
import { replayNacosHistory } from './nacos-history-replay.js';

const row = (opType: string, content: string, time: number, srcUser = '') => ({ opType, content, time, srcUser });

describe('replaying nacos history (rows hold the value before each change)', () => {
  it('turns insert + updates into the value after each change, with who and when', () => {
    const items = replayNacosHistory(
      [row('I', 'v1', 1000, 'ann'), row('U', 'v1', 2000, 'bob'), row('U', 'v2', 3000, 'cy')],
      { content: 'v3', time: 3000 },
    );
    expect(items).toEqual([
      { id: 1, content: 'v1', lastTime: 1000, opUser: 'ann' },
      { id: 2, content: 'v2', lastTime: 2000, opUser: 'bob' },
      { id: 3, content: 'v3', lastTime: 3000, opUser: 'cy' },
    ]);
  });

  it('keeps only the life after the last delete (nacos pads op_type)', () => {
    const items = replayNacosHistory(
      [
        row('I         ', 'old', 1000),
        row('D         ', 'old', 2000),
        row('I         ', 'new', 3000),
        row('U         ', 'new', 4000),
      ],
      { content: 'newer', time: 4000 },
    );
    expect(items.map((i) => [i.content, i.lastTime])).toEqual([
      ['new', 3000],
      ['newer', 4000],
    ]);
  });

  it('drops the undated value before the oldest kept update', () => {
    const items = replayNacosHistory([row('U', 'unknown-age', 2000), row('U', 'v2', 3000)], {
      content: 'v3',
      time: 3000,
    });
    expect(items.map((i) => i.content)).toEqual(['v2', 'v3']);
  });

  it('uses the current content when there is no history, or when it disagrees with the history', () => {
    expect(replayNacosHistory([], { content: 'c', time: 9000 })).toEqual([{ id: 1, content: 'c', lastTime: 9000 }]);
    const items = replayNacosHistory([row('I', 'a', 5000)], { content: 'changed-outside-nacos', time: 1000 });
    expect(items.at(-1)).toEqual({ id: 2, content: 'changed-outside-nacos', lastTime: 5000 });
  });

  it('keeps the newest 100 items', () => {
    const rows = [row('I', 'v0', 0), ...Array.from({ length: 150 }, (_, i) => row('U', `v${i}`, (i + 1) * 1000))];
    const items = replayNacosHistory(rows, { content: 'v150', time: 150_000 });
    expect(items).toHaveLength(100);
    expect(items.at(-1)?.content).toBe('v150');
    expect(items[0].content).toBe('v51');
  });
});
