import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';
import { conflict } from '../../shared/errors.js';
import { openSqliteStores } from '../../storage/sqlite/sqlite-stores.js';
import type { Stores } from '../../storage/stores.js';
import { AuditLog, NOT_OK_WAIT_MS, outcomeOfError } from './audit-log.js';

const DAY = 86_400_000;
const facts = { door: 'console', action: 'user.create', outcome: 'ok' } as const;

describe('audit log', () => {
  let stores: Stores | undefined;
  let dir = '';
  const open = () => {
    dir = tempDataDir();
    stores = openSqliteStores(dir);
    return stores;
  };
  afterEach(async () => {
    await stores?.close();
    stores = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes rows made in one turn together, durable when the promise resolves; anonymous without a user', async () => {
    const clock = new ManualClock(1_000);
    const log = new AuditLog(open().audit, clock, { enabled: true, retentionDays: 180 });
    await Promise.all([
      log.record({ ...facts, username: 'admin' }),
      log.record({ ...facts, target: 'x'.repeat(2000) }),
    ]);
    const { items } = await log.list({}, 0, 10);
    expect(items.map((e) => [e.username, e.time])).toEqual([
      ['anonymous', 1_000],
      ['admin', 1_000],
    ]);
    expect(items[0].target.length).toBe(512);
  });

  it('deletes rows past the retention, in bounded rounds, and keeps everything with retention 0', async () => {
    const clock = new ManualClock(0);
    const store = open().audit;
    await store.append(
      Array.from({ length: 2500 }, (_, i) => ({
        time: i,
        username: 'u',
        door: 'grpc' as const,
        clientIp: '',
        action: 'config.publish',
        namespaceId: '',
        target: '',
        outcome: 'ok' as const,
        reason: '',
      })),
    );
    clock.advance(10 * DAY + 2000);
    expect(await new AuditLog(store, clock, { enabled: true, retentionDays: 0 }).sweep()).toBe(0);
    const log = new AuditLog(store, clock, { enabled: true, retentionDays: 10 });
    await log.record(facts);
    expect(await log.sweep()).toBe(2000);
    expect((await log.list({}, 0, 1)).total).toBe(501);
    clock.advance(DAY);
    expect(await log.sweep()).toBe(500);
    expect((await log.list({}, 0, 1)).items[0].action).toBe('user.create');
  });

  it("answers a refusal without waiting long on a store that hangs, an acknowledged write's row in full", async () => {
    let release = () => undefined as void;
    const hanging = new Promise<void>((r) => (release = r));
    const appended: string[] = [];
    const store = {
      append: async (rows: Array<{ action: string }>) => (await hanging, appended.push(...rows.map((r) => r.action))),
    };
    const log = new AuditLog(store as never, new ManualClock(1_000), { enabled: true, retentionDays: 180 });
    const refused = log.note({ ...facts, action: 'config.publish', outcome: 'failed', reason: 'store unavailable' });
    const started = Date.now();
    await refused;
    expect(Date.now() - started).toBeLessThan(NOT_OK_WAIT_MS + 400);
    let okDone = false;
    const ok = log.note({ ...facts, action: 'user.create' }).then(() => (okDone = true));
    await new Promise((r) => setTimeout(r, NOT_OK_WAIT_MS + 100));
    expect(okDone).toBe(false);
    release();
    await ok;
    // the refusal's row was written all the same
    expect(appended).toEqual(['config.publish', 'user.create']);
  });

  it('writes nothing while disabled', async () => {
    const log = new AuditLog(open().audit, new ManualClock(), { enabled: false, retentionDays: 180 });
    await log.record(facts);
    expect(log.entry(facts)).toBeUndefined();
    expect((await log.list({}, 0, 10)).total).toBe(0);
  });

  it('reads a client mistake as refused and anything else as failed', () => {
    expect(outcomeOfError(conflict('md5 changed'))).toEqual({ outcome: 'refused', reason: 'md5 changed' });
    expect(outcomeOfError(new Error('disk full'))).toEqual({ outcome: 'failed', reason: 'disk full' });
  });
});
