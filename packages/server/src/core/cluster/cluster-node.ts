import { isUnavailable } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { NamingService } from '../naming/naming-service.js';
import type { ClusterMember, ClusterMembers } from './cluster-members.js';
import type { ClusterStore, NodeLease } from './cluster-store.js';

export interface ClusterNodeOptions {
  nodeId: number;
  addr: string;
  /** A node that has not renewed for this long is dead: its ephemeral instances go. */
  leaseMs: number;
}

/**
 * This node's membership in a cluster that shares one store: it renews its lease a few times per lease,
 * and removes nodes whose lease ran out (any node may; removal is idempotent). The member list the console
 * and `/nacos/v1/core/cluster/nodes` show is the one read at the last renewal.
 */
export class ClusterNode implements ClusterMembers {
  private nodes: NodeLease[] = [];
  /** Store clock at the last renewal, and the local clock then (to age leases between renewals). */
  private storeNow = 0;
  private readAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private renewing = false;
  /** After this node could not reach the store, others could not either: no evictions until (store ms). */
  private graceUntil = 0;
  private lastRenewFailed = false;
  private readonly node;

  constructor(
    private readonly store: ClusterStore,
    private readonly naming: NamingService,
    private readonly options: ClusterNodeOptions,
    private readonly logger: Logger,
    /** Called when this node finds it was removed (the store was out of reach past its lease). */
    private readonly onEvicted: () => void,
  ) {
    this.node = { nodeId: options.nodeId, addr: options.addr };
  }

  async start(): Promise<void> {
    await this.store.join(this.node, this.options.leaseMs);
    await this.renew();
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(this.options.leaseMs / 3)));
    this.timer.unref?.();
  }

  list(): ClusterMember[] {
    const now = this.storeNow + (Date.now() - this.readAt);
    const live = this.nodes.filter((n) => n.leaseUntil > now);
    const leader = Math.min(...live.map((n) => n.nodeId));
    return this.nodes.map((n) => ({
      nodeId: n.nodeId,
      addr: n.addr,
      self: n.nodeId === this.options.nodeId,
      leader: n.nodeId === leader,
      healthy: n.leaseUntil > now,
    }));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.store.leave(this.options.nodeId).catch(() => undefined);
  }

  /** One renewal: extend the lease, read the members, remove the dead. */
  async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      const { now, nodes, evicted } = await this.store.renew(this.node, this.options.leaseMs);
      this.storeNow = now;
      this.readAt = Date.now();
      if (evicted) {
        this.logger.warn('this node was removed from the cluster while the store was out of reach: rejoining');
        this.onEvicted();
      }
      // back from an outage of the store: the other nodes' leases ran out for the same reason; give them a lease
      if (this.lastRenewFailed) this.graceUntil = now + this.options.leaseMs;
      this.lastRenewFailed = false;
      const deadline = now >= this.graceUntil ? now : -Infinity;
      for (const dead of nodes.filter((n) => n.leaseUntil <= deadline)) {
        this.logger.warn({ nodeId: dead.nodeId, addr: dead.addr }, 'cluster node lease ran out: removing it');
        if (await this.store.evict(dead.nodeId)) this.naming.cluster.dropNode(dead.nodeId);
      }
      this.nodes = nodes.filter((n) => n.leaseUntil > deadline).sort((a, b) => a.nodeId - b.nodeId);
      // mirrors of nodes no longer in the store (an eviction this node did not hear of)
      const alive = new Set(this.nodes.map((n) => n.nodeId));
      for (const nodeId of this.naming.cluster.mirroredNodes())
        if (!alive.has(nodeId)) this.naming.cluster.dropNode(nodeId);
    } catch (err) {
      if (!this.lastRenewFailed && !isUnavailable(err))
        this.logger.warn({ err }, 'cluster lease renewal failed (store unreachable?)');
      this.lastRenewFailed = true;
    } finally {
      this.renewing = false;
    }
  }
}
