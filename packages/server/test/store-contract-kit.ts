import { rmSync } from 'node:fs';
import { afterAll } from 'vitest';
import { startPostgres, type Postgres } from './postgres-server.js';
import { tempDataDir } from './helpers.js';
import type { ConfigStore } from '../src/core/config/config-store.js';
import type { ConfigItem } from '../src/core/config/config-model.js';
import type { Stores } from '../src/store-wiring.js';
import { openPostgresStores } from '../src/storage/postgres/pg-stores.js';
import { openSqliteStores } from '../src/storage/sqlite/sqlite-stores.js';

/**
 * The backends every store contract test runs on (the embedded SQLite file and PostgreSQL), and the config
 * fixtures they share. Each test file that imports this starts its own PostgreSQL and cleans up after itself.
 */
const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`store contract on PostgreSQL skipped: ${pg}`);
let databases = 0;
const cleanups: Array<() => Promise<void>> = [];

export const backends: Array<{ name: string; open: () => Promise<Stores>; skip: boolean }> = [
  {
    name: 'SQLite',
    skip: false,
    open: async () => {
      const dir = tempDataDir();
      const stores = openSqliteStores(dir);
      cleanups.push(async () => {
        await stores.close();
        rmSync(dir, { recursive: true, force: true });
      });
      return stores;
    },
  },
  {
    name: 'PostgreSQL',
    skip: typeof pg === 'string',
    open: async () => {
      const url = await (pg as Postgres).createDatabase(`contract_${++databases}`);
      const stores = await openPostgresStores(url, 1);
      cleanups.push(() => stores.close());
      return stores;
    },
  },
];

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  if (typeof pg !== 'string') await pg.stop();
}, 30_000);

export const key = { namespaceId: 'dev', group: 'G', dataId: 'app.yaml' };
export function item(content: string, at: number): Omit<ConfigItem, 'id'> {
  return {
    ...key,
    content,
    md5: `md5-of-${content}`,
    encryptedDataKey: '',
    type: 'yaml',
    desc: 'd',
    appName: 'a',
    configTags: 't',
    srcUser: 'u',
    srcIp: '1.2.3.4',
    createdAt: 1000,
    modifiedAt: at,
  };
}
export const historyOf = (i: Omit<ConfigItem, 'id'>, op: 'I' | 'U' | 'D') => ({ ...i, op, createdAt: i.modifiedAt });
export class Refused extends Error {}
/** Writes `next` unconditionally, or (with `expectedMd5`) only while the committed md5 is that one. */
export function save(store: ConfigStore, next: Omit<ConfigItem, 'id'>, expectedMd5?: string) {
  return store.save(next, (committed) => {
    if (expectedMd5 !== undefined && committed && committed.md5 !== expectedMd5) throw new Refused();
    return { item: next, history: historyOf(next, committed ? 'U' : 'I') };
  });
}
