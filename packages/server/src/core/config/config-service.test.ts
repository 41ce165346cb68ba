import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';
import { NacosError } from '../../shared/errors.js';
import { configKeyString, parseConfigKey } from './config-key.js';

let app: TestApp;
const clock = new ManualClock();
beforeEach(async () => {
  app = await buildTestApp({ clock });
});
afterEach(() => app.dispose());

const key = { namespaceId: '', group: 'G', dataId: 'd' };

describe('ConfigService', () => {
  it('records one history entry per change, newest first, with source and operation', async () => {
    const configs = app.core.configs;
    await configs.publish({ ...key, content: 'v1' }, { srcIp: '10.0.0.1', srcUser: 'alice' });
    clock.advance(1000);
    await configs.publish({ ...key, content: 'v2', type: 'json' }, { srcIp: '10.0.0.2' });
    await configs.publish({ ...key, content: 'v2', type: 'json' }); // no change: no entry
    clock.advance(1000);
    await configs.remove(key, { srcUser: 'bob' });
    const { total, items } = await configs.history(key, 0, 10);
    expect(total).toBe(3);
    expect(items.map((h) => [h.op, h.content, h.srcIp, h.srcUser])).toEqual([
      ['D', 'v2', '', 'bob'],
      ['U', 'v2', '10.0.0.2', ''],
      ['I', 'v1', '10.0.0.1', 'alice'],
    ]);
    expect(items[0].createdAt - items[2].createdAt).toBe(2000);
    expect(await configs.historyEntry(items[1].id)).toMatchObject({ content: 'v2', type: 'json' });
  });

  it('answers a write queued behind a stalled write of the same config busy, in time, and never makes it', async () => {
    const configs = app.core.configs;
    type Save = (...args: unknown[]) => Promise<unknown>;
    const store = (configs as unknown as { store: { save: Save } }).store;
    const save = store.save.bind(store);
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    // the disk or database stalls on the first write
    store.save = async (...args) => {
      store.save = save;
      await stalled;
      return save(...args);
    };
    const first = configs.publish({ ...key, content: 'first' });
    const startedAt = Date.now();
    const queued = configs.publish({ ...key, content: 'queued' });
    const refusal = await queued.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(NacosError);
    expect((refusal as NacosError).kind).toBe('unavailable');
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    release();
    await first;
    expect(configs.get(key)?.content).toBe('first');
    expect((await configs.history(key, 0, 10)).items.map((h) => h.content)).toEqual(['first']);
    await configs.publish({ ...key, content: 'again' });
    expect(configs.get(key)?.content).toBe('again');
  });

  it('keeps the newest 100 history entries of a config and leaves the others alone', async () => {
    const configs = app.core.configs;
    const other = { ...key, dataId: 'other' };
    await configs.publish({ ...other, content: 'o1' });
    for (let v = 1; v <= 105; v++) await configs.publish({ ...key, content: `v${v}` });
    const { total, items } = await configs.history(key, 0, 200);
    expect(total).toBe(100);
    expect([items[0].content, items[99].content]).toEqual(['v105', 'v6']);
    await configs.remove(key);
    const afterRemove = await configs.history(key, 0, 200);
    expect([afterRemove.total, afterRemove.items[0].op, afterRemove.items[99].content]).toEqual([100, 'D', 'v7']);
    expect((await configs.history(other, 0, 10)).items.map((h) => h.content)).toEqual(['o1']);
  });

  it('stores a new encryptedDataKey over the same content as a change that wakes no watcher', async () => {
    const configs = app.core.configs;
    const cipher = { ...key, dataId: 'cipher-aes-d' };
    const woken: string[] = [];
    configs.watch(configKeyString(cipher), (k) => woken.push(k));
    const first = await configs.publish({ ...cipher, content: 'Y2lwaGVy', encryptedDataKey: 'a2V5LTE=' });
    expect(woken).toHaveLength(1);
    const rekeyed = await configs.publish({ ...cipher, content: 'Y2lwaGVy', encryptedDataKey: 'a2V5LTI=' });
    expect(rekeyed.changed).toBe(true);
    expect(rekeyed.item).toMatchObject({ md5: first.item.md5, encryptedDataKey: 'a2V5LTI=' });
    expect(woken).toHaveLength(1);
    expect((await configs.publish({ ...cipher, content: 'Y2lwaGVy', encryptedDataKey: 'a2V5LTI=' })).changed).toBe(
      false,
    );
    // left out (the console), the key stays with the same content and goes with a new one
    await configs.publish({ ...cipher, content: 'Y2lwaGVy', desc: 'edited' });
    expect(configs.get(cipher)).toMatchObject({ desc: 'edited', encryptedDataKey: 'a2V5LTI=' });
    await configs.publish({ ...cipher, content: 'plain' });
    expect(configs.get(cipher)?.encryptedDataKey).toBe('');
    expect(woken).toHaveLength(2);
    await expect(configs.publish({ ...cipher, content: 'x', encryptedDataKey: 'k'.repeat(1025) })).rejects.toThrow(
      /encryptedDataKey is too long/,
    );
  });

  it('keeps attributes not given on republish and wakes watchers only on content change', async () => {
    const configs = app.core.configs;
    const woken: string[] = [];
    const watcher = (k: string) => woken.push(k);
    configs.watch(configKeyString(key), watcher);
    await configs.publish({ ...key, content: 'a', type: 'yaml', desc: 'first' });
    await configs.publish({ ...key, content: 'a', desc: 'changed description' });
    expect(configs.get(key)).toMatchObject({ type: 'yaml', desc: 'changed description' });
    expect(woken).toHaveLength(1);
    await configs.publish({ ...key, content: 'b' });
    expect(woken).toHaveLength(2);
    configs.unwatch(configKeyString(key), watcher);
  });

  it('compare-and-set fails with a conflict against a changed md5 and inserts a missing config', async () => {
    const configs = app.core.configs;
    await configs.publish({ ...key, content: 'new', casMd5: 'anything' });
    const current = configs.get(key)!;
    await expect(configs.publish({ ...key, content: 'x', casMd5: 'stale' })).rejects.toMatchObject({
      kind: 'conflict',
    });
    await configs.publish({ ...key, content: 'x', casMd5: current.md5 });
    expect(configs.get(key)?.content).toBe('x');
  });

  it('serializes concurrent compare-and-set publishes so only one wins', async () => {
    const configs = app.core.configs;
    await configs.publish({ ...key, content: 'base' });
    const md5 = configs.get(key)!.md5;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => configs.publish({ ...key, content: `writer ${i}`, casMd5: md5 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('reloads configs from the store after a restart', async () => {
    await app.core.configs.publish({ ...key, content: 'persisted', type: 'properties' });
    await app.close();
    const again = await buildTestApp({ dataDir: app.dataDir });
    try {
      expect(again.core.configs.get(key)).toMatchObject({ content: 'persisted', type: 'properties' });
      expect((await again.core.configs.history(key, 0, 10)).total).toBe(1);
    } finally {
      await again.dispose();
    }
  });
});

describe('parseConfigKey', () => {
  it('defaults the group and canonicalizes the default namespace', () => {
    expect(parseConfigKey({ dataId: 'a', tenant: 'PUBLIC' })).toEqual({
      namespaceId: '',
      group: 'DEFAULT_GROUP',
      dataId: 'a',
    });
    expect(parseConfigKey({ dataId: 'a.b:c-d_1', group: '组', tenant: 'dev' })).toEqual({
      namespaceId: 'dev',
      group: '组',
      dataId: 'a.b:c-d_1',
    });
  });

  it.each([{ dataId: '' }, { dataId: 'a/b' }, { dataId: 'a', group: 'x y' }, { dataId: 'x'.repeat(257) }])(
    'rejects %o',
    (input) => {
      expect(() => parseConfigKey(input)).toThrow(NacosError);
    },
  );
});
