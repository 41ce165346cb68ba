import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { MetricsService } from '../metrics/metrics-service.js';
import { addClusterGauges, CLUSTER_GAUGES } from './cluster-gauges.js';
import type { ClusterMember } from './cluster-members.js';

const member = (nodeId: number, healthy: boolean): ClusterMember => ({
  nodeId,
  addr: `10.0.0.${nodeId}:9848`,
  self: nodeId === 1,
  leader: nodeId === 1,
  healthy,
});

describe('cluster gauges', () => {
  it('serve whether the database is up and how many members this node sees alive', async () => {
    const metrics = new MetricsService({ clock: new ManualClock(), enabled: true, collectIntervalSeconds: 15 });
    let members = [member(1, true), member(2, true), member(3, false)];
    let up = true;
    addClusterGauges(metrics, { list: () => members }, () => up);
    const value = async (name: string) =>
      Number(new RegExp(`^${name} (\\d+)$`, 'm').exec((await metrics.prometheusText()).body)?.[1]);
    expect(await value('cluster_members_up')).toBe(2);
    expect(await value('cluster_database_up')).toBe(1);
    members = [member(1, true)];
    up = false;
    expect(await value('cluster_members_up')).toBe(1);
    expect(await value('cluster_database_up')).toBe(0);
    const types = [...(await metrics.prometheusText()).body.matchAll(/^# TYPE (cluster_\w+) (\w+)$/gm)];
    expect(types.map((m) => [m[1], m[2]])).toEqual(Object.keys(CLUSTER_GAUGES).map((name) => [name, 'gauge']));
  });
});
