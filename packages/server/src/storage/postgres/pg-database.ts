import { NacosError } from '../../shared/errors.js';
import pg from 'pg';
import type { StoreChange, StoreEvent } from '../../core/cluster/store-change.js';
import type { Logger } from '../../shared/logger.js';
import { maskUrl } from '../../shared/mask-url.js';
import { isConnectionFailure, PgHealth } from './pg-health.js';
import { PG_MIGRATIONS } from './pg-migrations.js';
import { WriteDoubts } from './pg-write-doubts.js';

export { maskUrl };

// int8 (BIGINT, COUNT) arrives as a string by default: every such value here is a count, id or ms time
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** A result row: columns by name, values as the driver gives them (int8 already a number). */
export type Row = Record<string, unknown>;

/** The channel every node listens on. */
export const CHANGES_CHANNEL = 'tsnacos_changes';
/** Held while migrating, so nodes starting together apply each migration once. */
const MIGRATION_LOCK = 7_480_013;

export interface PgDatabase {
  pool: pg.Pool;
  nodeId: number;
  url: string;
  /** A statement or connection attempt that takes longer fails, and the database counts as lost (ms). */
  timeoutMs: number;
  /** How every connection of this node is made (the pool's, the change feed's, a probe's). */
  clientConfig(): pg.ClientConfig;
  /** Whether the database and the change feed are reachable; what a lost connection turns into. */
  health: PgHealth;
  /** This node's writes that failed after their COMMIT was sent, whose announcements it must still apply. */
  doubts: WriteDoubts;
  close(): Promise<void>;
}

// a refused connection can come as an AggregateError with no message, only a code
const reasonOf = (err: unknown) =>
  err instanceof Error ? err.message || String((err as { code?: string }).code) : String(err);

/** How long a statement may take by default, and the database counts as lost when it takes longer. */
export const DEFAULT_DB_TIMEOUT_MS = 5_000;

/**
 * How a node connects: named (`tsnacos-node-<id>` in pg_stat_activity), with TCP keepalive, and with
 * timeouts on connecting, on each statement (client side: a frozen server or a dropped link; server side:
 * a statement stuck on a lock) and on a transaction left idle by a node that went away (it would hold its
 * locks).
 */
/** The share of the statement timeout a write may wait for a lock another write holds. */
const LOCK_WAIT_SHARE = 0.4;

function clientConfigOf(url: string, nodeId: number, timeoutMs: number): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: `tsnacos-node-${nodeId}`,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    // a write waiting behind another one on the same key gives up well inside a client's timeout (5 s in the
    // SDKs) and is answered busy, rather than answered after the client stopped waiting
    lock_timeout: Math.round(timeoutMs * LOCK_WAIT_SHARE),
    idle_in_transaction_session_timeout: timeoutMs * 2,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeoutMs,
  };
}

/** Connects, brings the schema up to date, and fails with the (masked) URL named when it cannot. */
export async function openPostgres(
  url: string,
  options: { nodeId: number; logger?: Logger; poolSize?: number; timeoutMs?: number },
): Promise<PgDatabase> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DB_TIMEOUT_MS;
  const clientConfig = () => clientConfigOf(url, options.nodeId, timeoutMs);
  // migrations may take long and wait for another node's: their own connection, without the timeouts
  const migrator = new pg.Client({ connectionString: url, application_name: `tsnacos-node-${options.nodeId}` });
  migrator.on('error', () => undefined);
  try {
    await migrator.connect();
  } catch (err) {
    await migrator.end().catch(() => undefined);
    throw new Error(`cannot reach PostgreSQL at ${maskUrl(url)}: ${reasonOf(err)}`, { cause: err });
  }
  try {
    await migrate(migrator);
  } catch (err) {
    throw new Error(`cannot use PostgreSQL at ${maskUrl(url)}: ${reasonOf(err)}`, { cause: err });
  } finally {
    await migrator.end().catch(() => undefined);
  }
  const pool = new pg.Pool(Object.assign(clientConfig(), { max: options.poolSize ?? 10 }));
  // a broken idle connection must not end the process: the next query gets a fresh one or an error
  pool.on('error', () => undefined);
  const health = new PgHealth(options.logger, () => probe(clientConfig()));
  watchPool(pool, health);
  return {
    pool,
    nodeId: options.nodeId,
    url,
    timeoutMs,
    clientConfig,
    health,
    doubts: new WriteDoubts(),
    close: async () => {
      health.close();
      await pool.end();
    },
  };
}

/** One statement on a connection of its own: does the database answer now? */
async function probe(config: pg.ClientConfig): Promise<void> {
  const client = new pg.Client(config);
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    // end() of a connection that never opened waits for an answer that may not come
    client.connection.stream.destroy();
  }
}

/**
 * Every statement and checkout of the pool reports to `health`: one that fails because the database is out
 * of reach rejects with the typed "unavailable" error instead of the driver's. While the database is lost,
 * they are refused at once (a probe finds out when it is back): a write answers 503 without waiting.
 */
function watchPool(pool: pg.Pool, health: PgHealth): void {
  const watch = <T>(run: () => Promise<T>): Promise<T> => {
    if (health.refusing) return Promise.reject(health.refusal());
    return run().then(
      (value) => {
        health.worked();
        return value;
      },
      (err: unknown) => {
        throw health.failed(err);
      },
    );
  };
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient> | undefined;
  pool.query = ((...args: unknown[]) => watch(() => query(...args))) as typeof pool.query;
  // the pool's own query() checks out with a callback: that call is left as it is
  pool.connect = ((...args: unknown[]) =>
    args.length > 0 ? connect(...args) : watch(() => connect() as Promise<pg.PoolClient>)) as typeof pool.connect;
}

/** Applies the missing migrations on `client`. */
async function migrate(client: pg.Client): Promise<void> {
  try {
    await client.query<Row>('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query<Row>('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const { rows } = await client.query<Row>('SELECT max(version) AS v FROM schema_version');
    const current = Number(rows[0]?.v ?? 0);
    if (current > PG_MIGRATIONS.length) {
      throw new Error(
        `the database was written by a newer tsnacos (schema ${current}, this one knows ${PG_MIGRATIONS.length})`,
      );
    }
    for (let version = current + 1; version <= PG_MIGRATIONS.length; version++) {
      await client.query<Row>('BEGIN');
      try {
        await client.query<Row>(PG_MIGRATIONS[version - 1]);
        await client.query<Row>('INSERT INTO schema_version (version) VALUES ($1)', [version]);
        await client.query<Row>('COMMIT');
      } catch (err) {
        await client.query<Row>('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query<Row>('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  }
}

/**
 * Runs `fn` in one transaction on one pooled connection; rolls back when it throws. The whole transaction,
 * its checkout included, has the database timeout, not each statement: a link that stops answering midway
 * fails the write in time (503; whether a commit under way got through is unknown) rather than after
 * several statement timeouts, past its client's.
 */
export async function inTransaction<T>(db: PgDatabase, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  const client = await db.pool.connect();
  const write = db.doubts.begin();
  writeOf.set(client, write);
  // a failure once the COMMIT is sent leaves the write's outcome unknown: it may have committed
  let committing = false;
  // a connection that breaks while checked out emits 'error': unheard, that would end the process
  let broken: Error | undefined;
  const onError = (err: Error) => (broken = err);
  client.on('error', onError);
  let overdue = false;
  const deadline = setTimeout(
    () => {
      overdue = true;
      // ends the statement under way at once; the server rolls back what was not committed
      client.connection.stream.destroy();
    },
    Math.max(0, db.timeoutMs - (Date.now() - startedAt)),
  );
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    committing = true;
    await client.query('COMMIT');
    committing = false;
    return result;
  } catch (err) {
    // a connection that timed out or broke is dropped as it is (the server ends the transaction): a
    // ROLLBACK on it would wait as long again
    if (overdue || isConnectionFailure(err)) broken ??= err instanceof Error ? err : new Error(String(err));
    else await client.query('ROLLBACK').catch((rollbackErr: Error) => (broken ??= rollbackErr));
    if (isLockTimeout(err)) throw new NacosError('unavailable', WRITE_BUSY);
    // past its timeout, as a statement past its own: the database counts as out of reach until it answers
    throw db.health.failed(err);
  } finally {
    clearTimeout(deadline);
    writeOf.delete(client);
    db.doubts.end(write, committing);
    client.off('error', onError);
    // a broken connection is dropped, not handed to the next caller
    client.release(broken);
  }
}

/** What a write is told when another write held its key for longer than it may wait: nothing was written. */
export const WRITE_BUSY = 'another write of the same data held it too long: nothing was written, try again';

/** PostgreSQL's lock_not_available: `lock_timeout` ran out while waiting for another transaction's lock. */
const isLockTimeout = (err: unknown) => (err as { code?: unknown } | null)?.code === '55P03';

/** The number of the write (see WriteDoubts) each checked-out connection is making. */
const writeOf = new WeakMap<pg.PoolClient, number>();

/**
 * Changes to what the node publishes itself (its instances, its lease): its own memory is where they come
 * from, so its announcements of them are never applied back to it.
 */
const SELF_SOURCED = new Set<StoreChange['kind']>(['ephemeral', 'beats', 'node-gone']);

function eventOf(db: PgDatabase, change: StoreChange, write: number | undefined): StoreEvent {
  return SELF_SOURCED.has(change.kind) || write === undefined
    ? { origin: db.nodeId, change }
    : { origin: db.nodeId, write, change };
}

/** Announces a change to the other nodes; inside the write's transaction, so only a commit announces it. */
export async function notifyChange(client: pg.PoolClient, db: PgDatabase, change: StoreChange): Promise<void> {
  const event = eventOf(db, change, writeOf.get(client));
  await client.query<Row>('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(event)]);
}

/**
 * One write statement and its announcement in a single round trip, without BEGIN/COMMIT: the announcement
 * is sent only when the statement wrote a row, and leaves when it commits. `sql` has no RETURNING.
 */
export async function writeAnnounced(
  db: PgDatabase,
  sql: string,
  params: unknown[],
  change: StoreChange,
): Promise<void> {
  const write = db.doubts.begin();
  const event = eventOf(db, change, write);
  const n = params.length;
  // a statement on its own commits as it ends: when it fails, whether it did is unknown
  let inDoubt = true;
  try {
    await db.pool.query(
      `WITH written AS (${sql} RETURNING 1)
       SELECT pg_notify($${n + 1}, $${n + 2}) FROM (SELECT 1 FROM written LIMIT 1) AS any_row`,
      [...params, CHANGES_CHANNEL, JSON.stringify(event)],
    );
    inDoubt = false;
  } finally {
    db.doubts.end(write, inDoubt);
  }
}
