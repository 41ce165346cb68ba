import { describe, expect, it } from 'vitest';
import { replacementOf } from './import-plan.js';
import type { TransferConfig } from './transfer-model.js';

const NOW = 1_700_000_000_000;
const base: TransferConfig = {
  namespaceId: 'dev',
  group: 'G',
  dataId: 'a.yml',
  content: 'v2',
  histories: [],
  type: 'yml',
  desc: 'd',
};

describe('a config of the file as it will be stored', () => {
  it('keeps the history as given, oldest first, and takes created/modified times from it', () => {
    const { item, history } = replacementOf(
      {
        ...base,
        histories: [
          { content: 'v1', lastTime: 1000, opUser: 'ann' },
          { content: 'v2', lastTime: 2000, opUser: 'bob' },
        ],
      },
      NOW,
    );
    expect(history.map((h) => [h.content, h.op, h.createdAt, h.srcUser])).toEqual([
      ['v1', 'I', 1000, 'ann'],
      ['v2', 'U', 2000, 'bob'],
    ]);
    expect(item).toMatchObject({
      content: 'v2',
      type: 'yaml',
      desc: 'd',
      createdAt: 1000,
      modifiedAt: 2000,
      srcUser: 'bob',
    });
  });

  it('ends the history with the current content when the file does not, at import time', () => {
    const { history } = replacementOf({ ...base, histories: [{ content: 'v1', lastTime: 1000 }] }, NOW);
    expect(history.map((h) => [h.content, h.createdAt])).toEqual([
      ['v1', 1000],
      ['v2', NOW],
    ]);
    expect(replacementOf(base, NOW).history.map((h) => [h.content, h.op])).toEqual([['v2', 'I']]);
  });

  it('keeps times monotonic when the file has none or goes backwards', () => {
    const { history } = replacementOf(
      {
        ...base,
        histories: [
          { content: 'v0', lastTime: 5000 },
          { content: 'v1', lastTime: 3000 },
          { content: 'v2', lastTime: 0 },
        ],
      },
      NOW,
    );
    expect(history.map((h) => h.createdAt)).toEqual([5000, 5000, NOW]);
  });

  it('keeps only the newest 100 items', () => {
    const histories = Array.from({ length: 130 }, (_, i) => ({ content: `v${i}`, lastTime: i + 1 }));
    const { history } = replacementOf({ ...base, content: 'v129', histories }, NOW);
    expect(history).toHaveLength(100);
    expect(history[0]).toMatchObject({ content: 'v30', op: 'I' });
    // The current content, when the file's history does not end with it, is one of the 100.
    const older = replacementOf({ ...base, content: 'current', histories }, NOW).history;
    expect([older.length, older[0].content, older[99].content]).toEqual([100, 'v31', 'current']);
  });
});
