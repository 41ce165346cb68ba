import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';
import { NacosError } from '../../shared/errors.js';
import { openDatabase, type SqliteDatabase } from '../../storage/sqlite/database.js';
import { SqliteConfigStore } from '../../storage/sqlite/sqlite-config-store.js';
import { configKeyString } from './config-key.js';
import { ConfigService } from './config-service.js';

const key = { namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'app.props' };
const opened: SqliteDatabase[] = [];
const dirs: string[] = [];

/** Two services over one store file: what two nodes sharing a database see. */
async function twoNodes() {
  const dir = tempDataDir();
  dirs.push(dir);
  const clock = new ManualClock(1000);
  const [dbA, dbB] = [openDatabase(dir), openDatabase(dir)];
  opened.push(dbA, dbB);
  return {
    a: await ConfigService.create(new SqliteConfigStore(dbA), clock, 1024),
    b: await ConfigService.create(new SqliteConfigStore(dbB), clock, 1024),
  };
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a config changed by another writer of the store', () => {
  it('refresh brings it into memory and wakes the watchers once', async () => {
    const { a, b } = await twoNodes();
    const woken: string[] = [];
    a.watch(configKeyString(key), (k) => woken.push(k));
    await b.publish({ ...key, content: 'v=1' });
    expect(a.get(key)).toBeUndefined();
    await a.refresh(key);
    expect(a.get(key)?.content).toBe('v=1');
    await a.refresh(key);
    expect(woken).toHaveLength(1);
    await b.remove(key);
    await a.refresh(key);
    expect(a.get(key)).toBeUndefined();
    expect(woken).toHaveLength(2);
  });

  it('a casMd5 publish from a node whose copy is behind fails instead of overwriting', async () => {
    const { a, b } = await twoNodes();
    await a.publish({ ...key, content: 'base' });
    await b.refresh(key);
    const baseMd5 = b.get(key)!.md5;
    await a.publish({ ...key, content: 'newer' });
    // b has not heard of "newer" yet: its own copy still matches the md5 the client sends
    const stale = b.publish({ ...key, content: 'lost update', casMd5: baseMd5 });
    await expect(stale).rejects.toThrow(NacosError);
    await expect(stale).rejects.toThrow(/Cas publish fail/);
    await b.refresh(key);
    expect(b.get(key)?.content).toBe('newer');
  });
});
