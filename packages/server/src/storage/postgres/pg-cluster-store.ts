import type pg from 'pg';
import type { ClusterStore, NodeLease, OwnedChanges } from '../../core/cluster/cluster-store.js';
import type { StoredInstance } from '../../core/naming/instance-store.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import { inTransaction, notifyChange, type PgDatabase, type Row } from './pg-database.js';

/** The database's clock in ms: every node measures leases against the same one. */
const NOW_MS = '(extract(epoch from clock_timestamp()) * 1000)::bigint';

type Node = { nodeId: number; addr: string };

/** Node leases and each node's ephemeral instances in PostgreSQL (tables cluster_node, ephemeral_instance). */
export class PgClusterStore implements ClusterStore {
  constructor(private readonly db: PgDatabase) {}

  async join(node: Node, leaseMs: number): Promise<void> {
    await inTransaction(this.db, async (client) => {
      // two live nodes with one id would remove each other's instances: the second one does not start
      const { rows } = await client.query<Row>(
        `SELECT addr FROM cluster_node WHERE node_id = $1 AND lease_until > ${NOW_MS} FOR UPDATE`,
        [node.nodeId],
      );
      if (rows.length > 0 && rows[0].addr !== node.addr) {
        throw new Error(
          `cluster node id ${node.nodeId} is in use by the live node at ${String(rows[0].addr)}: give this node another RNACOS_RAFT_NODE_ID`,
        );
      }
      await client.query<Row>('DELETE FROM ephemeral_instance WHERE node_id = $1', [node.nodeId]);
      await upsertLease(client, node, leaseMs);
      await notifyChange(client, this.db, { kind: 'node-gone', nodeId: node.nodeId });
    });
  }

  async renew(node: Node, leaseMs: number): Promise<{ now: number; nodes: NodeLease[]; evicted: boolean }> {
    return inTransaction(this.db, async (client) => {
      const known = await client.query<Row>('SELECT 1 FROM cluster_node WHERE node_id = $1', [node.nodeId]);
      await upsertLease(client, node, leaseMs);
      const rows = await client.query<Row>(
        `SELECT node_id, addr, lease_until, ${NOW_MS} AS now FROM cluster_node ORDER BY node_id`,
      );
      const now = rows.rows.length > 0 ? Number(rows.rows[0].now) : 0;
      const nodes = rows.rows.map((r) => ({
        nodeId: Number(r.node_id),
        addr: String(r.addr),
        leaseUntil: Number(r.lease_until),
      }));
      return { now, nodes, evicted: known.rowCount === 0 };
    });
  }

  async evict(nodeId: number): Promise<boolean> {
    return inTransaction(this.db, async (client) => {
      // only while the lease is still out: the node may have renewed since it was seen
      const gone = await client.query<Row>(`DELETE FROM cluster_node WHERE node_id = $1 AND lease_until <= ${NOW_MS}`, [
        nodeId,
      ]);
      if (gone.rowCount === 0) return false;
      await client.query<Row>('DELETE FROM ephemeral_instance WHERE node_id = $1', [nodeId]);
      await notifyChange(client, this.db, { kind: 'node-gone', nodeId });
      return true;
    });
  }

  async publishOwned(nodeId: number, key: ServiceKey, changes: OwnedChanges): Promise<void> {
    const service = [nodeId, key.namespaceId, key.groupName, key.serviceName];
    await inTransaction(this.db, async (client) => {
      for (const r of changes.removed) {
        await client.query<Row>(
          `DELETE FROM ephemeral_instance WHERE node_id = $1 AND namespace_id = $2 AND group_name = $3
             AND service_name = $4 AND cluster_name = $5 AND ip = $6 AND port = $7`,
          [...service, r.clusterName, r.ip, r.port],
        );
      }
      for (const i of changes.put) {
        await client.query<Row>(
          `INSERT INTO ephemeral_instance (node_id, namespace_id, group_name, service_name, cluster_name, ip, port, instance)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (node_id, namespace_id, group_name, service_name, cluster_name, ip, port)
           DO UPDATE SET instance = excluded.instance`,
          [...service, i.clusterName, i.ip, i.port, JSON.stringify(i)],
        );
      }
      await notifyChange(client, this.db, { kind: 'ephemeral', key, nodeId });
    });
  }

  async loadOwned(key: ServiceKey, exceptNode: number): Promise<Map<number, StoredInstance[]>> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT e.node_id, e.instance FROM ephemeral_instance e JOIN cluster_node n ON n.node_id = e.node_id
       WHERE e.namespace_id = $1 AND e.group_name = $2 AND e.service_name = $3 AND e.node_id <> $4`,
      [key.namespaceId, key.groupName, key.serviceName, exceptNode],
    );
    return byNode(rows);
  }

  async loadAllOwned(exceptNode: number): Promise<Array<{ nodeId: number; instances: StoredInstance[] }>> {
    const { rows } = await this.db.pool.query<Row>(
      `SELECT e.node_id, e.instance FROM ephemeral_instance e JOIN cluster_node n ON n.node_id = e.node_id
       WHERE e.node_id <> $1`,
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

async function upsertLease(client: pg.PoolClient, node: Node, leaseMs: number): Promise<void> {
  await client.query<Row>(
    `INSERT INTO cluster_node (node_id, addr, lease_until, joined_at) VALUES ($1, $2, ${NOW_MS} + $3, ${NOW_MS})
     ON CONFLICT (node_id) DO UPDATE SET addr = excluded.addr, lease_until = excluded.lease_until`,
    [node.nodeId, node.addr, leaseMs],
  );
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
