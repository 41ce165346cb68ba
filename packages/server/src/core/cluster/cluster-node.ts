import { randomUUID } from 'node:crypto';
import { isUnavailable } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import type { NamingService } from '../naming/naming-service.js';
import type { ClusterMember, ClusterMembers } from './cluster-members.js';
import type { ClusterStore, LeaseHolder, NodeIdentity, NodeLease } from './cluster-store.js';
import { LeaseWatch } from './lease-watch.js';

export interface ClusterNodeOptions {
  nodeId: number;
  addr: string;
  /** A node that has not renewed for this long is dead: its ephemeral instances go. */
  leaseMs: number;
}

export interface ClusterNodeHooks {
  /**
   * This node finds it was evicted (the store was out of reach past its lease): adopt what others changed of
   * its instances meanwhile, or (`forgotten`: its rows went too) publish everything again.
   */
  onEvicted(forgotten: boolean): void;
  /** A node's lease ran out: take over what is still beaten here, and write it, before it is evicted. */
  onLapsed(nodeId: number): Promise<void>;
  /** A node was evicted here: its mirrors go (this node does not hear its own announcement). */
  onGone(nodeId: number): Promise<void>;
  /** Another process took this node's id: this one must stop. */
  onReplaced(by: string): void;
  /** Whether one of the nodes at these gRPC addresses reaches the store right now. */
  othersReachStore(addrs: string[]): Promise<boolean>;
}

/** How long another node's question "do you reach the store?" is answered from the last probe. */
const PROBE_KEPT_MS = 1_000;

/**
 * This node's membership in a cluster that shares one store. Each process writes an incarnation of its
 * own into its lease and renews it a few times per lease; nodes whose lease ran out are evicted (any node
 * may; eviction is idempotent) one renewal after they lapsed, which leaves every node one renewal to take
 * over the HTTP instances still beaten there. Members are judged on the store's clock.
 */
export class ClusterNode implements ClusterMembers {
  readonly mode = 'cluster' as const;
  private nodes: NodeLease[] = [];
  /** Store clock at the last renewal, and the local clock then (to age leases between renewals). */
  private storeNow = 0;
  private readAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private renewing = false;
  private stopped = false;
  /** A renewal set for when a lapsed node becomes due for eviction, rather than the next periodic one. */
  private evictionCheck: ReturnType<typeof setTimeout> | null = null;
  /** After this node could not reach the store, others could not either: no evictions until (store ms). */
  private graceUntil = 0;
  private lastRenewFailed = false;
  /** When the last renewal that went through began (local clock): the lease runs from about then. */
  private renewedAt = Date.now();
  private readonly node: NodeIdentity;
  private readonly renewEveryMs: number;
  private readonly leaseWatch: LeaseWatch;
  private readonly releaseListeners: Array<() => void> = [];
  private probe: { at: number; answer: Promise<boolean> } | undefined;

  constructor(
    private readonly store: ClusterStore,
    private readonly naming: NamingService,
    private readonly options: ClusterNodeOptions,
    private readonly logger: Logger,
    private readonly hooks: ClusterNodeHooks,
  ) {
    this.node = { nodeId: options.nodeId, addr: options.addr, incarnation: randomUUID() };
    this.renewEveryMs = Math.max(100, Math.floor(options.leaseMs / 3));
    this.leaseWatch = new LeaseWatch(options.leaseMs, logger, {
      othersReachStore: () => hooks.othersReachStore(this.otherAddrs()),
      selfReachesStore: () => this.storeReachable(),
      renewNow: () => void this.renew(),
      release: () => {
        for (const listener of this.releaseListeners) listener();
      },
    });
  }

  acceptsClients(): boolean {
    return this.leaseWatch.accepting;
  }

  onReleaseClients(listener: () => void): void {
    this.releaseListeners.push(listener);
  }

  /** One statement against the store, shared by the askers of a second. */
  storeReachable(): Promise<boolean> {
    if (!this.probe || Date.now() - this.probe.at > PROBE_KEPT_MS) {
      const answer = this.store.holder(this.node.nodeId).then(
        () => true,
        () => false,
      );
      this.probe = { at: Date.now(), answer };
    }
    return this.probe.answer;
  }

  /** The other nodes' gRPC addresses, as of the last renewal (evicted ones left out). */
  private otherAddrs(): string[] {
    return this.nodes.filter((n) => n.nodeId !== this.node.nodeId && !n.evicted).map((n) => n.addr);
  }

  async start(): Promise<void> {
    const seen = await this.store.holder(this.node.nodeId);
    if (seen && !seen.evicted && seen.leaseUntil > seen.now) await this.waitForSilence(seen);
    await this.store.join(this.node, this.options.leaseMs, seen);
    await this.renew();
    this.timer = setInterval(() => void this.renew(), this.renewEveryMs);
    this.timer.unref?.();
    this.leaseWatch.start();
  }

  /** The gRPC addresses of the other nodes whose lease is running now (store clock). */
  liveOtherAddrs(): string[] {
    const now = this.storeClock();
    return this.nodes
      .filter((n) => n.nodeId !== this.node.nodeId && !n.evicted && n.leaseUntil > now)
      .map((n) => n.addr);
  }

  /** Whether a node's lease is running now (store clock); this node always is. */
  isAlive(nodeId: number): boolean {
    // cut off from the store, this node cannot tell: the others may be renewing all along
    if (nodeId === this.node.nodeId || this.lastRenewFailed) return true;
    const lease = this.nodes.find((n) => n.nodeId === nodeId);
    return lease !== undefined && lease.leaseUntil > this.storeClock();
  }

  list(): ClusterMember[] {
    const now = this.storeClock();
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
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.evictionCheck) clearTimeout(this.evictionCheck);
    this.leaseWatch.stop();
    await this.store.leave(this.options.nodeId).catch(() => undefined);
  }

  /** One renewal: extend the lease, read the members, take over from and evict the dead. */
  async renew(): Promise<void> {
    if (this.renewing || this.stopped) return;
    this.renewing = true;
    const startedAt = Date.now();
    try {
      const { now, nodes, evicted, forgotten, replacedBy } = await this.store.renew(this.node, this.options.leaseMs);
      if (replacedBy !== undefined) {
        this.logger.error(
          { nodeId: this.node.nodeId, by: replacedBy },
          `cluster node id ${this.node.nodeId} was taken by another process at ${replacedBy} while this one could not renew: stopping`,
        );
        this.stopped = true;
        if (this.timer) clearInterval(this.timer);
        this.timer = null;
        this.hooks.onReplaced(replacedBy);
        return;
      }
      this.storeNow = now;
      this.readAt = Date.now();
      this.nodes = nodes;
      const stalledMs = this.leaseWatch.renewed(startedAt);
      if (evicted) {
        // this process itself not running (paused, stalled: its timers ran late), or the database out of reach
        const seconds = (ms: number) => Math.round(ms / 100) / 10;
        const why =
          stalledMs >= this.options.leaseMs / 2
            ? `this process was paused or stalled for ${seconds(stalledMs)} s, past its lease`
            : `it could not reach the database for ${seconds(startedAt - this.renewedAt)} s`;
        this.logger.warn({ stalledMs }, `this node was removed from the cluster because ${why}: rejoining`);
        this.hooks.onEvicted(forgotten);
      }
      this.renewedAt = startedAt;
      // back from an outage of the store: the other nodes' leases ran out for the same reason; give them a lease
      if (this.lastRenewFailed) this.graceUntil = now + this.options.leaseMs;
      this.lastRenewFailed = false;
      if (now >= this.graceUntil) await this.takeOverAndEvict(now);
    } catch (err) {
      if (!this.lastRenewFailed && !isUnavailable(err))
        this.logger.warn({ err }, 'cluster lease renewal failed (store unreachable?)');
      this.lastRenewFailed = true;
    } finally {
      this.renewing = false;
    }
  }

  private checkAgainIn(ms: number): void {
    if (this.evictionCheck || this.stopped) return;
    // a little past the due time: the store judges it on its own clock
    this.evictionCheck = setTimeout(() => {
      this.evictionCheck = null;
      void this.renew();
    }, ms + 100);
    this.evictionCheck.unref?.();
  }

  private async takeOverAndEvict(now: number): Promise<void> {
    const mirrored = this.naming.cluster.mirroredNodes();
    for (const lapsed of this.nodes.filter((n) => n.leaseUntil <= now && n.nodeId !== this.node.nodeId)) {
      if (lapsed.evicted) {
        // mirrors of an evicted node (an eviction this node did not hear of)
        if (mirrored.has(lapsed.nodeId)) this.naming.cluster.dropNode(lapsed.nodeId);
        continue;
      }
      await this.hooks.onLapsed(lapsed.nodeId);
      if (lapsed.leaseUntil > now - this.renewEveryMs) {
        // evicted one renewal after it lapsed: look again right then, not up to a renewal later still
        this.checkAgainIn(lapsed.leaseUntil + this.renewEveryMs - now);
        continue;
      }
      // false: it renewed meanwhile, or another node evicted it first (this node hears of that)
      if (await this.store.evict(lapsed.nodeId, this.renewEveryMs)) {
        this.logger.warn({ nodeId: lapsed.nodeId, addr: lapsed.addr }, 'cluster node lease ran out: evicted it');
        await this.hooks.onGone(lapsed.nodeId);
      }
    }
  }

  /**
   * The lease of this node id is live: a process that crashed a moment ago, or another one still running.
   * Watches it for one renewal and a half: if it renews, that one is alive and this one must not start.
   */
  private async waitForSilence(seen: LeaseHolder): Promise<void> {
    const waitMs = Math.floor(this.renewEveryMs * 1.5) + 500;
    this.logger.info(
      { nodeId: this.node.nodeId, addr: seen.addr },
      `cluster node id ${this.node.nodeId} has a live lease (last held at ${seen.addr}): checking for ${waitMs} ms whether it still renews`,
    );
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, this.renewEveryMs)));
      const current = await this.store.holder(this.node.nodeId);
      if (current && (current.leaseUntil !== seen.leaseUntil || current.incarnation !== seen.incarnation)) {
        throw new Error(
          `cluster node id ${this.node.nodeId} is in use by the live node at ${current.addr}: give this node another RNACOS_RAFT_NODE_ID`,
        );
      }
    }
    this.logger.warn(
      { nodeId: this.node.nodeId, addr: seen.addr },
      `cluster node id ${this.node.nodeId}: the previous process (at ${seen.addr}) stopped renewing its lease: taking its place`,
    );
  }

  private storeClock(): number {
    return this.storeNow + (Date.now() - this.readAt);
  }
}
