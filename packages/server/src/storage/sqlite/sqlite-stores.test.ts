import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import type { ConfigWrite } from '../../core/config/config-store.js';
import { openSqliteStores } from './sqlite-stores.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function config(i: number): NonNullable<ConfigWrite> {
  const item = {
    namespaceId: 'public',
    group: 'G',
    dataId: `app-${i}.yaml`,
    content: `n: ${i}`,
    md5: `md5-${i}`,
    encryptedDataKey: '',
    type: 'yaml',
    desc: '',
    appName: '',
    configTags: '',
    srcUser: 'u',
    srcIp: '1.2.3.4',
    createdAt: 1000,
    modifiedAt: 1000,
  } as const;
  return { item, history: { ...item, op: 'I' as const } };
}

describe('SQLite stores', () => {
  it('finish the writes asked for before closing, and keep them', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const stores = openSqliteStores(dir);
    // asked for and not awaited, as requests in flight at shutdown are
    const pending = Array.from({ length: 40 }, (_, i) => stores.configs.save(config(i).item, () => config(i)));
    await stores.close();
    const saved = await Promise.all(pending);
    expect(saved.map((s) => s.written)).toEqual(Array(40).fill(true));

    const reopened = openSqliteStores(dir);
    try {
      const contents = (await reopened.configs.loadAll()).map((c) => c.item.content);
      expect(contents).toEqual(Array.from({ length: 40 }, (_, i) => `n: ${i}`));
    } finally {
      await reopened.close();
    }
  });
});
