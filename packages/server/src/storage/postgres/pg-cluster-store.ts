import type pg from 'pg';
import type {
  ClusterStore,
  EphemeralDecision,
  EphemeralWritten,
  LeaseHolder,
  NodeIdentity,
  OwnedWrite,
  PutDecision,
  RelayedBeat,
  Renewal,
  PublishResult,
} from '../../core/cluster/cluster-store.js';
import type { StoredInstance } from '../../core/naming/instance-store.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import type { InstanceRef, StoreEvent } from '../../core/cluster/store-change.js';
import { CHANGES_CHANNEL, inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';
import { editEphemeral, loadOwn, publishOwned } from './pg-owned-instances.js';

/** The database's clock in ms: every node measures leases against the same one. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
/** An evicted node stays listed (DOWN) this long after its lease ran out, then is forgotten. */
export const DOWN_LISTED_MS = 10 * 60_000;
/** NOTIFY payloads must stay under 8000 bytes: beats are relayed in chunks of this many. */
const BEATS_PER_NOTIFY = 25;

/** Node leases and each node's ephemeral instances in PostgreSQL (tables cluster_node, ephemeral_instance), and the key
 * the nodes sign their calls to each other with (cluster_peer_key). */
export class PgClusterStore implements ClusterStore {
  constructor(private readonly db: PgDatabase) {}

  async sharedPeerKey(candidate: string): Promise<string> {
    await this.db.pool.query('INSERT INTO cluster_peer_key (id, peer_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
      candidate,
    ]);
    const { rows } = await this.db.pool.query<Row>('SELECT peer_key FROM cluster_peer_key WHERE id = 1');
    return String(rows[0].peer_key);
  }

  async holder(nodeId: number): Promise<LeaseHolder | null> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT addr, incarnation, lease_until, evicted, ${NOW_MS} AS now FROM cluster_node WHERE node_id = $1`,
      [nodeId],
    );
    return rows.length === 0 ? null : holderOf(rows[0]);
  }

  async join(node: NodeIdentity, leaseMs: number, seen: LeaseHolder | null): Promise<void> {
    await inTransaction(this.db, async (client) => {
      // two live processes with one id would remove each other's instances: the second one does not start
      const { rows } = await client.query<Row>(
        `SELECT addr, incarnation, lease_until, evicted, ${NOW_MS} AS now FROM cluster_node WHERE node_id = $1 FOR UPDATE`,
        [node.nodeId],
      );
      const current = rows.length === 0 ? null : holderOf(rows[0]);
      const live = current && !current.evicted && current.leaseUntil > current.now;
      const watched =
        current && seen && current.incarnation === seen.incarnation && current.leaseUntil === seen.leaseUntil;
      if (live && !watched) {
        throw new Error(
          `cluster node id ${node.nodeId} is in use by the live node at ${current.addr}: give this node another RNACOS_RAFT_NODE_ID`,
        );
      }
      await client.query<Row>('DELETE FROM ephemeral_instance WHERE node_id = $1', [node.nodeId]);
      await upsertLease(client, node, leaseMs);
      await notifyChange(client, this.db, { kind: 'node-gone', nodeId: node.nodeId });
    });
  }

  async renew(node: NodeIdentity, leaseMs: number): Promise<Renewal> {
    return inTransaction(this.db, async (client) => {
      const own = await client.query<Row>(
        'SELECT addr, incarnation, evicted FROM cluster_node WHERE node_id = $1 FOR UPDATE',
        [node.nodeId],
      );
      const mine = own.rows[0];
      const replacedBy = mine && mine.incarnation !== node.incarnation ? String(mine.addr) : undefined;
      if (!replacedBy) await upsertLease(client, node, leaseMs);
      // back from an eviction: its hidden rows are listed again
      if (!replacedBy && mine?.evicted === true) await announceOwned(client, this.db, node.nodeId);
      await client.query<Row>(
        `DELETE FROM ephemeral_instance e USING cluster_node n
         WHERE n.node_id = e.node_id AND n.evicted AND n.lease_until <= ${NOW_MS} - $1`,
        [DOWN_LISTED_MS],
      );
      await client.query<Row>(`DELETE FROM cluster_node WHERE evicted AND lease_until <= ${NOW_MS} - $1`, [
        DOWN_LISTED_MS,
      ]);
      const rows = await client.query<Row>(
        `SELECT node_id, addr, lease_until, evicted, ${NOW_MS} AS now FROM cluster_node ORDER BY node_id`,
      );
      const now = rows.rows.length > 0 ? Number(rows.rows[0].now) : 0;
      const nodes = rows.rows.map((r) => ({
        nodeId: Number(r.node_id),
        addr: String(r.addr),
        leaseUntil: Number(r.lease_until),
        evicted: r.evicted === true,
      }));
      return { now, nodes, evicted: !mine || mine.evicted === true, forgotten: !mine, replacedBy };
    });
  }

  async evict(nodeId: number, graceMs: number): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      // only while the lease is still out: the node may have renewed since it was seen
      const gone = await client.query<Row>(
        `UPDATE cluster_node SET evicted = TRUE WHERE node_id = $1 AND NOT evicted AND lease_until <= ${NOW_MS} - $2`,
        [nodeId, graceMs],
      );
      if (gone.rowCount === 0) return false;
      // its rows stay, hidden: a deregistration or take-over through another node meanwhile removes them,
      // so what it brings back when it returns is only what nobody changed
      await notifyChange(client, this.db, { kind: 'node-gone', nodeId });
      return true;
    });
  }

  publishOwned(nodeId: number, writes: OwnedWrite[], decide?: PutDecision): Promise<PublishResult> {
    return publishOwned(this.db, nodeId, writes, decide);
  }

  editEphemeral(key: ServiceKey, ref: InstanceRef, decide: EphemeralDecision): Promise<EphemeralWritten[]> {
    return editEphemeral(this.db, key, ref, decide);
  }

  async relayBeats(ownerNodeId: number, beats: RelayedBeat[]): Promise<void> {
    for (let i = 0; i < beats.length; i += BEATS_PER_NOTIFY) {
      const instances = beats.slice(i, i + BEATS_PER_NOTIFY);
      const event: StoreEvent = { origin: this.db.nodeId, change: { kind: 'beats', nodeId: ownerNodeId, instances } };
      await this.db.pool.query<Row>('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(event)]);
    }
  }

  loadOwn(nodeId: number, key: ServiceKey): Promise<StoredInstance[] | null> {
    return loadOwn(this.db, nodeId, key);
  }

  async loadOwned(key: ServiceKey, exceptNode: number): Promise<Map<number, StoredInstance[]>> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT e.node_id, e.instance FROM ephemeral_instance e JOIN cluster_node n ON n.node_id = e.node_id
       WHERE e.namespace_id = $1 AND e.group_name = $2 AND e.service_name = $3 AND e.node_id <> $4 AND NOT n.evicted`,
      [key.namespaceId, key.groupName, key.serviceName, exceptNode],
    );
    return byNode(rows);
  }

  async loadAllOwned(exceptNode: number): Promise<Array<{ nodeId: number; instances: StoredInstance[] }>> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT e.node_id, e.instance FROM ephemeral_instance e JOIN cluster_node n ON n.node_id = e.node_id
       WHERE e.node_id <> $1 AND NOT n.evicted`,
      [exceptNode],
    );
    return [...byNode(rows)].map(([nodeId, instances]) => ({ nodeId, instances }));
  }

  async leave(nodeId: number): Promise<void> {
    await inTransaction(this.db, async (client) => {
      await client.query<Row>('DELETE FROM ephemeral_instance WHERE node_id = $1', [nodeId]);
      await client.query<Row>('DELETE FROM cluster_node WHERE node_id = $1', [nodeId]);
      await notifyChange(client, this.db, { kind: 'node-gone', nodeId });
    });
  }
}

/** Announces every service a node has rows in, as changed by it. */
async function announceOwned(client: pg.PoolClient, db: PgDatabase, nodeId: number): Promise<void> {
  await client.query<Row>(
    `SELECT pg_notify($1, json_build_object('origin', $2::bigint, 'change', json_build_object('kind', 'ephemeral',
       'key', json_build_object('namespaceId', namespace_id, 'groupName', group_name, 'serviceName', service_name),
       'nodeId', $3::bigint))::text)
     FROM (SELECT DISTINCT namespace_id, group_name, service_name FROM ephemeral_instance WHERE node_id = $3) s`,
    [CHANGES_CHANNEL, db.nodeId, nodeId],
  );
}

async function upsertLease(client: pg.PoolClient, node: NodeIdentity, leaseMs: number): Promise<void> {
  await client.query<Row>(
    `INSERT INTO cluster_node (node_id, addr, lease_until, joined_at, incarnation, evicted)
     VALUES ($1, $2, ${NOW_MS} + $3, ${NOW_MS}, $4, FALSE)
     ON CONFLICT (node_id) DO UPDATE SET addr = excluded.addr, lease_until = excluded.lease_until,
       incarnation = excluded.incarnation, evicted = FALSE`,
    [node.nodeId, node.addr, leaseMs, node.incarnation],
  );
}

function holderOf(r: Row): LeaseHolder {
  return {
    addr: String(r.addr),
    incarnation: String(r.incarnation),
    leaseUntil: Number(r.lease_until),
    now: Number(r.now),
    evicted: r.evicted === true,
  };
}

function byNode(rows: Row[]): Map<number, StoredInstance[]> {
  const out = new Map<number, StoredInstance[]>();
  for (const r of rows) {
    const nodeId = Number(r.node_id);
    const list = out.get(nodeId) ?? [];
    list.push(JSON.parse(String(r.instance)) as StoredInstance);
    out.set(nodeId, list);
  }
  return out;
}
