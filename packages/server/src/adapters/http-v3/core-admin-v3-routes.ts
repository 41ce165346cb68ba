import type { FastifyInstance } from 'fastify';
import type { ClusterMembers } from '../../core/cluster/cluster-members.js';
import { optional, requestParams } from '../http-common/params.js';
import { failureBody, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { memberOf } from '../http-v1/core-routes.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';
import { V3_STATE_ROUTES } from '../http-v1/api-auth-hook.js';
import { invalid } from '../../shared/errors.js';

export interface CoreAdminV3Deps {
  cluster: ClusterMembers;
  version: string;
  authEnabled: boolean;
  consoleEnabled: boolean;
  isReady: () => boolean;
}

/** Cluster routes need nacos's admin role (resource `.../core/cluster`); the state routes are open, as in nacos. */
const ADMIN_ROUTE = { config: { namespace: NO_NAMESPACE, adminOnly: true } };
const STATES = ['UP', 'DOWN', 'STARTING', 'SUSPICIOUS', 'ISOLATION'];

/** `/nacos/v3/admin/core/cluster/node/*` and `/nacos/v3/admin/core/state*`. */
export function registerCoreAdminV3Routes(app: FastifyInstance, deps: CoreAdminV3Deps): void {
  const members = () => deps.cluster.list().map((m) => memberOf(m, deps.version));

  app.get('/nacos/v3/admin/core/cluster/node/list', ADMIN_ROUTE, async (req) => {
    const params = requestParams(req);
    const address = optional(params, 'address');
    const state = optional(params, 'state')?.toUpperCase();
    if (state && !STATES.includes(state)) throw invalid(`Illegal state: ${state}`);
    return ok(members().filter((m) => (!address || m.address.startsWith(address)) && (!state || m.state === state)));
  });

  app.get('/nacos/v3/admin/core/cluster/node/self', ADMIN_ROUTE, async () => {
    const all = members();
    return ok(all.find((m) => m.extendInfo.self) ?? all[0]);
  });

  const [state, liveness, readiness] = V3_STATE_ROUTES;
  app.get(state, async () =>
    ok({
      version: deps.version,
      standalone_mode: deps.cluster.mode,
      function_mode: null,
      auth_enabled: String(deps.authEnabled),
      login_page_enabled: String(deps.authEnabled),
      auth_system_type: 'nacos',
      console_ui_enabled: String(deps.consoleEnabled),
    }),
  );
  app.get(liveness, async () => ok('ok'));
  // a server not ready answers 500, so probes tell it apart without reading the body
  app.get(readiness, async (_req, reply) =>
    deps.isReady() ? ok('ok') : reply.code(500).send(failureBody(RESULT_CODE.SERVER_ERROR, 'server is not ready')),
  );
}
