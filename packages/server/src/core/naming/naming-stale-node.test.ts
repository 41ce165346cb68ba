import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';
import { openDatabase, type SqliteDatabase } from '../../storage/sqlite/database.js';
import { SqliteInstanceStore } from '../../storage/sqlite/sqlite-instance-store.js';
import { NamingService } from './naming-service.js';

const opened: SqliteDatabase[] = [];
const dirs: string[] = [];
const svc = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'billing' };
const ref = { ip: '10.2.2.2', port: 9000, clusterName: 'DEFAULT' };

/** Two registries over one store file: two nodes sharing a database, neither hearing of the other. */
async function twoNodes() {
  const dir = tempDataDir();
  dirs.push(dir);
  const [dbA, dbB] = [openDatabase(dir), openDatabase(dir)];
  opened.push(dbA, dbB);
  const clock = new ManualClock(1000);
  const stores = [new SqliteInstanceStore(dbA), new SqliteInstanceStore(dbB)];
  /** One more node on the same file, loaded now. */
  const another = async () => {
    const db = openDatabase(dir);
    opened.push(db);
    return NamingService.create(new SqliteInstanceStore(db), clock);
  };
  return {
    a: await NamingService.create(stores[0], clock),
    b: await NamingService.create(stores[1], clock),
    stores,
    another,
  };
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('stored naming writes on a node that has not heard of the other node yet', () => {
  it('a persistent instance stored elsewhere can be changed and deregistered here', async () => {
    const { a, b, stores, another } = await twoNodes();
    const c = await another();
    await a.registerInstance(svc, { ...ref, ephemeral: false, weight: 1, metadata: { zone: 'a' } });
    expect((await b.patchInstance(svc, ref, { weight: 3 })).weight).toBe(3);
    // the maintain API's update changes the fields given of the stored one: no new registration
    expect(await c.updateInstance(svc, { ...ref, enabled: false })).toMatchObject({
      weight: 3,
      enabled: false,
      ephemeral: false,
      metadata: { zone: 'a' },
    });
    expect((await stores[0].loadInstance(svc, ref))?.weight).toBe(3);
    expect(await b.deregisterInstance(svc, ref)).toBe(true);
    expect(await stores[0].loadInstance(svc, ref)).toBeUndefined();
    // gone from the store: patching it is not found, here and on the node that still lists it
    await expect(a.patchInstance(svc, ref, { weight: 5 })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it("whether a service exists is the store's answer", async () => {
    const { a, b } = await twoNodes();
    await a.createService(svc, { protectThreshold: 0.5 });
    await expect(b.createService(svc, {})).rejects.toThrow(/already exists/);
    // b changes the stored service: the metadata given, the rest as stored
    expect(await b.updateService(svc, { metadata: { k: 'v' } })).toMatchObject({
      protectThreshold: 0.5,
      metadata: { k: 'v' },
    });
    await b.removeService(svc);
    await expect(b.removeService(svc)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('a service deleted elsewhere is gone here once its change is applied, unless instances came meanwhile', async () => {
    const { a, b } = await twoNodes();
    const other = { ...svc, serviceName: 'kept' };
    await a.createService(svc, { protectThreshold: 0.5 });
    await a.createService(other, { protectThreshold: 0.3 });
    await a.registerInstance(other, { ...ref, ephemeral: true });
    await b.removeService(svc);
    await b.removeService(other);
    await a.cluster.refreshStored(svc);
    await a.cluster.refreshStored(other);
    expect(a.getService(svc)).toBeUndefined();
    expect(a.listServices().map((s) => s.key.serviceName)).toEqual(['kept']);
  });
});
