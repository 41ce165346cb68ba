import pgDriver from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type Postgres } from '../../../test/postgres-server.js';
import { PG_MIGRATIONS } from './pg-migrations.js';
import { inTransaction, maskUrl, openPostgres, WRITE_BUSY } from './pg-database.js';
import { openPostgresStores } from './pg-stores.js';

const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`PostgreSQL database tests skipped: ${pg}`);

afterAll(async () => {
  if (typeof pg !== 'string') await pg.stop();
});

it('masks the password of a database URL only', () => {
  expect(maskUrl('postgres://u:secret@h:5432/db')).toBe('postgres://u:***@h:5432/db');
  expect(maskUrl('postgres://u@h/db')).toBe('postgres://u@h/db');
});

describe.skipIf(typeof pg === 'string')('opening a PostgreSQL database', () => {
  it('migrates once when several nodes start on an empty database at the same time', async () => {
    const url = await (pg as Postgres).createDatabase('racing_starts');
    const dbs = await Promise.all([1, 2, 3, 4].map((nodeId) => openPostgres(url, { nodeId })));
    try {
      const { rows } = await dbs[0].pool.query('SELECT version FROM schema_version ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((_, i) => i + 1));
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });

  it('answers busy, writing nothing, a write held behind another write of its key past its lock wait', async () => {
    const url = await (pg as Postgres).createDatabase('lock_wait');
    // 1 s statement timeout: a write may wait 400 ms for the key another write holds
    const stores = await openPostgresStores(url, 1, undefined, undefined, 1000);
    const holder = new pgDriver.Client({ connectionString: url });
    await holder.connect();
    const key = { namespaceId: 'public', group: 'G', dataId: 'held.txt' };
    const next = Object.assign({}, key, {
      content: 'v: 1',
      md5: 'md5-v1',
      encryptedDataKey: '',
      type: 'yaml' as const,
      desc: '',
      appName: '',
      configTags: '',
      srcUser: 'u',
      srcIp: '1.2.3.4',
      createdAt: 1000,
      modifiedAt: 1000,
    });
    const write = () =>
      stores.configs.save(key, () => ({ item: next, history: { ...next, op: 'I' as const, createdAt: 1000 } }));
    try {
      // another node's write of the same key, holding its lock (config store's key lock class)
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [7_480_014, 'public\u0002G\u0002held.txt']);
      const started = Date.now();
      await expect(write()).rejects.toMatchObject({ kind: 'unavailable', message: WRITE_BUSY });
      expect(Date.now() - started).toBeLessThan(1000);
      await holder.query('ROLLBACK');
      expect(await stores.configs.get(key)).toBeUndefined();
      // the database was never lost: the next write goes through at once
      expect((await write()).written).toBe(true);
      expect((await stores.configs.get(key))?.item.content).toBe('v: 1');
    } finally {
      await holder.end();
      await stores.close();
    }
  });

  it('fails a write whose transaction outlasts the database timeout in time, though each statement is quick', async () => {
    const url = await (pg as Postgres).createDatabase('write_deadline');
    const db = await openPostgres(url, { nodeId: 1, timeoutMs: 1000 });
    try {
      await db.pool.query('CREATE TABLE t (v INT)');
      const started = Date.now();
      const slow = inTransaction(db, async (client) => {
        for (let i = 0; i < 4; i++) await client.query('INSERT INTO t SELECT 1 FROM pg_sleep(0.4)');
      });
      await expect(slow).rejects.toMatchObject({ kind: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(1500);
      // as after a statement past its timeout: refused until the database answers a probe, then written
      let written = false;
      for (let i = 0; i < 50 && !written; i++) {
        written = await inTransaction(db, (client) => client.query('INSERT INTO t VALUES (2)')).then(
          () => true,
          () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 100)),
        );
      }
      expect((await db.pool.query('SELECT v FROM t')).rows).toEqual([{ v: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('gives BIGINT times and ids back as numbers', async () => {
    const db = await openPostgres(await (pg as Postgres).createDatabase('numbers'), { nodeId: 1 });
    try {
      const { rows } = await db.pool.query('SELECT 1700000000123::bigint AS at, COUNT(*) AS n FROM config');
      expect(rows[0]).toEqual({ at: 1700000000123, n: 0 });
    } finally {
      await db.close();
    }
  });

  it('upgrades a store from before encrypted configs in place: its configs and history read as plain', async () => {
    const url = await (pg as Postgres).createDatabase('before_encrypted_configs');
    const client = new pgDriver.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE TABLE schema_version (version INTEGER NOT NULL)');
      for (let v = 1; v <= 5; v++) {
        await client.query(PG_MIGRATIONS[v - 1]);
        await client.query('INSERT INTO schema_version (version) VALUES ($1)', [v]);
      }
      await client.query(`INSERT INTO config (namespace_id, group_name, data_id, content, md5, config_type, created_at,
        modified_at) VALUES ('', 'G', 'old.yaml', 'a: 1', 'm', 'yaml', 1, 2)`);
      await client.query(`INSERT INTO config_history (namespace_id, group_name, data_id, content, md5, config_type,
        op_type, created_at) VALUES ('', 'G', 'old.yaml', 'a: 1', 'm', 'yaml', 'I', 2)`);
    } finally {
      await client.end();
    }
    const stores = await openPostgresStores(url, 1);
    try {
      const key = { namespaceId: '', group: 'G', dataId: 'old.yaml' };
      expect((await stores.configs.loadAll()).map((s) => [s.item.content, s.item.encryptedDataKey])).toEqual([
        ['a: 1', ''],
      ]);
      expect((await stores.configs.listHistory(key, 0, 10)).items[0]).toMatchObject({ encryptedDataKey: '' });
      const next = Object.assign({}, (await stores.configs.get(key))!.item, { encryptedDataKey: 'a2V5' });
      await stores.configs.save(key, () => ({ item: next, history: Object.assign({ op: 'U' as const }, next) }));
      expect((await stores.configs.get(key))?.item.encryptedDataKey).toBe('a2V5');
    } finally {
      await stores.close();
    }
  });

  it('refuses a schema newer than it knows, naming both versions', async () => {
    const url = await (pg as Postgres).createDatabase('from_the_future');
    const db = await openPostgres(url, { nodeId: 1 });
    await db.pool.query('INSERT INTO schema_version (version) VALUES ($1)', [PG_MIGRATIONS.length + 1]);
    await db.close();
    await expect(openPostgres(url, { nodeId: 1 })).rejects.toThrow(
      `schema ${PG_MIGRATIONS.length + 1}, this one knows ${PG_MIGRATIONS.length}`,
    );
  });
});
