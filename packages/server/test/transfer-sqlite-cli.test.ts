import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeTransfer } from '../src/core/transfer/transfer-codec.js';
import { buildTestApp, tempDataDir } from './helpers.js';
import { lastErrorLine, runCli } from './run-cli.js';
import { SAMPLE_HASH, sampleServerExport } from './transfer-bytes.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-sqlite-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);

function sampleFile(name = 'sample.data'): string {
  writeFileSync(file(name), sampleServerExport());
  return file(name);
}

/** The converter layout as r-nacos creates it (its own DDL), filled the way an r-nacos user would. */
function rnacosDatabase(name: string): string {
  const db = new Database(file(name));
  db.exec(`
    create table tb_config(id integer primary key autoincrement, data_id text, group_id text, tenant_id text,
      content text, config_type text, config_desc text, last_time long);
    create table tb_config_history(id integer primary key autoincrement, data_id text, group_id text, tenant_id text,
      content text, config_type text, config_desc text, op_user text, last_time long);
    create table tb_tenant(id integer primary key autoincrement, tenant_id text, tenant_name text, tenant_desc text,
      create_flag integer);
    create table tb_user(id integer primary key autoincrement, username text, nickname text, password_hash text,
      gmt_create integer, gmt_modified integer, enabled text, roles text, extend_info text);
    insert into tb_config (data_id, group_id, tenant_id, content, config_type, last_time)
      values ('a.json', 'G', 'public', '{"v":2}', 'json', 5000), ('b.txt', 'G', 'team', 'b', null, null);
    insert into tb_config_history (data_id, group_id, tenant_id, content, op_user, last_time)
      values ('a.json', 'G', 'public', '{"v":1}', 'ann', 4000);
    insert into tb_tenant (tenant_id, tenant_name) values ('team', 'The Team');
    insert into tb_user (username, nickname, password_hash, gmt_create, gmt_modified, enabled, roles, extend_info)
      values ('ann', 'Ann', '${SAMPLE_HASH}', 100, 200, 'true', '["1"]', '{"k":"v"}');
  `);
  db.close();
  return file(name);
}

describe('data-to-sqlite and sqlite-to-data', () => {
  it('writes the r-nacos converter layout and reads it back to the same content', async () => {
    const data = sampleFile();
    const db = file('out.db');
    const toSqlite = await runCli(['data-to-sqlite', data, db]);
    expect(toSqlite.code, toSqlite.stderr).toBe(0);
    expect(toSqlite.stdout).toMatch(/2 configs, 3 history rows, 1 namespaces, 2 users, 3 ignored/);

    const sqlite = new Database(db, { readonly: true });
    expect(
      sqlite
        .prepare(
          'select data_id, group_id, tenant_id, content, config_type, config_desc, last_time from tb_config order by id',
        )
        .all(),
    ).toEqual([
      {
        data_id: 'app.yaml',
        group_id: 'DEFAULT_GROUP',
        tenant_id: '',
        content: 'port: 8080',
        config_type: 'yaml',
        config_desc: 'the app',
        last_time: 2_000_000,
      },
      {
        data_id: 'db.properties',
        group_id: 'DB',
        tenant_id: 'dev',
        content: 'url=x',
        config_type: 'properties',
        config_desc: null,
        last_time: 3_000_000,
      },
    ]);
    expect(
      sqlite.prepare('select content, op_user, last_time, config_type from tb_config_history order by id').all(),
    ).toEqual([
      { content: 'port: 80', op_user: 'admin', last_time: 1_000_000, config_type: null },
      { content: 'port: 8080', op_user: null, last_time: 2_000_000, config_type: null },
      { content: 'url=x', op_user: 'dev1', last_time: 3_000_000, config_type: null },
    ]);
    expect(sqlite.prepare('select tenant_id, tenant_name, tenant_desc from tb_tenant').all()).toEqual([
      { tenant_id: 'dev', tenant_name: 'Development', tenant_desc: null },
    ]);
    expect(
      sqlite
        .prepare('select username, enabled, roles, extend_info, gmt_create, password_hash from tb_user order by id')
        .all(),
    ).toEqual([
      {
        username: 'admin',
        enabled: 'true',
        roles: '["0"]',
        extend_info: '{}',
        gmt_create: 1_600_000_000,
        password_hash: SAMPLE_HASH,
      },
      {
        username: 'dev1',
        enabled: 'false',
        roles: '["1","2"]',
        extend_info: '{"team":"core"}',
        gmt_create: 1_600_000_200,
        password_hash: SAMPLE_HASH,
      },
    ]);
    sqlite.close();

    const back = file('back.data');
    const toData = await runCli(['sqlite-to-data', db, back]);
    expect(toData.code, toData.stderr).toBe(0);
    const original = await decodeTransfer([sampleServerExport()]);
    const again = await decodeTransfer([readFileSync(back)]);
    const noIds = (c: (typeof original.content.configs)[number]) => ({
      ...c,
      histories: c.histories.map(({ id: _i, ...h }) => h),
    });
    expect(again.content.configs.map(noIds)).toEqual(original.content.configs.map(noIds));
    expect(again.content.namespaces).toEqual(original.content.namespaces);
    // The converter layout keeps no namespace privileges: users come back with "all namespaces".
    expect(again.content.users).toEqual(original.content.users.map((u) => ({ ...u, namespacePrivilege: undefined })));
  });

  it("reads a database written with r-nacos's own layout", async () => {
    const out = file('from-rnacos.data');
    const result = await runCli(['sqlite-to-data', rnacosDatabase('rnacos.db'), out]);
    expect(result.code, result.stderr).toBe(0);
    const { content } = await decodeTransfer([readFileSync(out)]);
    const a = content.configs.find((c) => c.dataId === 'a.json')!;
    expect(a.namespaceId).toBe('');
    expect(a.histories.map((h) => [h.content, h.lastTime, h.opUser])).toEqual([
      ['{"v":1}', 4000, 'ann'],
      ['{"v":2}', 5000, undefined],
    ]);
    const b = content.configs.find((c) => c.dataId === 'b.txt')!;
    expect(b.histories).toHaveLength(1);
    expect(b.histories[0].lastTime).toBeGreaterThan(1_600_000_000_000); // no time stored: conversion time
    expect(content.namespaces).toEqual([{ namespaceId: 'team', namespaceName: 'The Team', type: '2' }]);
    expect(content.users).toEqual([
      {
        username: 'ann',
        nickname: 'Ann',
        password: '',
        passwordHash: SAMPLE_HASH,
        gmtCreate: 100,
        gmtModified: 200,
        enable: true,
        roles: ['1'],
        extendInfo: { k: 'v' },
        namespacePrivilege: undefined,
        source: undefined,
      },
    ]);
  });

  it('refuses to write into an existing database, and with --replace puts a new one in its place', async () => {
    const data = sampleFile('twice.data');
    const target = rnacosDatabase('twice.db');
    const count = (table: string) => {
      const db = new Database(target, { readonly: true });
      const { n } = db.prepare(`select count(*) as n from ${table}`).get() as { n: number };
      db.close();
      return n;
    };
    const refused = await runCli(['data-to-sqlite', data, target]);
    expect(refused.code).not.toBe(0);
    expect(lastErrorLine(refused)).toMatch(/twice\.db already exists: .* pass --replace/);
    expect(count('tb_user')).toBe(1);

    const replaced = await runCli(['data-to-sqlite', data, target, '--replace']);
    expect(replaced.code, replaced.stderr).toBe(0);
    const again = await runCli(['data-to-sqlite', data, target, '--replace']);
    expect(again.code, again.stderr).toBe(0);
    // the sample's rows once, none of the old database's and none twice
    expect([count('tb_config'), count('tb_user')]).toEqual([2, 2]);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('leaves no database behind when the data file is corrupt, and an existing one unchanged', async () => {
    const full = sampleServerExport();
    writeFileSync(file('cut.data'), full.subarray(0, full.length - 5));
    const fresh = file('never.db');
    const result = await runCli(['data-to-sqlite', file('cut.data'), fresh]);
    expect(result.code).not.toBe(0);
    expect(lastErrorLine(result)).toMatch(/^tsnacos: invalid transfer file at byte \d+: file is truncated/);
    expect(existsSync(fresh)).toBe(false);

    const existing = rnacosDatabase('existing.db');
    const again = await runCli(['data-to-sqlite', file('cut.data'), existing, '--replace']);
    expect(again.code).not.toBe(0);
    const db = new Database(existing, { readonly: true });
    expect(db.prepare('select count(*) as n from tb_config').get()).toEqual({ n: 2 });
    expect(db.prepare('select count(*) as n from tb_user').get()).toEqual({ n: 1 });
    db.close();
  });

  it('refuses a database of another layout and a missing file with one line, writing nothing', async () => {
    const foreign = new Database(file('foreign.db'));
    foreign.exec('create table config (id integer primary key)');
    foreign.close();
    const wrong = await runCli(['sqlite-to-data', file('foreign.db'), file('x.data')]);
    expect(wrong.code).not.toBe(0);
    expect(lastErrorLine(wrong)).toMatch(/wrong schema: .*has no table tb_config/);
    const store = tempDataDir();
    await (await buildTestApp({ dataDir: store })).close();
    const intoStore = await runCli(['data-to-sqlite', sampleFile(), path.join(store, 'tsnacos.db'), '--replace']);
    expect(lastErrorLine(intoStore)).toMatch(/tsnacos\.db is a tsnacos store, not a converter database/);
    rmSync(store, { recursive: true, force: true });
    const missing = await runCli(['sqlite-to-data', file('nope.db'), file('x.data')]);
    expect(lastErrorLine(missing)).toMatch(/cannot open SQLite database .*nope\.db: no such file/);
    const noData = await runCli(['data-to-sqlite', file('nope.data'), file('y.db')]);
    expect(lastErrorLine(noData)).toMatch(/cannot read .*nope\.data: no such file/);
    expect(readdirSync(dir).filter((n) => n.startsWith('x.data') || n.startsWith('.x.data') || n === 'y.db')).toEqual(
      [],
    );
  });
});
