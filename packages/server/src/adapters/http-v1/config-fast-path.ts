import { parseConfigKey } from '../../core/config/config-key.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { plainQueryParams, sendFast, type FastPath } from '../http-common/fast-path.js';
import type { RequestPipeline } from '../http-common/request-pipeline.js';
import { configGetAnswer } from './config-answer.js';
import { CONFIG_NAMESPACE, namespaceOf, plainValues } from './request-namespace.js';

const CONFIGS = '/nacos/v1/cs/configs';

export interface ConfigFastPathDeps {
  configs: ConfigService;
  pipeline: RequestPipeline;
}

/**
 * Config reads are what every client does at start and after each change notice. This answers the plain
 * form (`GET /nacos/v1/cs/configs?dataId=&group=&tenant=`) from the node:http request with the routes' own
 * answer, through the same pipeline stages (OpenAPI auth lets a token that may read through at once, see
 * `RequestPipeline.admits`); searches, bad keys, other credentials and everything else go through fastify.
 */
export function createConfigFastPath(deps: ConfigFastPathDeps): FastPath {
  return (req, res) => {
    const params = plainQueryParams(req, 'GET', CONFIGS);
    // searches, beta queries and tag reads are the route's
    if (!params || params.search !== undefined || params.beta !== undefined || params.tag !== undefined) return false;
    const started = performance.now();
    let key;
    try {
      // the route's own resolution: two namespaces named, and fastify answers the 400
      const tenant = namespaceOf(CONFIG_NAMESPACE, plainValues(params));
      key = parseConfigKey({ dataId: params.dataId, group: params.group, tenant });
    } catch {
      return false;
    }
    // which version a config with gray versions answers depends on the client: the route decides
    if (deps.configs.hasGray(key)) return false;
    // OpenAPI auth judges the very namespace read below
    if (!deps.pipeline.admits(req, CONFIGS, params, key.namespaceId)) return false;
    const answer = configGetAnswer(deps.configs.get(key));
    sendFast(res, answer.status, answer.headers, answer.body);
    deps.pipeline.answered(CONFIGS, performance.now() - started, answer.status);
    return true;
  };
}
