import { randomBytes } from 'node:crypto';
import { PeerAuth } from './adapters/cluster-peers/peer-auth.js';
import { PeerListenerClient } from './adapters/cluster-peers/peer-listener-client.js';
import { othersReachStore } from './adapters/cluster-peers/peer-store-probe.js';
import { applyStoreChanges, type ClusterModels } from './core/cluster/change-applier.js';
import type { ClusterMembers } from './core/cluster/cluster-members.js';
import { ClusterNode } from './core/cluster/cluster-node.js';
import { EphemeralReplicator } from './core/cluster/ephemeral-replicator.js';
import type { Settings } from './settings.js';
import type { Logger } from './shared/logger.js';
import type { Stores } from './store-wiring.js';

export interface ClusterMembership {
  members: ClusterMembers;
  /** Signs and checks the calls of the nodes to each other (the key is shared through the database). */
  peerAuth: PeerAuth;
  /** The other live nodes' config listeners (a listener query on this node merges them). */
  listenerPeers: PeerListenerClient;
  /** On a clean stop: the node's lease and instances go at once instead of after the lease. */
  leave(): Promise<void>;
}

/**
 * Makes this node one of a cluster sharing `cluster`'s store: other nodes' writes reach this node's memory
 * (and its listeners), this node's ephemeral instances reach theirs, edits and beats of other nodes'
 * instances reach their owners, and a lease tells who is alive.
 */
export async function joinCluster(
  cluster: NonNullable<Stores['cluster']>,
  models: Omit<ClusterModels, 'replicator'>,
  settings: Pick<Settings, 'nodeId' | 'nodeAddr' | 'clusterLeaseMs' | 'dbTimeoutMs'>,
  logger: Logger,
): Promise<ClusterMembership> {
  const replicator = new EphemeralReplicator(cluster.store, models.naming, settings.nodeId, logger);
  const node = new ClusterNode(
    cluster.store,
    models.naming,
    { nodeId: settings.nodeId, addr: settings.nodeAddr, leaseMs: settings.clusterLeaseMs },
    logger,
    {
      onEvicted: (forgotten) => replicator.rejoined(forgotten),
      onLapsed: (nodeId) => replicator.takeOverFrom(nodeId),
      onGone: (nodeId) => replicator.nodeGone(nodeId),
      // two processes writing one node's instances would undo each other: this one goes
      onReplaced: () => process.exit(1),
      // the others answer after one statement, which fails within the database timeout
      othersReachStore: (addrs) => othersReachStore(addrs, settings.dbTimeoutMs + 1_000),
    },
  );
  models.naming.cluster.peers = {
    isAlive: (nodeId) => node.isAlive(nodeId),
    relayBeat: (nodeId, key, ref) => replicator.relayBeat(nodeId, key, ref),
    commit: (key, put, removed) => replicator.commit(key, put, removed),
    writeThrough: (key, ref, decide) => replicator.writeThrough(key, ref, decide),
  };
  const feed = await cluster.startFeed();
  // the models were loaded before the feed listened: a resync first catches what changed in between
  applyStoreChanges(feed, { ...models, replicator }, logger, { resyncFirst: true });
  await node.start();
  await replicator.start();
  const peerAuth = new PeerAuth(await cluster.store.sharedPeerKey(randomBytes(32).toString('base64url')));
  return {
    members: node,
    peerAuth,
    listenerPeers: new PeerListenerClient(() => node.liveOtherAddrs(), peerAuth),
    async leave() {
      replicator.stop();
      await replicator.flush().catch(() => undefined);
      await node.stop();
    },
  };
}
