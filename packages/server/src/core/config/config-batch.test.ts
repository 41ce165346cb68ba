import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { publishBatch } from './config-batch.js';
import { configKeyString, type ConfigKey } from './config-key.js';
import type { ConfigItem } from './config-model.js';
import { ConfigService } from './config-service.js';
import type { ConfigStore, ConfigWrite, StoredConfig } from './config-store.js';

/** Configs in a map: each write decided against what it holds, as a real store does. */
class MemoryStore implements ConfigStore {
  private id = 0;
  private revision = 0;
  private readonly rows = new Map<string, StoredConfig>();
  async loadAll(): Promise<StoredConfig[]> {
    return [...this.rows.values()];
  }
  async save(key: ConfigKey, decide: (committed: ConfigItem | undefined) => ConfigWrite) {
    const committed = this.rows.get(configKeyString(key));
    const write = decide(committed?.item);
    if (!write) return { stored: committed!, written: false };
    const stored = { item: { ...write.item, id: committed?.item.id ?? ++this.id }, revision: ++this.revision };
    this.rows.set(configKeyString(key), stored);
    return { stored, written: true };
  }
  async remove(key: ConfigKey) {
    const committed = this.rows.get(configKeyString(key));
    this.rows.delete(configKeyString(key));
    return committed?.item;
  }
  async get(key: ConfigKey) {
    return this.rows.get(configKeyString(key));
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
