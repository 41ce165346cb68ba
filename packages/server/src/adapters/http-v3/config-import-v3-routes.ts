import fastifyMultipart from '@fastify/multipart';
import type { AuditCaller } from '../http-common/sdk-caller.js';
import type { FastifyInstance } from 'fastify';
import { publishBatch, type BatchItem } from '../../core/config/config-batch.js';
import { canonicalTenant } from '../../core/config/config-key.js';
import type { ConfigService } from '../../core/config/config-service.js';
import type { NamespaceService } from '../../core/namespace/namespace-service.js';
import { clientIp, optional, requestParams } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { readConfigZip } from '../console-api/uploads/upload-parser.js';
import { UPLOAD_LIMIT } from '../console-api/uploads/upload-limits.js';
import { requestNamespace } from '../http-v1/request-namespace.js';
import { policyOf } from './config-transfer-v3-routes.js';
import { CONFIG_V3_NAMESPACE, required } from './v3-params.js';

const ROUTE = { config: { namespace: CONFIG_V3_NAMESPACE } };

/**
 * `POST /nacos/v3/admin/cs/config/import`: a config zip (multipart field `file`) into the namespace the
 * query names, read exactly as the console's import reads it (parse workers, the same size and entry
 * limits), then published under `policy` (ABORT by default, as nacos).
 */
export function registerConfigImportV3Routes(
  app: FastifyInstance,
  deps: { configs: ConfigService; namespaces: NamespaceService; caller: AuditCaller },
): void {
  const { configs } = deps;
  // only this route takes multipart bodies: its own scope registers the parser, with the console's limits
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 20, parts: 21 } });
    scope.post('/nacos/v3/admin/cs/config/import', ROUTE, async (req) => {
      const params = requestParams(req);
      required(params, 'namespaceId');
      const namespaceId = canonicalTenant(requestNamespace(req));
      if (namespaceId && !deps.namespaces.exists(namespaceId)) {
        throw fail('not_found', RESULT_CODE.NAMESPACE_NOT_EXIST, `namespace ${namespaceId} does not exist`);
      }
      const policy = policyOf(params.policy);
      if (!req.isMultipart())
        throw fail('invalid', RESULT_CODE.DATA_EMPTY, 'no file uploaded (multipart field "file")');
      const items: BatchItem[] = [];
      let files = 0;
      for await (const part of req.parts()) {
        if (part.type !== 'file') continue;
        files++;
        const contents = await readConfigZip(part.file, namespaceId, configs.maxContentBytes);
        items.push(...contents.items);
      }
      if (files === 0 || items.length === 0) {
        throw fail('invalid', RESULT_CODE.DATA_EMPTY, 'the upload holds no config');
      }
      const srcUser = optional(params, 'src_user') ?? optional(params, 'srcUser') ?? '';
      const result = await publishBatch(configs, items, policy, {
        srcIp: clientIp(req),
        srcUser,
        ...deps.caller(req, params),
      });
      const skipped = policy === 'ABORT' ? result.conflicts : result.skipped;
      const skipData = skipped.map((k) => ({ dataId: k.dataId, group: k.group }));
      return ok({ succCount: result.written.length, skipCount: skipData.length, failData: [], skipData });
    });
  });
}
