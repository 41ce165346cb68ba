import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';
import { openDatabase, type SqliteDatabase } from '../../storage/sqlite/database.js';
import { SqliteNamespaceStore } from '../../storage/sqlite/sqlite-namespace-store.js';
import { NamespaceService } from './namespace-service.js';

/** Namespaces that hold nothing: the removal rule for used ones is tested with the doors. */
const noUsage = () => ({ configs: 0, services: 0 });
const opened: SqliteDatabase[] = [];
const dirs: string[] = [];

/** Two services over one store file: what two nodes sharing a database see before they hear of each other. */
async function twoNodes() {
  const dir = tempDataDir();
  dirs.push(dir);
  const [dbA, dbB] = [openDatabase(dir), openDatabase(dir)];
  opened.push(dbA, dbB);
  const clock = new ManualClock(1000);
  return {
    a: await NamespaceService.create(new SqliteNamespaceStore(dbA), clock, noUsage),
    b: await NamespaceService.create(new SqliteNamespaceStore(dbB), clock, noUsage),
  };
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('namespace writes on a node that has not heard of another node yet', () => {
  it('are decided by the store: exists, not found, removed', async () => {
    const { a, b } = await twoNodes();
    await a.add({ namespaceId: 'dev', namespaceName: 'Dev' });
    // b has not heard of "dev": adding it again is refused, changing and removing it work
    await expect(b.add({ namespaceId: 'dev', namespaceName: 'Other' })).rejects.toThrow(/already exists/);
    expect(await b.update({ namespaceId: 'dev', namespaceName: 'Renamed' })).toMatchObject({
      namespaceName: 'Renamed',
    });
    await a.remove('dev');
    // b still lists it until it hears of the removal; the store says it is gone
    await expect(b.update({ namespaceId: 'dev', namespaceName: 'Again' })).rejects.toThrow(/does not exist/);
    expect(b.get('dev')).toBeUndefined();
    await expect(a.remove('dev')).rejects.toThrow(/does not exist/);
  });
});
