import { ManualClock } from '../../src/shared/clock.js';
import { createLogger } from '../../src/shared/logger.js';
import { MemoryClusterStore } from '../fakes/memory-cluster-store.js';
import { MemoryInstanceStore } from '../fakes/memory-instance-store.js';
import type { ServiceKey } from '../../src/core/naming/naming-model.js';
import { NamingService } from '../../src/core/naming/naming-service.js';
import { ClusterNode } from '../../src/core/cluster/cluster-node.js';
import { EphemeralReplicator } from '../../src/core/cluster/ephemeral-replicator.js';

/** Nodes of an in-memory cluster sharing ephemeral instances through a `MemoryClusterStore`. */
const logger = createLogger('silent');
export const orders: ServiceKey = { namespaceId: 'public', groupName: 'DEFAULT_GROUP', serviceName: 'orders' };
export const LEASE = 3000;
export const RENEW_EVERY = LEASE / 3;
export const ref = { ip: '10.1.1.1', port: 7001 };

export type SyncNode = Awaited<ReturnType<typeof nodeOf>>;

/** A node of an in-memory cluster: its registry, its replicator, its membership. */
export async function nodeOf(store: MemoryClusterStore, nodeId: number, removalGraceMs = 0) {
  const clock = new ManualClock(store.now);
  const naming = await NamingService.create(new MemoryInstanceStore(), clock);
  const replicator = new EphemeralReplicator(store, naming, nodeId, logger, removalGraceMs);
  const replaced: string[] = [];
  const membership = new ClusterNode(store, naming, { nodeId, addr: `10.0.0.${nodeId}:9848`, leaseMs: LEASE }, logger, {
    onEvicted: (forgotten) => replicator.rejoined(forgotten),
    onLapsed: (gone) => replicator.takeOverFrom(gone),
    onGone: (gone) => replicator.nodeGone(gone),
    onReplaced: (by) => replaced.push(by),
    othersReachStore: async () => false,
  });
  naming.cluster.peers = {
    isAlive: (id) => membership.isAlive(id),
    relayBeat: (owner, key, r) => replicator.relayBeat(owner, key, r),
    commit: (key, put, removed) => replicator.commit(key, put, removed),
    writeThrough: (key, r, decide) => replicator.writeThrough(key, r, decide),
  };
  const pending: Array<Promise<void>> = [];
  store.subscribe(nodeId, (change) => {
    if (change.kind === 'ephemeral') pending.push(replicator.remoteChanged(change.key, change.nodeId));
    if (change.kind === 'node-gone') pending.push(replicator.nodeGone(change.nodeId));
    if (change.kind === 'beats') replicator.beatsRelayed(change.nodeId, change.instances);
  });
  await membership.start();
  await replicator.start();
  replicator.stop(); // the test flushes by hand
  const pushed: string[] = [];
  const seen: number[][] = [];
  naming.onServiceChanged((key) => {
    pushed.push(key.serviceName);
    // what a push would carry: pushers send on the next turn what the service holds then
    setImmediate(() => seen.push(naming.query(orders).hosts.map((h) => h.port)));
  });
  return {
    naming,
    clock,
    replicator,
    membership,
    pushed,
    /** Every list of `orders` this node would have pushed, in order (after a turn). */
    seen,
    replaced,
    /** Applies what this node heard from the others, then publishes this node's own changes. */
    async sync() {
      while (pending.length > 0) await Promise.all(pending.splice(0));
      await replicator.flush();
    },
    ports: () => naming.query(orders).hosts.map((h) => h.port),
  };
}

export async function syncAll(...nodes: SyncNode[]): Promise<void> {
  for (let round = 0; round < 3; round++) for (const node of nodes) await node.sync();
  await new Promise((resolve) => setImmediate(resolve));
}

export const ownedBy = (store: MemoryClusterStore, nodeId: number) =>
  [...(store.owned.get(nodeId)?.values() ?? [])].flat().map((i) => `${i.ip}:${i.port}`);
