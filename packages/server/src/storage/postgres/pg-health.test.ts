import { afterAll, describe, expect, it } from 'vitest';
import { startPostgres, type Postgres } from '../../../test/postgres-server.js';
import { waitUntil } from '../../../test/interop/wait-until.js';
import { NacosError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import { PgChangeFeed } from './pg-change-feed.js';
import { openPostgres } from './pg-database.js';
import { isConnectionFailure, STORE_UNAVAILABLE } from './pg-health.js';

const pg = await startPostgres();
if (typeof pg === 'string') console.warn(`PostgreSQL outage tests skipped: ${pg}`);

afterAll(async () => {
  if (typeof pg !== 'string') await pg.stop();
}, 30_000);

/** A logger keeping what was logged at warn and info, as `level message`. */
function recordingLogger(lines: string[]): Logger {
  const record = (level: string) => (fields: unknown, message?: string) =>
    lines.push(`${level} ${typeof fields === 'string' ? fields : message}`);
  return { warn: record('warn'), info: record('info') } as unknown as Logger;
}

describe('telling a lost database from a failed statement', () => {
  it('knows refused and dropped connections and server shutdowns, not statement errors', () => {
    expect(isConnectionFailure(Object.assign(new Error(''), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isConnectionFailure(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});

describe.skipIf(typeof pg === 'string')('a node whose database stops and comes back', () => {
  it('answers "unavailable" meanwhile, warns once, and says once when the database and the feed are back', async () => {
    const server = pg as Postgres;
    const lines: string[] = [];
    const db = await openPostgres(await server.createDatabase('outage'), { nodeId: 1, logger: recordingLogger(lines) });
    const feed = await PgChangeFeed.start(db);
    try {
      await server.pause();
      for (let i = 0; i < 3; i++) {
        const failure = await db.pool.query('SELECT 1').catch((err: unknown) => err);
        expect(failure).toBeInstanceOf(NacosError);
        expect(failure).toMatchObject({ kind: 'unavailable', message: STORE_UNAVAILABLE });
      }
      expect(lines.filter((l) => l.startsWith('warn'))).toHaveLength(1);
      await server.resume();
      await waitUntil(
        'a statement goes through and the feed listens again',
        async () => {
          await db.pool.query('SELECT 1').catch(() => undefined);
          return lines.some((l) => l.includes('are back'));
        },
        30_000,
        200,
      );
      expect(lines).toEqual([
        expect.stringMatching(/^warn lost the database/),
        expect.stringMatching(/^info .*are back/),
      ]);
    } finally {
      await feed.close();
      await db.close();
    }
  }, 60_000);
});
