import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_NAMESPACES, type User } from '../core/auth/user-model.js';
import { UserService } from '../core/auth/user-service.js';
import { ManualClock } from '../shared/clock.js';
import { backends, historyOf, item, key, Refused, save } from '../../test/store-contract-kit.js';
import { HISTORY_KEPT_PER_CONFIG } from '../core/config/config-model.js';
import type { StoredInstance } from '../core/naming/instance-store.js';
import type { Stores } from '../store-wiring.js';

/** One set of store behaviours, held by both backends: the embedded SQLite file and PostgreSQL. */
const svc = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'orders' };
const instance = (ip: string): StoredInstance => ({
  key: svc,
  ip,
  port: 8080,
  clusterName: 'DEFAULT',
  instanceId: `${ip}#8080#DEFAULT#DEFAULT_GROUP@@orders`,
  weight: 1.5,
  healthy: true,
  enabled: false,
  metadata: { zone: 'a' },
  appName: 'shop',
  registeredAt: 5,
  modifiedAt: 6,
});
const user: User = {
  username: 'dev1',
  nickname: 'Dev',
  passwordHash: '$2b$10$abcdefghijklmnopqrstuuJ8rP6Q2g7x4pV5kU3Yx9q7m0n1o2p3',
  enabled: true,
  roles: ['2'],
  extendInfo: { a: 'b' },
  namespacePrivilege: { ...ALL_NAMESPACES, whitelistIsAll: false, whitelist: ['dev'] },
  source: null,
  createdAt: 1,
  modifiedAt: 2,
};

describe.each(backends)('$name store', ({ open, skip }) => {
  let stores: Stores;
  beforeAll(async () => {
    if (!skip) stores = await open();
  });

  it.skipIf(skip)('saves, reads, lists and removes configs with their history', async () => {
    const first = item('a: 1', 10);
    const written = await save(stores.configs, first);
    const id = written.stored.item.id;
    expect(written).toEqual({ stored: { item: { ...first, id }, revision: written.stored.revision }, written: true });
    const second = item('a: 2', 20);
    const rewritten = await save(stores.configs, second);
    expect(rewritten.stored.item).toEqual({ ...second, id });
    expect(rewritten.stored.revision).toBeGreaterThan(written.stored.revision);
    expect(await stores.configs.get(key)).toEqual(rewritten.stored);
    expect(await stores.configs.loadAll()).toEqual([rewritten.stored]);
    const page = await stores.configs.listHistory(key, 0, 10);
    expect(page.total).toBe(2);
    expect(page.items.map((h) => [h.content, h.op])).toEqual([
      ['a: 2', 'U'],
      ['a: 1', 'I'],
    ]);
    expect(await stores.configs.getHistory(page.items[1].id)).toMatchObject({ content: 'a: 1', srcIp: '1.2.3.4' });
    const removed = await stores.configs.remove(key, (r) => historyOf(r, 'D'));
    expect(removed).toEqual({ ...second, id });
    expect(await stores.configs.get(key)).toBeUndefined();
    expect((await stores.configs.listHistory(key, 0, 1)).items[0]).toMatchObject({ op: 'D', content: 'a: 2' });
  });

  it.skipIf(skip)('keeps the encryptedDataKey of a config and of each history entry, "" for a plain one', async () => {
    const cipher = { ...key, dataId: 'cipher-aes-app.yaml' };
    const encrypted = Object.assign(item('Y2lwaGVy', 30), cipher, { encryptedDataKey: 'a2V5LTE=' });
    const written = await save(stores.configs, encrypted);
    expect(written.stored.item.encryptedDataKey).toBe('a2V5LTE=');
    expect((await stores.configs.get(cipher))?.item.encryptedDataKey).toBe('a2V5LTE=');
    await save(stores.configs, Object.assign({}, encrypted, { encryptedDataKey: 'a2V5LTI=', modifiedAt: 31 }));
    await save(stores.configs, Object.assign(item('plain', 32), cipher));
    const stored = (await stores.configs.loadAll()).find((s) => s.item.dataId === cipher.dataId);
    expect(stored?.item).toMatchObject({ content: 'plain', encryptedDataKey: '' });
    const page = await stores.configs.listHistory(cipher, 0, 10);
    expect(page.items.map((h) => [h.content, h.encryptedDataKey])).toEqual([
      ['plain', ''],
      ['Y2lwaGVy', 'a2V5LTI='],
      ['Y2lwaGVy', 'a2V5LTE='],
    ]);
    expect(await stores.configs.getHistory(page.items[2].id)).toMatchObject({ encryptedDataKey: 'a2V5LTE=' });
    await save(stores.configs, Object.assign({}, encrypted, { modifiedAt: 33 }));
    const removed = await stores.configs.remove(cipher, (r) => historyOf(r, 'D'));
    expect(removed?.encryptedDataKey).toBe('a2V5LTE=');
    expect((await stores.configs.listHistory(cipher, 0, 1)).items[0]).toMatchObject({
      op: 'D',
      encryptedDataKey: 'a2V5LTE=',
    });
  });

  it.skipIf(skip)('keeps the newest history entries per config only', async () => {
    const other = { ...key, dataId: 'busy.txt' };
    for (let n = 0; n < HISTORY_KEPT_PER_CONFIG + 5; n++) await save(stores.configs, { ...item(`v${n}`, n), ...other });
    const page = await stores.configs.listHistory(other, 0, 1);
    expect(page.total).toBe(HISTORY_KEPT_PER_CONFIG);
    expect(page.items[0].content).toBe(`v${HISTORY_KEPT_PER_CONFIG + 4}`);
  });

  it.skipIf(skip)('keeps the history of a config removed and created again bounded', async () => {
    const again = { ...key, dataId: 'again.txt' };
    for (let n = 0; n < HISTORY_KEPT_PER_CONFIG + 5; n++) await save(stores.configs, { ...item(`v${n}`, n), ...again });
    await stores.configs.remove(again, (r) => historyOf(r, 'D'));
    expect((await stores.configs.listHistory(again, 0, 1)).total).toBe(HISTORY_KEPT_PER_CONFIG);
    const created = { ...item('new', 1000), ...again };
    await stores.configs.save(again, () => ({ item: created, history: historyOf(created, 'I') }));
    // a creation may leave one entry past the kept ones; the next change trims
    expect((await stores.configs.listHistory(again, 0, 1)).total).toBeLessThanOrEqual(HISTORY_KEPT_PER_CONFIG + 1);
    await save(stores.configs, { ...item('changed', 1001), ...again });
    const page = await stores.configs.listHistory(again, 0, 1);
    expect(page.total).toBe(HISTORY_KEPT_PER_CONFIG);
    expect(page.items[0].content).toBe('changed');
  });

  it.skipIf(skip)('removing a config that is not stored writes nothing and says so', async () => {
    const gone = { ...key, dataId: 'never.txt' };
    expect(await stores.configs.remove(gone, (r) => historyOf(r, 'D'))).toBeUndefined();
    expect((await stores.configs.listHistory(gone, 0, 10)).total).toBe(0);
  });

  it.skipIf(skip)(
    'decides each write from the committed row: "nothing to write" keeps row, revision and history',
    async () => {
      const k = { ...key, dataId: 'decide.txt' };
      const base = { ...item('base', 1), ...k };
      const first = await save(stores.configs, base);
      const seen: Array<string | undefined> = [];
      const kept = await stores.configs.save(k, (committed) => {
        seen.push(committed?.content);
        return null;
      });
      expect(seen).toEqual(['base']);
      expect(kept).toEqual({ stored: first.stored, written: false });
      expect((await stores.configs.listHistory(k, 0, 10)).total).toBe(1);
    },
  );

  it.skipIf(skip)('compare-and-set: a matching md5 writes, another md5 writes nothing', async () => {
    const casKey = { ...key, dataId: 'cas.txt' };
    const base = { ...item('base', 1), ...casKey };
    await save(stores.configs, base, 'ignored when nothing is stored');
    const next = { ...item('next', 2), ...casKey };
    await save(stores.configs, next, base.md5);
    const lost = { ...item('lost', 3), ...casKey };
    await expect(save(stores.configs, lost, base.md5)).rejects.toThrow(Refused);
    expect((await stores.configs.get(casKey))?.item.content).toBe('next');
    expect((await stores.configs.listHistory(casKey, 0, 10)).total).toBe(2);
  });

  it.skipIf(skip)('writers racing on a key not stored yet each decide after the one before has committed', async () => {
    const k = { ...key, dataId: 'first-one-wins.txt' };
    // each write is allowed only while nothing is stored: exactly one may win
    const onlyIfAbsent = (content: string) =>
      stores.configs.save(k, (committed) => {
        if (committed) throw new Refused();
        const next = { ...item(content, 1), ...k };
        return { item: next, history: historyOf(next, 'I') };
      });
    const results = await Promise.allSettled(['x', 'y', 'z', 'w'].map(onlyIfAbsent));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await stores.configs.listHistory(k, 0, 10)).total).toBe(1);
  });

  it.skipIf(skip)('keeps namespaces, services, persistent instances, users and live sessions', async () => {
    const dev = { namespaceId: 'dev', namespaceName: 'Dev', namespaceDesc: 'x', createdAt: 7 };
    expect(await stores.namespaces.insert(dev)).toBe(true);
    expect(await stores.namespaces.loadAll()).toEqual([dev]);
    const settings = {
      protectThreshold: 0.7,
      metadata: { k: 'v' },
      selector: { type: 'label' as const, expression: 'e' },
    };
    await stores.instances.changeService(svc, () => ({ key: svc, settings, createdAt: 1, modifiedAt: 2 }));
    await stores.instances.saveInstance(instance('10.0.0.1'));
    await stores.instances.saveInstance(instance('10.0.0.2'));
    await stores.instances.removeInstance(svc, { ip: '10.0.0.2', port: 8080, clusterName: 'DEFAULT' });
    const loaded = await stores.instances.loadService(svc);
    expect(loaded.service).toEqual({ key: svc, settings, createdAt: 1, modifiedAt: 2 });
    expect(loaded.instances).toEqual([instance('10.0.0.1')]);
    expect((await stores.instances.loadAll()).instances).toEqual([instance('10.0.0.1')]);
    await stores.users.change(() => ({ save: user, result: undefined }));
    expect(await stores.users.loadAll()).toEqual([user]);
    const session = { tokenHash: 'h1', kind: 'console' as const, username: 'dev1', createdAt: 1, expiresAt: 100 };
    await stores.sessions.add(session);
    await stores.sessions.add({ ...session, tokenHash: 'h2', expiresAt: 50 });
    expect(await stores.sessions.loadLive(60)).toEqual([session]);
    await stores.sessions.remove(['h1']);
    expect(await stores.sessions.loadLive(0)).toEqual([{ ...session, tokenHash: 'h2', expiresAt: 50 }]);
  });

  it.skipIf(skip)('decides whether a namespace exists by what is stored', async () => {
    const ns = { namespaceId: 'ns-decided', namespaceName: 'One', namespaceDesc: 'd', createdAt: 9 };
    expect(await stores.namespaces.update('ns-decided', { namespaceName: 'x' })).toBeUndefined();
    expect(await stores.namespaces.remove('ns-decided')).toBe(false);
    expect(await stores.namespaces.insert(ns)).toBe(true);
    expect(await stores.namespaces.insert({ ...ns, namespaceName: 'Two' })).toBe(false);
    expect(await stores.namespaces.update('ns-decided', { namespaceName: 'Renamed' })).toEqual({
      ...ns,
      namespaceName: 'Renamed',
    });
    expect(await stores.namespaces.update('ns-decided', { namespaceName: 'R', namespaceDesc: '' })).toMatchObject({
      namespaceDesc: '',
    });
    expect(await stores.namespaces.remove('ns-decided')).toBe(true);
    expect((await stores.namespaces.loadAll()).map((n) => n.namespaceId)).not.toContain('ns-decided');
  });

  it.skipIf(skip)('decides each user write from the users as stored, writing nothing when it refuses', async () => {
    const seen = await stores.users.change((stored) => ({ result: [...stored.keys()] }));
    const other = { ...user, username: 'decided' };
    expect(await stores.users.change((stored) => ({ save: other, result: stored.has('decided') }))).toBe(false);
    const refused = stores.users.change(() => {
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    expect(await stores.users.change((stored) => ({ remove: 'decided', result: stored.has('decided') }))).toBe(true);
    expect((await stores.users.loadAll()).map((u) => u.username)).toEqual(seen.sort());
  });

  it.skipIf(skip)('holds one user per name whatever its case, decided on the committed rows', async () => {
    const clock = new ManualClock();
    const nodeA = await UserService.create(stores.users, clock);
    // loaded before A writes and never told: all it knows comes from the store
    const nodeB = await UserService.create(stores.users, clock);
    await nodeA.add({ username: 'Casey', password: 'casey-password', roles: ['1'] });
    await expect(nodeB.add({ username: 'casey', password: 'other-password', roles: ['0'] })).rejects.toThrow(
      /already exists/,
    );
    const external = (username: string) =>
      nodeB.recordExternal({ username, nickname: 'x', source: 'OAUTH2', newRoles: ['2'] });
    await expect(external('CASEY')).rejects.toThrow(/does not come from OAUTH2/);
    await nodeA.recordExternal({ username: 'Dana.Q', nickname: 'D', source: 'OAUTH2', newRoles: ['2'] });
    expect((await external('dana.q')).username).toBe('Dana.Q');
    const stored = (await stores.users.loadAll()).map((u) => u.username);
    expect(stored.filter((n) => /^(casey|dana\.q)$/i.test(n)).sort()).toEqual(['Casey', 'Dana.Q']);
    for (const name of ['Casey', 'Dana.Q']) expect(await nodeA.remove(name)).toBe(true);
  });

  it.skipIf(skip)('decides service and persistent instance writes by what is stored', async () => {
    const key = { ...svc, serviceName: 'decided' };
    const settings = { protectThreshold: 0.1, metadata: {}, selector: { type: 'none' as const } };
    expect(await stores.instances.removeService(key)).toBe(false);
    const seen: unknown[] = [];
    const create = (stored: unknown) => {
      seen.push(stored);
      return { key, settings, createdAt: 3, modifiedAt: 3 };
    };
    await stores.instances.changeService(key, create);
    await stores.instances.changeService(key, create);
    expect(seen).toEqual([undefined, { key, settings, createdAt: 3, modifiedAt: 3 }]);
    await expect(
      stores.instances.changeService(key, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await stores.instances.removeService(key)).toBe(true);

    const one = { ...instance('10.0.0.7'), key };
    const ref = { ip: one.ip, port: one.port, clusterName: one.clusterName };
    expect(await stores.instances.removeInstance(key, ref)).toBe(false);
    await stores.instances.saveInstance(one);
    // the same visible fields: nothing is rewritten
    await stores.instances.saveInstance({ ...one, modifiedAt: 99 });
    expect((await stores.instances.loadInstance(key, ref))?.modifiedAt).toBe(one.modifiedAt);
    const patched = await stores.instances.changeInstance(key, ref, (stored) => ({ ...stored!, weight: 7 }));
    expect(patched.weight).toBe(7);
    expect((await stores.instances.loadInstance(key, ref))?.weight).toBe(7);
    expect(await stores.instances.removeInstance(key, ref)).toBe(true);
  });

  it.skipIf(skip)('keeps metadata edited on an ephemeral instance per service and ip:port', async () => {
    const service = { namespaceId: 'dev', groupName: 'G', serviceName: 'edited' };
    const edit = { key: service, ip: '10.0.0.5', port: 80, clusterName: 'C', metadata: { a: '1' }, editedAt: 5 };
    expect(await stores.instanceMetadata.removeEdited(service, edit.ip, edit.port)).toBe(false);
    await stores.instanceMetadata.saveEdited(edit);
    await stores.instanceMetadata.saveEdited({ ...edit, port: 81, metadata: {} });
    // the same service and ip:port: replaced, whatever cluster
    await stores.instanceMetadata.saveEdited({
      ...edit,
      clusterName: 'D',
      metadata: { a: '2', 'b.c': 'x' },
      editedAt: 6,
    });
    const mine = (await stores.instanceMetadata.loadAllEdited()).filter((e) => e.key.serviceName === 'edited');
    expect(mine).toEqual([
      { ...edit, port: 81, metadata: {} },
      { ...edit, clusterName: 'D', metadata: { a: '2', 'b.c': 'x' }, editedAt: 6 },
    ]);
    expect(await stores.instanceMetadata.removeEdited(service, edit.ip, edit.port)).toBe(true);
    const left = (await stores.instanceMetadata.loadAllEdited()).filter((e) => e.key.serviceName === 'edited');
    expect(left.map((e) => e.port)).toEqual([81]);
  });

  it.skipIf(skip)('exports a snapshot and imports a plan all at once', async () => {
    const imported = { ...item('imported', 9), ...key, dataId: 'imported.txt' };
    await stores.transfer.apply({
      configs: [{ item: imported, history: [historyOf(imported, 'I')] }],
      namespaces: [{ namespaceId: 'qa', namespaceName: 'QA', namespaceDesc: '', createdAt: 8 }],
      instances: [instance('10.0.0.9')],
      users: [{ ...user, username: 'qa1' }],
      grays: [{ grayName: 'tag_blue', rule: { type: 'tag', tag: 'blue' }, item: { ...imported, content: 'blue' } }],
    });
    const snapshot = await stores.transfer.snapshot(10);
    const config = snapshot.configs.find((c) => c.item.dataId === 'imported.txt')!;
    expect(config.item).toMatchObject({ content: 'imported', createdAt: 1000 });
    expect(config.history.map((h) => h.content)).toEqual(['imported']);
    expect(snapshot.namespaces.map((n) => n.namespaceId)).toContain('qa');
    expect(snapshot.instances.map((i) => i.ip)).toContain('10.0.0.9');
    expect((await stores.transfer.users()).map((u) => u.username)).toEqual(['dev1', 'qa1']);
    const gray = snapshot.grays.find((g) => g.item.dataId === 'imported.txt');
    expect([gray?.grayName, gray?.rule, gray?.item.content]).toEqual([
      'tag_blue',
      { type: 'tag', tag: 'blue' },
      'blue',
    ]);
  });
});
