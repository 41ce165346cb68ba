import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NamingService } from '../../core/naming/naming-service.js';
import { requestParams } from '../http-common/params.js';
import { POLL_CACHE_MILLIS, PUSH_CACHE_MILLIS } from '../http-v1/naming-json.js';
import { boolParam } from '../http-v1/naming-params.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';
import { namingMetrics } from '../http-v1/service-routes.js';
import { V2Error, v2Ok } from './v2-result.js';

const ROUTE = { config: { namespace: NO_NAMESPACE } };

/** Why a switch update is refused (501, nacos's server error): none can be changed at run time here. */
export const SWITCHES_READ_ONLY =
  'switches cannot be changed at run time here: set them in the settings (docs/settings.md)';

/**
 * What this server does where nacos has a switch: the switches nacos tools read, at the values this server
 * runs with. None can be changed at run time.
 */
export function switches(naming: NamingService) {
  return {
    name: '00-00---000-NACOS_SWITCH_DOMAIN-000---00-00',
    defaultPushCacheMillis: PUSH_CACHE_MILLIS,
    defaultCacheMillis: POLL_CACHE_MILLIS,
    healthCheckEnabled: true,
    lightBeatEnabled: true,
    pushEnabled: true,
    defaultInstanceEphemeral: true,
    distroEnabled: false,
    doubleWriteEnabled: false,
    instanceBeatTimeoutMillis: naming.options.beatTimeoutMs,
    ipDeleteTimeoutMillis: naming.options.deleteTimeoutMs,
  };
}

/** `/nacos/v2/ns/operator/*` (and its `/ops/` spelling): metrics and the switches. */
export function registerOperatorV2Routes(app: FastifyInstance, naming: NamingService): void {
  for (const base of ['/nacos/v2/ns/operator', '/nacos/v2/ns/ops']) {
    // `onlyStatus` (default true) answers the status alone, as nacos does
    app.get(`${base}/metrics`, ROUTE, async (req: FastifyRequest) => {
      const onlyStatus = boolParam(requestParams(req), 'onlyStatus') ?? true;
      const all = namingMetrics(naming);
      return v2Ok(onlyStatus ? { status: all.status } : all);
    });
    app.get(`${base}/switches`, ROUTE, async () => v2Ok(switches(naming)));
    app.put(`${base}/switches`, ROUTE, async () => {
      throw new V2Error(501, 'SERVER_ERROR', SWITCHES_READ_ONLY);
    });
  }
}
