import type pg from 'pg';
import type {
  EphemeralDecision,
  EphemeralWritten,
  OwnedWrite,
  PublishResult,
  PutDecision,
  RemovedRow,
  SkippedPut,
} from '../../core/cluster/cluster-store.js';
import type { InstanceRef, StoreEvent } from '../../core/cluster/store-change.js';
import type { StoredInstance } from '../../core/naming/instance-store.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import { CHANGES_CHANNEL, inTransaction, type PgDatabase, type Row } from './pg-database.js';

/** The columns naming one instance, as unnest() of six parallel arrays ($2 .. $7) yields them. */
const REFS = `unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
  AS r(namespace_id, group_name, service_name, cluster_name, ip, port)`;
/** The same with the instances' JSON ($8), for an insert. */
const ROWS = 'unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[])';
const SAME_INSTANCE = `e.namespace_id = r.namespace_id AND e.group_name = r.group_name
  AND e.service_name = r.service_name AND e.cluster_name = r.cluster_name AND e.ip = r.ip AND e.port = r.port`;
const ONE_INSTANCE = `namespace_id = $1 AND group_name = $2 AND service_name = $3 AND cluster_name = $4
  AND ip = $5 AND port = $6`;
/**
 * A deadlock between two nodes taking instances from each other, a serialization failure, or another node
 * that wrote the same instance at the same time and committed first (one owner per instance: the retry
 * takes it over): try again.
 */
const RETRIED_CODES = new Set(['40P01', '40001', '23505']);
const ATTEMPTS = 3;

type Ref = InstanceRef & { key: ServiceKey };

const serviceId = (key: ServiceKey) => [key.namespaceId, key.groupName, key.serviceName].join('\u0003');
const identity = (key: ServiceKey, r: InstanceRef) => [serviceId(key), r.clusterName, r.ip, r.port].join('\u0003');

/** The six parallel arrays naming `refs`, for $2 .. $7. */
function refArrays(refs: Ref[]): unknown[] {
  return [
    refs.map((r) => r.key.namespaceId),
    refs.map((r) => r.key.groupName),
    refs.map((r) => r.key.serviceName),
    refs.map((r) => r.clusterName),
    refs.map((r) => r.ip),
    refs.map((r) => r.port),
  ];
}

async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= ATTEMPTS || typeof code !== 'string' || !RETRIED_CODES.has(code)) throw err;
    }
  }
}

/** Announces `events` in one statement (inside the transaction: they leave on commit). */
async function announce(client: pg.PoolClient, events: StoreEvent[]): Promise<void> {
  if (events.length === 0) return;
  await client.query<Row>('SELECT pg_notify($1, e) FROM unnest($2::text[]) AS e', [
    CHANGES_CHANNEL,
    events.map((e) => JSON.stringify(e)),
  ]);
}

/** The seven columns naming one removed row: its owner and its address. */
const GONE_COLUMNS = 'node_id, namespace_id, group_name, service_name, cluster_name, ip, port';
const GONE_RETURNING = 'e.node_id, e.namespace_id, e.group_name, e.service_name, e.cluster_name, e.ip, e.port';
const EVENT_OF = `json_build_object('origin', $15::bigint, 'change', json_build_object('kind', 'ephemeral',
  'key', json_build_object('namespaceId', namespace_id, 'groupName', group_name, 'serviceName', service_name),
  'nodeId', node_id))::text`;

/**
 * Removals (own rows, and rows anywhere), writes (taken from any other node that had them) and the
 * announcements of a node's own instances as one statement: the writer's own services are named in
 * `$16`, the nodes that lost an instance are announced from what was taken or removed. Its first row
 * counts the announcements (so they are made whatever else is empty); the others are the rows removed
 * anywhere. The insert reads the count of `taken`, so the other nodes' rows are deleted before it runs
 * (an instance has one row, whatever node: inserting first would collide with the row being taken).
 */
const WRITE_OWNED = `WITH removed AS (
    DELETE FROM ephemeral_instance e
    USING unnest($9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::int[])
      AS r(namespace_id, group_name, service_name, cluster_name, ip, port)
    WHERE e.node_id = $1 AND ${SAME_INSTANCE} RETURNING 1
  ), gone AS (
    DELETE FROM ephemeral_instance e
    USING unnest($18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::int[])
      AS r(namespace_id, group_name, service_name, cluster_name, ip, port)
    WHERE ${SAME_INSTANCE} RETURNING ${GONE_RETURNING}
  ), input AS (
    SELECT * FROM ${ROWS} AS r(namespace_id, group_name, service_name, cluster_name, ip, port, instance)
  ), taken AS (
    DELETE FROM ephemeral_instance e USING input r WHERE e.node_id <> $1 AND ${SAME_INSTANCE}
    RETURNING e.node_id, e.namespace_id, e.group_name, e.service_name
  ), written AS (
    INSERT INTO ephemeral_instance (node_id, namespace_id, group_name, service_name, cluster_name, ip, port, instance)
    SELECT $1::bigint, input.* FROM input, (SELECT count(*) FROM taken) AS t
    ON CONFLICT (node_id, namespace_id, group_name, service_name, cluster_name, ip, port)
    DO UPDATE SET instance = excluded.instance RETURNING 1
  ), events AS (
    SELECT ${EVENT_OF} AS e FROM taken
    UNION SELECT ${EVENT_OF} FROM gone WHERE node_id <> $1
    UNION SELECT unnest($16::text[])
  )
  SELECT count(*) AS announced, NULL::bigint AS node_id, NULL AS namespace_id, NULL AS group_name,
    NULL AS service_name, NULL AS cluster_name, NULL AS ip, NULL::int AS port
  FROM (SELECT pg_notify($17, e) FROM events) AS n
  UNION ALL SELECT NULL, ${GONE_COLUMNS} FROM gone`;

type Queryable = Pick<pg.PoolClient, 'query'>;

async function writeOwned(
  on: Queryable,
  db: PgDatabase,
  nodeId: number,
  writes: OwnedWrite[],
  puts: StoredInstance[],
): Promise<RemovedRow[]> {
  const refsOf = (pick: (w: OwnedWrite) => InstanceRef[] | undefined) =>
    writes.flatMap((w) => (pick(w) ?? []).map((r) => Object.assign({ key: w.key }, r)));
  const own = writes.map((w): StoreEvent => ({ origin: db.nodeId, change: { kind: 'ephemeral', key: w.key, nodeId } }));
  const { rows } = await on.query<Row>(WRITE_OWNED, [
    nodeId,
    ...refArrays(puts),
    puts.map((i) => JSON.stringify(i)),
    ...refArrays(refsOf((w) => w.changes.removed)),
    db.nodeId,
    own.map((e) => JSON.stringify(e)),
    CHANGES_CHANNEL,
    ...refArrays(refsOf((w) => w.changes.removedAnywhere)),
  ]);
  return rows
    .filter((r) => r.announced === null)
    .map((r) => ({
      nodeId: Number(r.node_id),
      key: {
        namespaceId: String(r.namespace_id),
        groupName: String(r.group_name),
        serviceName: String(r.service_name),
      },
      ref: { clusterName: String(r.cluster_name), ip: String(r.ip), port: Number(r.port) },
    }));
}

/**
 * A node's own instances in any number of services, in one statement whatever their number (the
 * replicator's group commit); with updates to judge, in a transaction that first locks the node's rows
 * of them and asks `decide`.
 */
export async function publishOwned(
  db: PgDatabase,
  nodeId: number,
  writes: OwnedWrite[],
  decide?: PutDecision,
): Promise<PublishResult> {
  const puts = writes.flatMap((w) => w.changes.put);
  const updates = writes.flatMap((w) => w.changes.update ?? []);
  if (updates.length === 0 || !decide) {
    const removed = await retrying(() => writeOwned(db.pool, db, nodeId, writes, [...puts, ...updates]));
    return { skipped: [], removed };
  }
  return retrying(() =>
    inTransaction(db, async (client) => {
      // no lease: evicted and forgotten, its rows went too (an evicted node's rows are only hidden)
      const lease = await client.query<Row>('SELECT 1 FROM cluster_node WHERE node_id = $1', [nodeId]);
      const forgotten = lease.rows.length === 0;
      const { rows } = await client.query<Row>(
        `SELECT e.node_id = $1 AS mine, e.instance FROM ephemeral_instance e JOIN ${REFS} ON ${SAME_INSTANCE}
         FOR UPDATE OF e`,
        [nodeId, ...refArrays(updates)],
      );
      const own = new Map<string, StoredInstance>();
      const elsewhere = new Map<string, StoredInstance>();
      for (const row of rows) {
        const instance = JSON.parse(String(row.instance)) as StoredInstance;
        (row.mine === true ? own : elsewhere).set(identity(instance.key, instance), instance);
      }
      const skipped: SkippedPut[] = [];
      const decided: StoredInstance[] = [];
      for (const update of updates) {
        const id = identity(update.key, update);
        const stored = own.get(id);
        const verdict = decide(update, { stored, elsewhere: elsewhere.get(id), forgotten });
        const { ip, port, clusterName } = update;
        if (verdict === true) decided.push(update);
        else if (verdict === false) skipped.push({ key: update.key, ref: { ip, port, clusterName }, stored });
        else {
          decided.push(verdict);
          skipped.push({ key: update.key, ref: { ip, port, clusterName }, stored: verdict, replaced: true });
        }
      }
      const removed = await writeOwned(client, db, nodeId, writes, [...puts, ...decided]);
      return { skipped, removed };
    }),
  );
}

/** The node's rows in one service; null while it is evicted or has no lease. */
export async function loadOwn(db: PgDatabase, nodeId: number, key: ServiceKey): Promise<StoredInstance[] | null> {
  const { rows } = await db.pool.query<Row>(
    `SELECT n.evicted, e.instance FROM cluster_node n LEFT JOIN ephemeral_instance e ON e.node_id = n.node_id
       AND e.namespace_id = $2 AND e.group_name = $3 AND e.service_name = $4
     WHERE n.node_id = $1`,
    [nodeId, key.namespaceId, key.groupName, key.serviceName],
  );
  if (rows.length === 0 || rows[0].evicted === true) return null;
  return rows.filter((r) => r.instance !== null).map((r) => JSON.parse(String(r.instance)) as StoredInstance);
}

/** One instance wherever it is stored, changed as `decide` says on each committed row (see ClusterStore). */
export function editEphemeral(
  db: PgDatabase,
  key: ServiceKey,
  ref: InstanceRef,
  decide: EphemeralDecision,
): Promise<EphemeralWritten[]> {
  const where = [key.namespaceId, key.groupName, key.serviceName, ref.clusterName, ref.ip, ref.port];
  return retrying(() =>
    inTransaction(db, async (client) => {
      // not an evicted node's hidden row: the instance is listed nowhere
      const { rows } = await client.query<Row>(
        `SELECT node_id, instance FROM ephemeral_instance WHERE ${ONE_INSTANCE}
           AND node_id IN (SELECT node_id FROM cluster_node WHERE NOT evicted) FOR UPDATE`,
        where,
      );
      const written: EphemeralWritten[] = [];
      for (const row of rows) {
        const nodeId = Number(row.node_id);
        const next = decide(JSON.parse(String(row.instance)) as StoredInstance);
        if (next === null) {
          await client.query<Row>(`DELETE FROM ephemeral_instance WHERE ${ONE_INSTANCE} AND node_id = $7`, [
            ...where,
            nodeId,
          ]);
        } else {
          await client.query<Row>(
            `UPDATE ephemeral_instance SET instance = $8 WHERE ${ONE_INSTANCE} AND node_id = $7`,
            [...where, nodeId, JSON.stringify(next)],
          );
        }
        written.push({ nodeId, instance: next });
      }
      await announce(
        client,
        written.map((w) => ({ origin: db.nodeId, change: { kind: 'ephemeral', key, nodeId: w.nodeId } })),
      );
      return written;
    }),
  );
}
