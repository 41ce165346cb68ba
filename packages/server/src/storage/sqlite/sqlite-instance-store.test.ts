import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { instanceIdOf } from '../../core/naming/naming-model.js';
import { NamingService } from '../../core/naming/naming-service.js';
import { ManualClock } from '../../shared/clock.js';
import { openDatabase, type SqliteDatabase } from './database.js';
import { SqliteInstanceStore } from './sqlite-instance-store.js';

const svc = { namespaceId: 'dev', groupName: 'G', serviceName: 'svc' };

describe('SqliteInstanceStore', () => {
  const dirs: string[] = [];
  const dbs: SqliteDatabase[] = [];
  afterEach(() => {
    for (const db of dbs.splice(0)) if (db.open) db.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function open(dir: string) {
    const db = openDatabase(dir);
    dbs.push(db);
    return { db, naming: await NamingService.create(new SqliteInstanceStore(db), new ManualClock()) };
  }

  it('keeps explicit services and persistent instances across a reopen, not ephemeral ones', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-naming-'));
    dirs.push(dir);
    const first = await open(dir);
    await first.naming.createService(svc, {
      protectThreshold: 0.4,
      metadata: { a: 'b' },
      selector: { type: 'label', expression: 'x' },
    });
    await first.naming.registerInstance(svc, {
      ip: '10.0.0.1',
      port: 8080,
      clusterName: 'C1',
      ephemeral: false,
      weight: 2.5,
      healthy: false,
      enabled: false,
      metadata: { zone: 'z1' },
    });
    const live = { ...svc, serviceName: 'live' };
    await first.naming.registerInstance(live, { ip: '10.0.0.2', port: 8080 });
    await first.naming.registerInstance({ ...svc, serviceName: 'gone' }, { ip: '10.0.0.3', port: 1, ephemeral: false });
    await first.naming.deregisterInstance({ ...svc, serviceName: 'gone' }, { ip: '10.0.0.3', port: 1 });
    first.db.close();

    const second = await open(dir);
    expect(second.naming.getService(svc)).toMatchObject({
      protectThreshold: 0.4,
      metadata: { a: 'b' },
      selector: { type: 'label', expression: 'x' },
    });
    const reloaded = second.naming.listInstances(svc);
    expect(reloaded.map((i) => instanceIdOf(i, 'G@@svc'))).toEqual(['10.0.0.1#8080#C1#G@@svc']);
    expect(reloaded).toEqual([
      expect.objectContaining({
        ip: '10.0.0.1',
        port: 8080,
        clusterName: 'C1',
        weight: 2.5,
        healthy: false,
        enabled: false,
        ephemeral: false,
        metadata: { zone: 'z1' },
      }),
    ]);
    expect(second.naming.listInstances(live)).toEqual([]);
    expect(second.naming.stats().instanceCount).toBe(1);
  });
});
