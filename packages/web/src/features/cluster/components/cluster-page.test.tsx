import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../../testing/fake-api.js';
import { findRow } from '../../../testing/queries.js';
import { ADMIN_RESOURCES, renderScreen } from '../../../testing/render.js';
import { ClusterPage } from './cluster-page.js';

const node = (nodeId: number, up: boolean, self = false) => ({
  nodeId,
  addr: `10.0.0.${nodeId}:9848`,
  currentNode: self,
  raftLeader: nodeId === 1,
  distroValid: up,
});

describe('cluster page', () => {
  it('shows a node whose lease ran out as DOWN, without Raft or Distro wording', async () => {
    fakeApi({ 'GET /v2/cluster/cluster_node_list': () => ok([node(1, true, true), node(2, false)]) });
    renderScreen(<ClusterPage />, { webResources: ADMIN_RESOURCES });
    expect((await findRow('10.0.0.2:9848')).textContent).toContain('DOWN');
    expect((await findRow('10.0.0.1:9848')).textContent).toContain('UP');
    expect(screen.getByRole('columnheader', { name: 'Leader' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Raft|Distro/);
  });
});
