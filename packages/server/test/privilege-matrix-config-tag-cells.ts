import { call } from './console-helpers.js';
import { unique, type ConsoleCell } from './privilege-matrix-cells.js';

// The tag release routes of the console in privilege-matrix.test.ts (beside the beta cells).

const tagRule = { type: 'tag' as const, tag: 'blue' };

export const CONFIG_TAG_CELLS: ConsoleCell[] = [
  {
    path: '/v2/config/tag',
    name: 'config tag releases read',
    method: 'GET',
    field: 'tenant',
    need: 'read',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'GET', 'v2/config/tag', { token: t, query: { tenant: ns, group: 'G', dataId: 'seed' } }),
  },
  {
    path: '/v2/config/tag/publish',
    name: 'config tag publish',
    method: 'POST',
    field: 'tenant',
    need: 'write',
    namespaced: true,
    run: (a, t, ns) =>
      call(a.consoleHttp!, 'POST', 'v2/config/tag/publish', {
        token: t,
        json: { tenant: ns, group: 'G', dataId: unique('tg'), content: 'x', tag: 'blue' },
      }),
  },
  {
    path: '/v2/config/tag/stop',
    name: 'config tag stop',
    method: 'POST',
    field: 'tenant',
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const dataId = unique('tg');
      await a.core.configs.publishGray({ namespaceId: ns, group: 'G', dataId, content: 'x', rule: tagRule });
      return call(a.consoleHttp!, 'POST', 'v2/config/tag/stop', {
        token: t,
        json: { tenant: ns, group: 'G', dataId, tag: 'blue' },
      });
    },
  },
  {
    path: '/v2/config/tag/promote',
    name: 'config tag promote',
    method: 'POST',
    field: 'tenant',
    need: 'write',
    namespaced: true,
    run: async (a, t, ns) => {
      const dataId = unique('tg');
      await a.core.configs.publishGray({ namespaceId: ns, group: 'G', dataId, content: 'x', rule: tagRule });
      return call(a.consoleHttp!, 'POST', 'v2/config/tag/promote', {
        token: t,
        json: { tenant: ns, group: 'G', dataId, tag: 'blue' },
      });
    },
  },
];
