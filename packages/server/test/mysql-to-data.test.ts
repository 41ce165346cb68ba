import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTransfer } from '../src/core/transfer/transfer-codec.js';
import { IMPORT_EVERYTHING } from '../src/core/transfer/import-plan.js';
import { buildTestApp } from './helpers.js';
import { startMariaDb, type MariaDb } from './mariadb-server.js';
import { lastErrorLine, runCli } from './run-cli.js';
import { SAMPLE_HASH, SAMPLE_PASSWORD } from './transfer-bytes.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-mysql-to-data-'));
let db: MariaDb | undefined;
let skipReason = '';

const at = (time: string) => Date.parse(`2024-01-01T${time}Z`);
const sqlTime = (time: string) => `2024-01-01 ${time}`;

/** Writes rows the way nacos does: history rows hold the value before each change. */
async function loadFixture(): Promise<void> {
  const admin = await db!.admin();
  await admin.query(`
    CREATE DATABASE nacos; CREATE DATABASE other;
    CREATE USER 'nacos'@'127.0.0.1' IDENTIFIED BY 'nacos-pw';
    GRANT SELECT ON nacos.* TO 'nacos'@'127.0.0.1';
    GRANT SELECT ON other.* TO 'nacos'@'127.0.0.1';
    USE nacos;
    ${readFileSync(path.join(import.meta.dirname, 'fixtures', 'nacos-mysql-schema.sql'), 'utf8')}
  `);
  const his = (id: number, dataId: string, tenant: string, content: string, time: string, user: string, op: string) =>
    admin.query(
      `INSERT INTO nacos.his_config_info (id, data_id, group_id, content, md5, gmt_create, gmt_modified, src_user, src_ip, op_type, tenant_id)
       VALUES (?, ?, 'DEFAULT_GROUP', ?, '', ?, ?, ?, '10.0.0.1', ?, ?)`,
      [id, dataId, content, sqlTime(time), sqlTime(time), user, op, tenant],
    );
  // app.yaml: published "port: 80", changed to "port: 8080" by alice, then to "port: 9090" by bob.
  await his(1, 'app.yaml', '', 'port: 80', '10:00:00', 'nacos', 'I');
  await his(1, 'app.yaml', '', 'port: 80', '10:05:00', 'alice', 'U');
  await his(1, 'app.yaml', '', 'port: 8080', '10:10:00', 'bob', 'U');
  // gone.txt was deleted; reborn.txt was deleted and published again.
  await his(2, 'gone.txt', '', 'x', '09:00:00', 'nacos', 'I');
  await his(2, 'gone.txt', '', 'x', '09:01:00', 'nacos', 'D');
  await his(3, 'reborn.txt', 'dev', 'first', '09:00:00', 'nacos', 'I');
  await his(3, 'reborn.txt', 'dev', 'first', '09:01:00', 'nacos', 'D');
  await his(4, 'reborn.txt', 'dev', 'second', '09:02:00', 'nacos', 'I');
  const config = (
    dataId: string,
    tenant: string,
    content: string,
    time: string,
    type: string | null,
    desc: string | null,
  ) =>
    admin.query(
      `INSERT INTO nacos.config_info (data_id, group_id, content, md5, gmt_create, gmt_modified, tenant_id, type, c_desc)
       VALUES (?, 'DEFAULT_GROUP', ?, '', ?, ?, ?, ?, ?)`,
      [dataId, content, sqlTime(time), sqlTime(time), tenant, type, desc],
    );
  await config('app.yaml', '', 'port: 9090', '10:10:00', 'yaml', 'the app');
  await config('reborn.txt', 'dev', 'second', '09:02:00', 'text', null);
  // Enough configs for several pages.
  for (let i = 0; i < 230; i++)
    await config(`bulk-${i}.properties`, 'public', `k=${i}`, '08:00:00', 'properties', null);
  await admin.query(`
    INSERT INTO nacos.tenant_info (kp, tenant_id, tenant_name, tenant_desc, gmt_create, gmt_modified)
      VALUES ('1', 'dev', 'Development', 'dev team', 0, 0);
    INSERT INTO nacos.users VALUES ('nacos', '${SAMPLE_HASH}', TRUE), ('dev1', '${SAMPLE_HASH}', TRUE), ('off', '${SAMPLE_HASH}', FALSE);
    INSERT INTO nacos.roles VALUES ('nacos', 'ROLE_ADMIN'), ('dev1', 'ROLE_DEV');
  `);
  await admin.end();
}

beforeAll(async () => {
  const started = await startMariaDb();
  if (typeof started === 'string') {
    skipReason = started;
    console.warn(`mysql-to-data tests skipped: ${started}`);
    return;
  }
  db = started;
  await loadFixture();
}, 120_000);

afterAll(async () => {
  await db?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const uri = (user = 'nacos:nacos-pw', database = 'nacos') => `mysql://${user}@127.0.0.1:${db!.port}/${database}`;

describe('mysql-to-data against MariaDB with a nacos schema', () => {
  it('converts configs with history replayed, namespaces, and users with roles; the file imports', async (ctx) => {
    if (!db) return ctx.skip(skipReason);
    const out = path.join(dir, 'nacos.data');
    const result = await runCli(['mysql-to-data', uri(), out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/wrote .*nacos\.data: 232 configs, .*1 namespaces, 3 users \(1 admin\)/);

    const { content } = await decodeTransfer([readFileSync(out)]);
    expect(content.configs).toHaveLength(232);
    const app = content.configs.find((c) => c.dataId === 'app.yaml')!;
    expect(app).toMatchObject({
      namespaceId: '',
      group: 'DEFAULT_GROUP',
      content: 'port: 9090',
      type: 'yaml',
      desc: 'the app',
    });
    expect(app.histories.map((h) => [h.content, h.lastTime, h.opUser])).toEqual([
      ['port: 80', at('10:00:00'), 'nacos'],
      ['port: 8080', at('10:05:00'), 'alice'],
      ['port: 9090', at('10:10:00'), 'bob'],
    ]);
    expect(content.configs.find((c) => c.dataId === 'gone.txt')).toBeUndefined();
    const reborn = content.configs.find((c) => c.dataId === 'reborn.txt')!;
    expect(reborn.namespaceId).toBe('dev');
    expect(reborn.histories.map((h) => h.content)).toEqual(['second']);
    expect(content.configs.find((c) => c.dataId === 'bulk-7.properties')).toMatchObject({
      namespaceId: '',
      content: 'k=7',
    });
    expect(content.namespaces).toEqual([{ namespaceId: 'dev', namespaceName: 'Development', type: '2' }]);
    const users = Object.fromEntries(content.users.map((u) => [u.username, u]));
    expect(users.nacos).toMatchObject({ roles: ['0'], enable: true, passwordHash: SAMPLE_HASH, nickname: 'nacos' });
    expect(users.dev1).toMatchObject({ roles: ['1'], enable: true });
    expect(users.off).toMatchObject({ roles: ['1'], enable: false });

    const app2 = await buildTestApp();
    try {
      const report = await app2.core.transfer.importDecoded(
        await decodeTransfer([readFileSync(out)]),
        IMPORT_EVERYTHING,
      );
      expect(report.imported.T_CONFIG).toBe(232);
      const key = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'app.yaml' };
      expect(app2.core.configs.get(key)?.content).toBe('port: 9090');
      expect((await app2.core.configs.history(key, 0, 10)).items.map((h) => h.srcUser)).toEqual([
        'bob',
        'alice',
        'nacos',
      ]);
      // nacos's bcrypt hashes work as they are: the nacos admin logs in with the password it had there.
      expect(report.imported.T_USER).toBe(3);
      expect(await app2.core.auth.users.authenticate('nacos', SAMPLE_PASSWORD)).toMatchObject({ roles: ['0'] });
      expect(await app2.core.auth.users.authenticate('off', SAMPLE_PASSWORD)).toBeUndefined();
    } finally {
      await app2.dispose();
    }
  });

  it('names the cause and writes nothing for wrong credentials, a closed port, a wrong schema, a bad URI', async (ctx) => {
    if (!db) return ctx.skip(skipReason);
    const out = path.join(dir, 'fail.data');
    const denied = await runCli(['mysql-to-data', uri('nacos:wrong'), out]);
    expect(denied.code).not.toBe(0);
    expect(lastErrorLine(denied)).toMatch(/^tsnacos: MySQL at 127\.0\.0\.1:\d+ refused the login: Access denied/);

    const closed = await runCli(['mysql-to-data', 'mysql://nacos:x@127.0.0.1:1/nacos', out]);
    expect(closed.code).not.toBe(0);
    expect(lastErrorLine(closed)).toBe('tsnacos: cannot connect to MySQL at 127.0.0.1:1: connection refused');

    const schema = await runCli(['mysql-to-data', uri('nacos:nacos-pw', 'other'), out]);
    expect(lastErrorLine(schema)).toBe(
      'tsnacos: wrong schema: database other has no table config_info (is it a nacos database?)',
    );

    const bad = await runCli(['mysql-to-data', 'postgres://x@y/z', out]);
    expect(lastErrorLine(bad)).toMatch(/invalid MySQL URI .*scheme must be mysql:\/\//);
    for (const r of [denied, closed, schema, bad]) expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir).filter((n) => n.includes('fail.data'))).toEqual([]);
  });
});
