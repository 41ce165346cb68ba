import { afterEach, describe, expect, it } from 'vitest';
import { decodeTransfer } from '../src/core/transfer/transfer-codec.js';
import { IMPORT_EVERYTHING } from '../src/core/transfer/import-plan.js';
import { ManualClock } from '../src/shared/clock.js';
import { SAMPLE_PASSWORD, sampleServerExport } from './transfer-bytes.js';
import { buildTestApp, type TestApp } from './helpers.js';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.dispose()));
});

async function app(clock = new ManualClock()) {
  const a = await buildTestApp({ clock });
  apps.push(a);
  return a;
}

/** A server with configs in two namespaces, several changes each, and a deleted-then-recreated config. */
async function populated(): Promise<TestApp> {
  const clock = new ManualClock();
  const a = await app(clock);
  await a.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'Development' });
  const publish = async (dataId: string, content: string, extra: Record<string, string> = {}, user = '') => {
    clock.advance(1000);
    await a.core.configs.publish(
      { namespaceId: extra.ns ?? '', group: 'DEFAULT_GROUP', dataId, content, type: extra.type, desc: extra.desc },
      { srcUser: user },
    );
  };
  await publish('app.yaml', 'port: 80', { type: 'yaml', desc: 'the app' }, 'alice');
  await publish('app.yaml', 'port: 8080', {}, 'bob');
  await publish('db.properties', 'url=a', { ns: 'dev', type: 'properties' });
  await publish('gone.txt', 'old life');
  clock.advance(1000);
  await a.core.configs.remove({ namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'gone.txt' });
  await publish('gone.txt', 'new life');
  const orders = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'orders' };
  await a.core.naming.registerInstance(orders, {
    ip: '10.0.0.1',
    port: 8080,
    ephemeral: false,
    weight: 2.5,
    metadata: { zone: 'a' },
  });
  await a.core.naming.registerInstance(
    { ...orders, namespaceId: 'dev' },
    { ip: '10.0.0.2', port: 9090, clusterName: 'C1', ephemeral: false, enabled: false, appName: 'shop' },
  );
  // An ephemeral instance lives in a service of its own kind.
  await a.core.naming.registerInstance(
    { ...orders, serviceName: 'live' },
    { ip: '10.0.0.3', port: 8080, ephemeral: true },
  );
  await a.core.auth.users.add({
    username: 'dev1',
    password: 'dev1-password',
    nickname: 'Dev One',
    roles: ['1', '2'],
    namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'], blacklistIsAll: false, blacklist: [''] },
  });
  return a;
}

async function exported(a: TestApp) {
  return decodeTransfer(await a.core.transfer.exportFile());
}

describe('transfer export and import', () => {
  it('export -> import into an empty server -> export gives the same content', async () => {
    const source = await populated();
    const first = await exported(source);
    expect(first.content.configs.map((c) => c.dataId).sort()).toEqual(['app.yaml', 'db.properties', 'gone.txt']);
    const app1 = first.content.configs.find((c) => c.dataId === 'app.yaml')!;
    expect(app1.histories.map((h) => [h.content, h.opUser])).toEqual([
      ['port: 80', 'alice'],
      ['port: 8080', 'bob'],
    ]);
    expect(app1).toMatchObject({ type: 'yaml', desc: 'the app' });
    // A deleted config's earlier life is not part of its history.
    expect(first.content.configs.find((c) => c.dataId === 'gone.txt')!.histories.map((h) => h.content)).toEqual([
      'new life',
    ]);
    expect(first.content.namespaces).toEqual([{ namespaceId: 'dev', namespaceName: 'Development', type: '2' }]);
    // Persistent instances only; ephemeral ones belong to their clients.
    expect(
      first.content.instances
        .map((i) => `${i.namespaceId}/${i.serviceName} ${i.ip}:${i.port} ${i.clusterName} w${i.weight}`)
        .sort(),
    ).toEqual(['dev/orders 10.0.0.2:9090 C1 w1', 'public/orders 10.0.0.1:8080 DEFAULT w2.5']);

    const target = await app();
    const report = await target.core.transfer.importDecoded(first, IMPORT_EVERYTHING);
    expect(report.imported).toEqual({ T_CONFIG: 3, T_NAMESPACE: 1, T_NAMING_INSTANCE: 2, T_USER: 2 });
    expect(report.skipped).toEqual([]);

    const second = await exported(target);
    const strip = (c: (typeof first.content.configs)[number]) => ({
      ...c,
      histories: c.histories.map(({ id: _id, ...h }) => h),
    });
    expect(second.content.configs.map(strip)).toEqual(first.content.configs.map(strip));
    expect(second.content.namespaces).toEqual(first.content.namespaces);
    expect(second.content.instances).toEqual(first.content.instances);
    // Users travel with their bcrypt hashes (the target's own admin is overwritten by the source's).
    expect(first.content.users.map((u) => u.username)).toEqual(['admin', 'dev1']);
    expect(second.content.users).toEqual(first.content.users);
    expect(await target.core.auth.users.authenticate('dev1', 'dev1-password')).toMatchObject({
      roles: ['1', '2'],
      namespacePrivilege: { whitelistIsAll: false, whitelist: ['dev'], blacklist: [''] },
    });
    expect(await target.core.auth.users.authenticate('admin', 'admin')).toBeDefined();
    const served = target.core.naming.query({
      namespaceId: 'public',
      groupName: 'DEFAULT_GROUP',
      serviceName: 'orders',
    });
    expect(served.hosts.map((h) => [h.ip, h.ephemeral, h.metadata])).toEqual([['10.0.0.1', false, { zone: 'a' }]]);
    // The imported data is live: served from memory and visible through the services.
    expect(
      target.core.configs.get({ namespaceId: 'dev', group: 'DEFAULT_GROUP', dataId: 'db.properties' })?.content,
    ).toBe('url=a');
    expect(target.core.namespaces.get('dev')?.namespaceName).toBe('Development');
  });

  it('replaces an existing config with its history from the file and wakes its watchers', async () => {
    const target = await app();
    const key = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'app.yaml' };
    await target.core.configs.publish({ ...key, content: 'local' });
    const woken: string[] = [];
    target.core.configs.watch('\u0002DEFAULT_GROUP\u0002app.yaml', (k) => woken.push(k));
    await target.core.transfer.importDecoded(await decodeTransfer([sampleServerExport()]), IMPORT_EVERYTHING);
    expect(target.core.configs.get(key)).toMatchObject({ content: 'port: 8080', type: 'yaml', desc: 'the app' });
    expect(woken).toHaveLength(1);
    const history = await target.core.configs.history(key, 0, 10);
    expect(history.items.map((h) => [h.content, h.srcUser, h.createdAt])).toEqual([
      ['port: 8080', '', 2_000_000],
      ['port: 80', 'admin', 1_000_000],
    ]);
  });

  it('registers persistent instances but never replaces an ephemeral one', async () => {
    const target = await app();
    const orders = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'orders' };
    const decoded = await decodeTransfer([sampleServerExport()]);
    decoded.content.instances.push(
      { ...decoded.content.instances[0], ip: '10.0.0.6' },
      { ...decoded.content.instances[0], ip: '10.0.0.7', ephemeral: true },
    );
    await target.core.naming.registerInstance(orders, { ip: '10.0.0.6', port: 8080, ephemeral: true });
    const report = await target.core.transfer.importDecoded(decoded, IMPORT_EVERYTHING);
    expect(report.imported.T_NAMING_INSTANCE).toBe(1);
    expect(report.skipped.map((s) => [s.key, s.reason])).toEqual([
      ['public/DEFAULT_GROUP@@orders 10.0.0.6:8080', 'the same instance is registered as ephemeral'],
      [
        'public/DEFAULT_GROUP@@orders 10.0.0.7:8080',
        'ephemeral instances are not imported (their owners register them again)',
      ],
    ]);
    expect(target.core.naming.getInstance(orders, { ip: '10.0.0.5', port: 8080 })).toMatchObject({
      ephemeral: false,
      weight: 0.5,
      metadata: { zone: 'a' },
    });
    expect(target.core.naming.getInstance(orders, { ip: '10.0.0.6', port: 8080 })?.ephemeral).toBe(true);
  });

  it("imports users with their password hashes and privilege flags, ending changed users' sessions", async () => {
    const target = await app();
    const ended: string[] = [];
    target.core.auth.users.onChange((username, endSessions) => endSessions && ended.push(username));
    const report = await target.core.transfer.importDecoded(
      await decodeTransfer([sampleServerExport()]),
      IMPORT_EVERYTHING,
    );
    expect(report.imported.T_USER).toBe(2);
    expect(ended).toEqual(['admin']);
    expect(await target.core.auth.users.authenticate('admin', SAMPLE_PASSWORD)).toMatchObject({
      roles: ['0'],
      nickname: 'Admin',
    });
    expect(await target.core.auth.users.authenticate('admin', 'admin')).toBeUndefined();
    expect(target.core.auth.users.get('dev1')).toMatchObject({
      enabled: false,
      roles: ['1', '2'],
      extendInfo: { team: 'core' },
      createdAt: 1_600_000_200_000,
      namespacePrivilege: {
        enabled: true,
        whitelistIsAll: false,
        whitelist: ['dev'],
        blacklistIsAll: false,
        blacklist: [''],
      },
    });
  });

  it('skips users without a usable password or role, and never removes the last enabled admin', async () => {
    const target = await app();
    const decoded = await decodeTransfer([sampleServerExport()]);
    const [admin, dev1] = decoded.content.users;
    decoded.content.users = [
      { ...admin, enable: false },
      { ...dev1, username: 'plain', passwordHash: undefined, password: 'legacy-pw' },
      { ...dev1, username: 'nohash', passwordHash: 'secret' },
      { ...dev1, username: 'norole', roles: ['9'] },
    ];
    const report = await target.core.transfer.importDecoded(decoded, IMPORT_EVERYTHING);
    expect(report.skipped.filter((s) => s.table === 'T_USER')).toEqual([
      { table: 'T_USER', key: 'nohash', reason: 'the password hash is not bcrypt' },
      { table: 'T_USER', key: 'norole', reason: 'no known role (9; 0 admin, 1 developer, 2 guest)' },
      { table: 'T_USER', key: 'admin', reason: 'it would leave no enabled admin' },
    ]);
    expect(target.core.auth.users.get('admin')?.enabled).toBe(true);
    // A legacy plaintext password is stored as a bcrypt hash.
    expect(target.core.auth.users.get('plain')?.passwordHash).toMatch(/^\$2[ab]\$10\$/);
  });

  it('skips users whose name is another spelling of a stored one or of one before it in the file', async () => {
    const target = await app();
    const decoded = await decodeTransfer([sampleServerExport()]);
    const [, dev1] = decoded.content.users;
    decoded.content.users = ['ADMIN', 'Dev9', 'dev9', 'DEV9'].map((username) => ({ ...dev1, username }));
    const report = await target.core.transfer.importDecoded(decoded, IMPORT_EVERYTHING);
    const reason = (name: string) => `another spelling of the user ${name}`;
    expect(report.skipped.filter((s) => s.table === 'T_USER')).toEqual([
      { table: 'T_USER', key: 'ADMIN', reason: reason('admin') },
      { table: 'T_USER', key: 'dev9', reason: reason('Dev9') },
      { table: 'T_USER', key: 'DEV9', reason: reason('Dev9') },
    ]);
    const names = target.core.auth.users.all().map((u) => u.username);
    expect(names.filter((n) => /^(admin|dev9)$/i.test(n)).sort()).toEqual(['Dev9', 'admin']);
  });

  it('creates the namespace of an imported config even without a namespace record', async () => {
    const target = await app();
    const decoded = await decodeTransfer([sampleServerExport()]);
    decoded.content.namespaces = [];
    await target.core.transfer.importDecoded(decoded, IMPORT_EVERYTHING);
    expect(target.core.namespaces.get('dev')).toMatchObject({ namespaceId: 'dev', namespaceName: 'dev' });
  });

  it('imports no configs or namespaces when the config part is switched off', async () => {
    const target = await app();
    const report = await target.core.transfer.importDecoded(await decodeTransfer([sampleServerExport()]), {
      ...IMPORT_EVERYTHING,
      configs: false,
    });
    expect(report.imported.T_CONFIG).toBeUndefined();
    expect(target.core.configs.count()).toBe(0);
    expect(target.core.namespaces.list()).toHaveLength(1);
  });

  it('skips configs with empty content and says why', async () => {
    const target = await app();
    const decoded = await decodeTransfer([sampleServerExport()]);
    decoded.content.configs[0].content = '  ';
    decoded.content.configs[0].histories = [];
    const report = await target.core.transfer.importDecoded(decoded, IMPORT_EVERYTHING);
    expect(report.skipped).toEqual([{ table: 'T_CONFIG', key: 'app.yaml DEFAULT_GROUP', reason: 'empty content' }]);
    expect(report.imported.T_CONFIG).toBe(1);
  });
});
