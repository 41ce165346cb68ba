import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from './database.js';
import { SqliteConfigStore } from './sqlite-config-store.js';
import { MIGRATIONS } from './migrations.js';

let db: Database.Database | undefined;
afterEach(() => db?.close());

/** A store as an earlier version left it: schema `version`, nothing else. */
function storeAtVersion(version: number): Database.Database {
  const store = new Database(':memory:');
  for (let v = 1; v <= version; v++) store.exec(MIGRATIONS[v - 1]);
  store.pragma(`user_version = ${version}`);
  return store;
}

function addHistory(store: Database.Database, dataId: string, count: number): void {
  const insert =
    store.prepare(`INSERT INTO config_history (namespace_id, group_name, data_id, content, md5, config_type,
    op_type, created_at) VALUES ('', 'G', ?, ?, '', 'text', 'U', ?)`);
  for (let i = 1; i <= count; i++) insert.run(dataId, `v${i}`, i);
}

const contents = (store: Database.Database, dataId: string) =>
  (
    store.prepare(`SELECT content FROM config_history WHERE data_id = ? ORDER BY id DESC`).all(dataId) as Array<{
      content: string;
    }>
  ).map((r) => r.content);

describe('store migrations', () => {
  it('trims the history of a store from before the 100-entry limit to the newest 100 per config', () => {
    db = storeAtVersion(3);
    addHistory(db, 'long', 130);
    addHistory(db, 'short', 5);
    migrate(db);
    const long = contents(db, 'long');
    expect([long.length, long[0], long[99]]).toEqual([100, 'v130', 'v31']);
    expect(contents(db, 'short')).toEqual(['v5', 'v4', 'v3', 'v2', 'v1']);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
  });

  it('upgrades a store from before encrypted configs in place: its configs and history read as plain', async () => {
    db = storeAtVersion(8);
    db.exec(`INSERT INTO config (namespace_id, group_name, data_id, content, md5, config_type, created_at,
      modified_at, revision) VALUES ('', 'G', 'old.yaml', 'a: 1', 'm', 'yaml', 1, 2, 1)`);
    addHistory(db, 'old.yaml', 1);
    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const store = new SqliteConfigStore(db);
    const key = { namespaceId: '', group: 'G', dataId: 'old.yaml' };
    expect((await store.get(key))?.item).toMatchObject({ content: 'a: 1', encryptedDataKey: '' });
    expect((await store.listHistory(key, 0, 10)).items[0]).toMatchObject({ content: 'v1', encryptedDataKey: '' });
  });

  it('refuses a store written by a newer version', () => {
    db = storeAtVersion(MIGRATIONS.length);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(() => migrate(db!)).toThrow(/written by a newer tsnacos/);
  });
});
