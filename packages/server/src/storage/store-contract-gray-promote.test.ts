import { beforeAll, describe, expect, it } from 'vitest';
import type { NewAuditEntry } from '../core/audit/audit-model.js';
import type { ConfigGray } from '../core/config/config-gray.js';
import type { GrayPromotion } from '../core/config/config-gray-store.js';
import type { ConfigItem } from '../core/config/config-model.js';
import type { Stores } from '../store-wiring.js';
import { backends, historyOf, item, key, save } from '../../test/store-contract-kit.js';

/** Promoting a gray version: the stable row, the removal, their history and the audit row, all or nothing. */
describe.each(backends)('$name store', ({ open, skip }) => {
  let stores: Stores;
  beforeAll(async () => {
    if (!skip) stores = await open();
  });

  const auditRow = (target: string): NewAuditEntry => ({
    time: 50,
    username: 'admin',
    door: 'console',
    clientIp: '10.0.0.1',
    action: 'config.gray.promote',
    namespaceId: 'dev',
    target,
    outcome: 'ok',
    reason: '',
  });
  const grayHistory = (i: Omit<ConfigItem, 'id'>, op: 'I' | 'D', grayName: string) =>
    Object.assign(historyOf(i, op), { publishType: 'gray' as const, grayName });
  const promotion =
    (audit: NewAuditEntry) =>
    (gray: ConfigGray, current: ConfigItem | undefined): GrayPromotion => {
      const next = Object.assign(item(gray.item.content, 60), { dataId: gray.item.dataId });
      return {
        stable: { item: next, history: historyOf(next, current ? 'U' : 'I') },
        grayHistory: grayHistory(gray.item, 'D', gray.grayName),
        audit,
      };
    };
  async function withTagRelease(dataId: string) {
    const k = { ...key, dataId };
    await save(stores.configs, Object.assign(item('stable', 40), k));
    const tagged = Object.assign(item('tagged', 41), k);
    await stores.configGrays.saveGray(
      { grayName: 'tag_blue', rule: { type: 'tag', tag: 'blue' }, item: tagged },
      grayHistory(tagged, 'I', 'tag_blue'),
    );
    return k;
  }
  const audited = async (target: string) =>
    (await stores.audit.list({ action: 'config.gray.promote' }, 0, 10)).items.filter((e) => e.target === target);

  it.skipIf(skip)('makes the gray version the stable config and removes it, with history and audit', async () => {
    const k = await withTagRelease('promoted.yaml');
    const promoted = await stores.configGrays.promoteGray(k, 'tag_blue', promotion(auditRow('G/promoted.yaml')));
    expect(promoted).toMatchObject({ written: true, removed: { grayName: 'tag_blue' } });
    expect(promoted?.stored.item.content).toBe('tagged');
    expect(await stores.configs.get(k)).toEqual(promoted?.stored);
    expect(await stores.configGrays.graysOf(k)).toEqual([]);
    const history = await stores.configs.listHistory(k, 0, 10);
    expect(history.items.map((h) => [h.op, h.content, h.publishType ?? 'formal'])).toEqual([
      ['D', 'tagged', 'gray'],
      ['U', 'tagged', 'formal'],
      ['I', 'tagged', 'gray'],
      ['I', 'stable', 'formal'],
    ]);
    expect(await audited('G/promoted.yaml')).toHaveLength(1);
    // nothing left to promote: nothing is written
    expect(await stores.configGrays.promoteGray(k, 'tag_blue', promotion(auditRow('G/promoted.yaml')))).toBe(undefined);
    expect((await stores.configs.listHistory(k, 0, 10)).total).toBe(4);
  });

  it.skipIf(skip)('keeps the stable config and the gray version when the write fails in the middle', async () => {
    const k = await withTagRelease('failing.yaml');
    const before = await stores.configs.get(k);
    // an audit row the database refuses (NOT NULL): it is written after the stable row and the removal
    const refused = Object.assign(auditRow('G/failing.yaml'), { reason: null as unknown as string });
    await expect(stores.configGrays.promoteGray(k, 'tag_blue', promotion(refused))).rejects.toThrow();
    expect(await stores.configs.get(k)).toEqual(before);
    expect((await stores.configGrays.graysOf(k)).map((g) => [g.grayName, g.item.content])).toEqual([
      ['tag_blue', 'tagged'],
    ]);
    expect((await stores.configs.listHistory(k, 0, 10)).items.map((h) => h.content)).toEqual(['tagged', 'stable']);
    expect(await audited('G/failing.yaml')).toEqual([]);
    // the store goes on: the same promotion with a good row succeeds
    const promoted = await stores.configGrays.promoteGray(k, 'tag_blue', promotion(auditRow('G/failing.yaml')));
    expect(promoted?.stored.item.content).toBe('tagged');
  });
});
