import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { publishBatch } from './config-batch.js';
import type { ConfigKey } from './config-key.js';
import type { ConfigItem } from './config-model.js';
import { ConfigService } from './config-service.js';
import type { ConfigStore, NewHistoryEntry } from './config-store.js';

class MemoryStore implements ConfigStore {
  private id = 0;
  async loadAll(): Promise<ConfigItem[]> {
    return [];
  }
  async save(_item: Omit<ConfigItem, 'id'>, _h: NewHistoryEntry) {
    return ++this.id;
  }
  async remove(_key: ConfigKey, _h: NewHistoryEntry) {}
  async get(_key: ConfigKey) {
    return undefined;
  }
  async listHistory() {
    return { total: 0, items: [] };
  }
  async getHistory() {
    return undefined;
  }
}

const key = (dataId: string): ConfigKey => ({ namespaceId: 'ns', group: 'G', dataId });

async function setup() {
  const configs = await ConfigService.create(new MemoryStore(), new ManualClock(), 1024);
  await configs.publish({ ...key('a'), content: 'old' });
  return configs;
}

describe('publishBatch', () => {
  const items = [
    { key: key('a'), content: 'new', type: 'json' },
    { key: key('b'), content: 'b' },
  ];

  it('ABORT writes nothing when a key exists', async () => {
    const configs = await setup();
    const result = await publishBatch(configs, items, 'ABORT', {});
    expect(result.conflicts).toEqual([key('a')]);
    expect(result.written).toEqual([]);
    expect(configs.get(key('a'))!.content).toBe('old');
    expect(configs.get(key('b'))).toBeUndefined();
  });

  it('SKIP keeps existing configs and writes the rest', async () => {
    const configs = await setup();
    const result = await publishBatch(configs, items, 'SKIP', {});
    expect(result).toMatchObject({ written: [key('b')], skipped: [key('a')] });
    expect(configs.get(key('a'))!.content).toBe('old');
    expect(configs.get(key('b'))!.content).toBe('b');
  });

  it('OVERWRITE replaces existing configs; a repeated key counts once, the last one', async () => {
    const configs = await setup();
    const result = await publishBatch(configs, [...items, { key: key('b'), content: 'b2' }], 'OVERWRITE', {
      srcUser: 'u',
    });
    expect(result.written).toEqual([key('a'), key('b')]);
    expect(configs.get(key('a'))).toMatchObject({ content: 'new', type: 'json', srcUser: 'u' });
    expect(configs.get(key('b'))!.content).toBe('b2');
  });
});
