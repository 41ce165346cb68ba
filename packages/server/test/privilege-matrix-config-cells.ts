import { call } from './console-helpers.js';
import { unique, type ConsoleCell } from './privilege-matrix-cells.js';

// The config console routes of privilege-matrix.test.ts: list, read, export, publish, beta and clone.

export const CONFIG_CONSOLE_CELLS: ConsoleCell[] = [
  {
    path: '/v2/config/list',
    name: 'config list',
    method: 'GET',
    field: 'tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'v2/config/list', { token: t, query: { tenant: ns } }),
  },
  {
    path: '/v2/config/info',
    name: 'config info',
    method: 'GET',
    field: 'tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/config/info', { token: t, query: { tenant: ns, dataId: 'seed', group: 'G' } }),
  },
  {
    path: '/v2/config/history',
    name: 'config history',
    method: 'GET',
    field: 'tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/config/history', { token: t, query: { tenant: ns, dataId: 'seed', group: 'G' } }),
  },
  {
    path: '/v2/config/listeners',
    name: 'config listeners',
    method: 'GET',
    field: 'tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/config/listeners', {
        token: t,
        query: { tenant: ns, dataId: 'seed', group: 'G' },
      }),
  },
  {
    path: '/v2/config/download',
    name: 'config zip export',
    method: 'GET',
    field: 'tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'v2/config/download', { token: t, query: { tenant: ns } }),
  },
  {
    path: '/v2/config/download',
    name: 'config export chosen',
    method: 'POST',
    field: 'keys[].tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/config/download', {
        token: t,
        json: [{ tenant: ns, group: 'G', dataId: 'seed' }],
      }),
  },
  {
    path: '/configs',
    name: 'config v1 list',
    method: 'GET',
    field: 'tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) => call(a.consoleHttp!, 'GET', 'configs', { token: t, query: { tenant: ns } }),
  },
  {
    path: '/v2/config/update',
    name: 'config publish',
    method: 'POST',
    field: 'tenant',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/config/update', {
        token: t,
        json: { tenant: ns, group: 'G', dataId: unique('w'), content: 'x' },
      }),
  },
  {
    path: '/v2/config/remove',
    name: 'config remove',
    method: 'POST',
    field: 'tenant',
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const dataId = unique('rm');
      await a.core.configs.publish({ namespaceId: ns, group: 'G', dataId, content: 'x' });
      return call(a.consoleHttp!, 'POST', 'v2/config/remove', { token: t, json: { tenant: ns, group: 'G', dataId } });
    },
  },
  {
    path: '/v2/config/beta',
    name: 'config beta read',
    method: 'GET',
    field: 'tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/config/beta', { token: t, query: { tenant: ns, group: 'G', dataId: 'seed' } }),
  },
  {
    path: '/v2/config/beta/publish',
    name: 'config beta publish',
    method: 'POST',
    field: 'tenant',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/config/beta/publish', {
        token: t,
        json: { tenant: ns, group: 'G', dataId: unique('b'), content: 'x', betaIps: '10.0.0.1' },
      }),
  },
  {
    path: '/v2/config/beta/stop',
    name: 'config beta stop',
    method: 'POST',
    field: 'tenant',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/config/beta/stop', {
        token: t,
        json: { tenant: ns, group: 'G', dataId: unique('b') },
      }),
  },
  {
    path: '/v2/config/beta/promote',
    name: 'config beta promote',
    method: 'POST',
    field: 'tenant',
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const dataId = unique('b');
      const rule = { type: 'beta' as const, ips: ['10.0.0.1'] };
      await a.core.configs.publishGray({ namespaceId: ns, group: 'G', dataId, content: 'x', rule });
      return call(a.consoleHttp!, 'POST', 'v2/config/beta/promote', {
        token: t,
        json: { tenant: ns, group: 'G', dataId },
      });
    },
  },
  {
    path: '/v2/config/clone',
    method: 'POST',
    field: 'targetTenant',
    name: 'config clone into',
    need: 'write',
    namespaced: true,
    other: true,
    run: (a, t, ns, other) =>
      call(a.consoleHttp!, 'POST', 'v2/config/clone', {
        token: t,
        json: { targetTenant: ns, policy: 'OVERWRITE', keys: [{ tenant: other, group: 'G', dataId: 'seed' }] },
      }),
  },
  {
    path: '/v2/config/clone',
    method: 'POST',
    field: 'keys[].tenant',
    name: 'config clone from',
    need: 'write',
    namespaced: true,
    other: true,
    run: (a, t, ns, other) =>
      call(a.consoleHttp!, 'POST', 'v2/config/clone', {
        token: t,
        json: {
          targetTenant: other,
          policy: 'OVERWRITE',
          keys: [
            { tenant: other, group: 'G', dataId: 'seed' },
            { tenant: ns, group: 'G', dataId: 'seed' },
          ],
        },
      }),
  },
];
