import { describe, expect, it } from 'vitest';
import type { ClusterMember, ClusterMembers } from './cluster-members.js';
import { probeOwnership } from './probe-ownership.js';

/** The members as node `self` sees them; `down` nodes have let their lease lapse. */
function view(self: number, ids: number[], down: number[] = [], cutOff = false): ClusterMembers {
  const list: ClusterMember[] = ids.map((nodeId) => ({
    nodeId,
    addr: `10.0.0.${nodeId}:9848`,
    self: nodeId === self,
    leader: false,
    healthy: !down.includes(nodeId),
  }));
  return {
    mode: 'cluster',
    list: () => list,
    acceptsClients: () => !cutOff,
    onReleaseClients: () => undefined,
    storeReachable: async () => !cutOff,
  };
}

const keys = Array.from(
  { length: 600 },
  (_, i) => `public\u0002DEFAULT_GROUP\u0002svc${i % 7}\u000210.1.${i}.1#80#DEFAULT`,
);
const ownersOf = (ids: number[], down: number[] = []) =>
  keys.map((key) => ids.filter((self) => probeOwnership(view(self, ids, down))()(key)));

describe('which node probes a persistent instance', () => {
  it('is exactly one live node per instance, spread over all of them', () => {
    const owners = ownersOf([3, 1, 2]);
    expect(owners.every((o) => o.length === 1)).toBe(true);
    for (const id of [1, 2, 3]) expect(owners.filter((o) => o[0] === id).length).toBeGreaterThan(100);
  });

  it('moves a lapsed node’s instances to the live ones', () => {
    const owners = ownersOf([1, 2, 3], [2]);
    expect(owners.every((o) => o.length === 1 && o[0] !== 2)).toBe(true);
  });

  it('is nobody’s job on a node cut off from the store, and everything on a single node', () => {
    expect(keys.some((key) => probeOwnership(view(1, [1, 2], [], true))()(key))).toBe(false);
    expect(keys.every((key) => probeOwnership(view(1, [1]))()(key))).toBe(true);
  });
});
