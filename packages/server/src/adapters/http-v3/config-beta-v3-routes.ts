import type { FastifyInstance } from 'fastify';
import type { AuditCaller } from '../http-common/sdk-caller.js';
import { BETA_GRAY_NAME, grayExpression } from '../../core/config/config-gray.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { clientIp, optional, requestParams } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { configDetailInfo } from './config-admin-v3-routes.js';
import { CONFIG_V3_NAMESPACE, configKeyV3 } from './v3-params.js';

const ROUTE = { config: { namespace: CONFIG_V3_NAMESPACE } };
const PATH = '/nacos/v3/admin/cs/config/beta';

/**
 * `/nacos/v3/admin/cs/config/beta`: a config's beta release (a publish with `betaIps`), read as nacos's
 * `ConfigGrayInfo` or stopped; on the gray functions the v1 `beta=true` routes and the console call.
 */
export function registerConfigBetaV3Routes(app: FastifyInstance, configs: ConfigService, caller: AuditCaller): void {
  app.get(PATH, ROUTE, async (req) => {
    const key = configKeyV3(req, requestParams(req));
    const beta = configs.graysOf(key).find((g) => g.grayName === BETA_GRAY_NAME);
    if (!beta) throw fail('not_found', RESULT_CODE.RESOURCE_NOT_FOUND, 'the config has no beta release');
    return ok({ ...configDetailInfo(beta.item), grayName: beta.grayName, grayRule: grayExpression(beta.rule) });
  });

  app.delete(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    const source = {
      srcIp: clientIp(req),
      srcUser: optional(params, 'srcUser') ?? optional(params, 'username'),
      ...caller(req, params),
    };
    return ok(await configs.removeGray(configKeyV3(req, params), BETA_GRAY_NAME, source));
  });
}
