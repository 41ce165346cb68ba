import type { FastifyInstance } from 'fastify';
import type { ConfigService } from '../../core/config/config-service.js';
import { BETA_GRAY_NAME } from '../../core/config/config-gray.js';
import { grayClientIp, optional, requestParams } from '../http-common/params.js';
import { failureBody, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { CONFIG_V3_NAMESPACE, configKeyV3 } from './v3-params.js';

const ROUTE = { config: { namespace: CONFIG_V3_NAMESPACE } };

/**
 * `GET /nacos/v3/client/cs/config`: nacos 3's only HTTP config route for clients (publish and delete are
 * admin routes), gray releases included. A missing config is answered as nacos's ConfigOpenApiController answers it: status 200,
 * code 20004, no data.
 */
export function registerConfigClientV3Routes(app: FastifyInstance, configs: ConfigService): void {
  app.get('/nacos/v3/client/cs/config', ROUTE, async (req) => {
    const params = requestParams(req);
    const key = configKeyV3(req, params);
    // a client a gray release matches (by its address, or the tag it names) reads that release
    const gray = configs.grayFor(key, { ip: grayClientIp(req), tag: optional(params, 'tag') });
    const item = gray?.item ?? configs.get(key);
    if (!item) return { ...failureBody(RESULT_CODE.RESOURCE_NOT_FOUND, ''), data: null };
    return ok({
      content: item.content,
      encryptedDataKey: item.encryptedDataKey,
      contentType: item.type,
      md5: item.md5,
      lastModified: item.modifiedAt,
      beta: gray?.grayName === BETA_GRAY_NAME,
    });
  });
}
