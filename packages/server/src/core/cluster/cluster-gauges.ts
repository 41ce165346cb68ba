import type { MetricsService } from '../metrics/metrics-service.js';
import type { ClusterMembers } from './cluster-members.js';

/** The gauges only a cluster node serves at /metrics, with their help texts (the docs' table names them too). */
export const CLUSTER_GAUGES = {
  cluster_database_up: '1 while this node reaches the database and hears its change feed, 0 during an outage',
  cluster_members_up: 'cluster members whose lease runs, as this node read them at its last renewal (itself included)',
} as const;

/** Registers the cluster gauges: the database's state and the live members as this node sees them. */
export function addClusterGauges(
  metrics: Pick<MetricsService, 'addGauge'>,
  members: Pick<ClusterMembers, 'list'>,
  databaseUp: () => boolean,
): void {
  metrics.addGauge('cluster_database_up', CLUSTER_GAUGES.cluster_database_up, () => (databaseUp() ? 1 : 0));
  metrics.addGauge('cluster_members_up', CLUSTER_GAUGES.cluster_members_up, () => liveMembers(members));
}

function liveMembers(members: Pick<ClusterMembers, 'list'>): number {
  let live = 0;
  for (const member of members.list()) if (member.healthy) live++;
  return live;
}
