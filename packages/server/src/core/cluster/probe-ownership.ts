import type { ClusterMembers } from './cluster-members.js';

/**
 * Which persistent instances this node probes: each instance belongs to one live node, picked by a hash of
 * its key over the live members sorted by node id. Every node computes the same answer from the same lease
 * table, so each instance is probed once per interval; when a node's lease lapses, its instances spread over
 * the others at their next round. A node cut off from the store probes nothing (it could not write).
 */
export function probeOwnership(members: ClusterMembers): () => (instanceKey: string) => boolean {
  return () => {
    if (!members.acceptsClients()) return () => false;
    const live = members
      .list()
      .filter((m) => m.healthy)
      .sort((a, b) => a.nodeId - b.nodeId);
    const self = live.findIndex((m) => m.self);
    if (live.length <= 1) return () => self === 0 || live.length === 0;
    if (self < 0) return () => false;
    return (instanceKey) => fnv1a(instanceKey) % live.length === self;
  };
}

/** FNV-1a, 32 bits: cheap, stable across processes and versions (the owner must not depend on a seed). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
