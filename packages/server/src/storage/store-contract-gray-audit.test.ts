import { beforeAll, describe, expect, it } from 'vitest';
import type { NewAuditEntry } from '../core/audit/audit-model.js';
import type { ConfigItem } from '../core/config/config-model.js';
import type { Stores } from '../store-wiring.js';
import { backends, historyOf, item, key, Refused, save } from '../../test/store-contract-kit.js';

/** The gray versions of configs and the audit trail, held alike by both backends. */
describe.each(backends)('$name store', ({ open, skip }) => {
  let stores: Stores;
  beforeAll(async () => {
    if (!skip) stores = await open();
  });

  it.skipIf(skip)('saves, replaces and removes gray versions beside the stable config, in history', async () => {
    const grayKey = { ...key, dataId: 'gray.yaml' };
    const stable = Object.assign(item('stable', 40), grayKey);
    await save(stores.configs, stable);
    const beta = Object.assign(item('beta 1', 41), grayKey);
    const rule = { type: 'beta' as const, ips: ['10.0.0.1', '127.0.0.1'] };
    const grayHistory = (i: Omit<ConfigItem, 'id'>, op: 'I' | 'U' | 'D', grayName = 'beta') =>
      Object.assign(historyOf(i, op), { publishType: 'gray' as const, grayName });
    const first = await stores.configGrays.saveGray({ grayName: 'beta', rule, item: beta }, grayHistory(beta, 'I'));
    expect(first).toEqual({ grayName: 'beta', rule, item: { ...beta, id: first.item.id } });
    const beta2 = Object.assign(item('beta 2', 42), grayKey);
    const narrower = { type: 'beta' as const, ips: ['127.0.0.1'] };
    const second = await stores.configGrays.saveGray(
      { grayName: 'beta', rule: narrower, item: beta2 },
      grayHistory(beta2, 'U'),
    );
    expect(second.item.id).toBe(first.item.id);
    const tagged = Object.assign(item('tagged', 43), grayKey);
    const tag = { type: 'tag' as const, tag: 'canary' };
    await stores.configGrays.saveGray(
      { grayName: 'tag_canary', rule: tag, item: tagged },
      grayHistory(tagged, 'I', 'tag_canary'),
    );
    const grays = await stores.configGrays.graysOf(grayKey);
    expect(grays.map((g) => [g.grayName, g.rule, g.item.content])).toEqual([
      ['beta', narrower, 'beta 2'],
      ['tag_canary', tag, 'tagged'],
    ]);
    expect((await stores.configGrays.loadAllGrays()).filter((g) => g.item.dataId === 'gray.yaml')).toEqual(grays);
    expect((await stores.configs.get(grayKey))?.item.content).toBe('stable');
    const removed = await stores.configGrays.removeGray(grayKey, 'beta', (g) => grayHistory(g.item, 'D'));
    expect(removed?.item.content).toBe('beta 2');
    expect(await stores.configGrays.removeGray(grayKey, 'beta', (g) => grayHistory(g.item, 'D'))).toBeUndefined();
    expect((await stores.configGrays.graysOf(grayKey)).map((g) => g.grayName)).toEqual(['tag_canary']);
    const page = await stores.configs.listHistory(grayKey, 0, 10);
    expect(page.items.map((h) => [h.content, h.op, h.publishType ?? 'formal', h.grayName ?? ''])).toEqual([
      ['beta 2', 'D', 'gray', 'beta'],
      ['tagged', 'I', 'gray', 'tag_canary'],
      ['beta 2', 'U', 'gray', 'beta'],
      ['beta 1', 'I', 'gray', 'beta'],
      ['stable', 'I', 'formal', ''],
    ]);
  });

  it.skipIf(skip)(
    'appends, filters, pages and deletes audit rows; a config write commits its row with it',
    async () => {
      const row = (at: number, over: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
        time: at,
        username: 'admin',
        door: 'console',
        clientIp: '10.0.0.1',
        action: 'user.create',
        namespaceId: '',
        target: 'username=u1',
        outcome: 'ok',
        reason: '',
        ...over,
      });
      await stores.audit.append([
        row(100),
        row(200, { username: 'dev1', door: 'http-v1', action: 'config.publish', namespaceId: 'dev' }),
        row(300, { action: 'login.failure', outcome: 'refused', reason: 'USER_CHECK_ERROR' }),
      ]);
      const audited = { ...key, dataId: 'audited.yaml' };
      const next = Object.assign(item('v: 1', 400), audited);
      const auditRow = row(400, {
        door: 'grpc',
        action: 'config.publish',
        namespaceId: 'dev',
        target: 'G/audited.yaml',
      });
      await stores.configs.save(audited, () => ({ item: next, history: historyOf(next, 'I'), audit: auditRow }));
      await stores.configs.remove(audited, (r) => historyOf(r, 'D'), {
        ...auditRow,
        time: 500,
        action: 'config.delete',
      });
      // a refused write commits neither the config nor its row
      await expect(
        stores.configs.save(audited, () => {
          throw new Refused();
        }),
      ).rejects.toBeInstanceOf(Refused);

      const all = await stores.audit.list({}, 0, 10);
      expect(all.total).toBe(5);
      expect(all.items.map((e) => e.time)).toEqual([500, 400, 300, 200, 100]);
      expect(all.items[1]).toMatchObject({ ...auditRow, id: expect.any(Number) });
      expect((await stores.audit.list({ action: 'config.' }, 0, 10)).items.map((e) => e.time)).toEqual([500, 400, 200]);
      expect((await stores.audit.list({ username: 'dev1' }, 0, 10)).items.map((e) => e.door)).toEqual(['http-v1']);
      expect((await stores.audit.list({ namespaceId: 'dev', door: 'grpc' }, 0, 10)).total).toBe(2);
      expect((await stores.audit.list({ outcome: 'refused' }, 0, 10)).items[0].reason).toBe('USER_CHECK_ERROR');
      expect((await stores.audit.list({ from: 200, to: 400 }, 0, 10)).items.map((e) => e.time)).toEqual([300, 200]);
      const paged = await stores.audit.list({}, 1, 2);
      expect([paged.total, paged.items.map((e) => e.time)]).toEqual([5, [400, 300]]);
      expect((await stores.audit.list({ beforeId: all.items[2].id }, 0, 10)).items.map((e) => e.time)).toEqual([
        200, 100,
      ]);

      expect(await stores.audit.deleteBefore(300, 1)).toBe(1);
      expect(await stores.audit.deleteBefore(300, 10)).toBe(1);
      expect((await stores.audit.list({}, 0, 10)).items.map((e) => e.time)).toEqual([500, 400, 300]);
    },
  );
});
