import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConsoleApp, call, sessionFor, type ConsoleApp } from '../../../test/console-helpers.js';

describe('console cluster', () => {
  let app: ConsoleApp;
  beforeAll(async () => {
    app = await buildConsoleApp({ RNACOS_RAFT_NODE_ID: '3', RNACOS_RAFT_NODE_ADDR: '10.0.0.1:9848' });
  });
  afterAll(() => app.dispose());

  it('lists this node in both envelopes', async () => {
    const token = await sessionFor(app, 'admin');
    const node = { nodeId: 3, addr: '10.0.0.1:9848', currentNode: true, raftLeader: true, distroValid: true };
    expect((await call(app.console, 'GET', 'v2/cluster/cluster_node_list', { token })).json()).toEqual({
      data: [node],
      success: true,
      code: null,
      message: null,
    });
    expect((await call(app.console, 'GET', 'cluster/cluster_node_list', { token })).json()).toEqual({
      code: 200,
      message: null,
      data: [node],
    });
  });

  it('is not for guests', async () => {
    await app.core.auth.users.add({ username: 'g', password: 'pw-password', roles: ['2'] });
    const res = await call(app.console, 'GET', 'v2/cluster/cluster_node_list', { token: await sessionFor(app, 'g') });
    expect(res.json().code).toBe('NO_PERMISSION');
  });
});
