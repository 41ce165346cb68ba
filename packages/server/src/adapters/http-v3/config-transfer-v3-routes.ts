import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditCaller } from '../http-common/sdk-caller.js';
import {
  CONFLICT_POLICIES,
  publishBatch,
  type BatchItem,
  type ConflictPolicy,
} from '../../core/config/config-batch.js';
import { canonicalTenant, parseConfigKey } from '../../core/config/config-key.js';
import type { ConfigService } from '../../core/config/config-service.js';
import type { NamespaceService } from '../../core/namespace/namespace-service.js';
import type { Clock } from '../../shared/clock.js';
import { invalid } from '../../shared/errors.js';
import { parseJsonBodies } from '../http-common/form-body.js';
import { clientIp, optional, requestParams } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { configsToZip, zipFileName } from '../console-api/config-zip.js';
import { namespacesVisibleToCaller } from '../http-v1/api-auth-hook.js';
import { requestNamespace } from '../http-v1/request-namespace.js';
import { CONFIG_V3_NAMESPACE, required } from './v3-params.js';

const ROUTE = { config: { namespace: CONFIG_V3_NAMESPACE } };
const PATH = '/nacos/v3/admin/cs/config';
/** Configs one clone may name (each a durable write). */
const MAX_CLONE = 1000;

function idsOf(text: string | undefined): Set<number> | undefined {
  if (!text?.trim()) return undefined;
  const ids = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.some((id) => !/^\d{1,15}$/.test(id))) throw invalid(`ids must be whole numbers, got ${text}`);
  return new Set(ids.map(Number));
}

export function policyOf(value: string | undefined): ConflictPolicy {
  const policy = (value ?? 'ABORT').trim().toUpperCase();
  if (!(CONFLICT_POLICIES as readonly string[]).includes(policy)) {
    throw invalid(`policy must be one of ${CONFLICT_POLICIES.join(', ')}, got ${value}`);
  }
  return policy as ConflictPolicy;
}

interface CloneInfo {
  configId: number;
  targetGroupName?: string;
  targetDataId?: string;
}

function cloneInfosOf(body: unknown): CloneInfo[] {
  if (!Array.isArray(body)) throw invalid('the body must be a JSON array of {configId, targetGroupName, targetDataId}');
  if (body.length > MAX_CLONE) throw invalid(`a clone names at most ${MAX_CLONE} configs, got ${body.length}`);
  return body.map((entry: Record<string, unknown> | null) => {
    const configId = Number(entry?.configId);
    if (!Number.isInteger(configId)) throw invalid('each entry needs a whole-number configId');
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    return { configId, targetGroupName: text(entry?.targetGroupName), targetDataId: text(entry?.targetDataId) };
  });
}

/**
 * Zip export (the console's zip format) and clone by id into the request's namespace, on the batch publish
 * the console's import and clone use (the zip upload: config-import-v3-routes.ts).
 */
export function registerConfigTransferV3Routes(
  app: FastifyInstance,
  deps: { configs: ConfigService; namespaces: NamespaceService; clock: Clock; caller: AuditCaller },
): void {
  const { configs } = deps;

  app.get(`${PATH}/export`, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const namespaceId = canonicalTenant(requestNamespace(req));
    const ids = idsOf(params.ids);
    const dataId = optional(params, 'dataId');
    const group = optional(params, 'groupName');
    const appName = optional(params, 'appName');
    const items = configs
      .list({ namespaceId })
      .filter((c) => (ids ? ids.has(c.id) : true))
      .filter(
        (c) => (!dataId || c.dataId === dataId) && (!group || c.group === group) && (!appName || c.appName === appName),
      );
    const now = deps.clock.now();
    return reply
      .type('application/octet-stream')
      .header('Content-Disposition', `attachment;filename=${zipFileName(now)}`)
      .send(configsToZip(items, now));
  });

  // the clone list is the JSON body (the only v3 route with one): its own scope parses JSON
  void app.register(async (scope) => {
    parseJsonBodies(scope);
    scope.post(`${PATH}/clone`, ROUTE, async (req: FastifyRequest) => {
      const params = requestParams(req);
      required(params, 'namespaceId');
      const target = canonicalTenant(requestNamespace(req));
      if (target && !deps.namespaces.exists(target)) {
        throw fail('not_found', RESULT_CODE.NAMESPACE_NOT_EXIST, `namespace ${target} does not exist`);
      }
      const infos = cloneInfosOf(req.body);
      if (infos.length === 0) throw invalid('no config selected');
      // sources only from namespaces the caller may see: an id is not a way around the privilege
      const visible = namespacesVisibleToCaller(req);
      const byId = new Map([...configs.all()].filter((c) => visible(c.namespaceId)).map((c) => [c.id, c]));
      const items: BatchItem[] = [];
      const failData: { configId: number }[] = [];
      for (const info of infos) {
        const source = byId.get(info.configId);
        if (!source) {
          failData.push({ configId: info.configId });
          continue;
        }
        const key = parseConfigKey({
          dataId: info.targetDataId ?? source.dataId,
          group: info.targetGroupName ?? source.group,
          tenant: target,
        });
        items.push({
          key,
          content: source.content,
          type: source.type,
          desc: source.desc,
          encryptedDataKey: source.encryptedDataKey,
        });
      }
      const policy = policyOf(params.policy);
      const srcUser = optional(params, 'src_user') ?? optional(params, 'srcUser') ?? '';
      const result = await publishBatch(configs, items, policy, {
        srcIp: clientIp(req),
        srcUser,
        ...deps.caller(req, params),
      });
      // ABORT writes nothing when a key exists; SKIP leaves those keys (reported as both skipped and conflicts)
      const skipped = policy === 'ABORT' ? result.conflicts : result.skipped;
      const skipData = skipped.map((k) => ({ dataId: k.dataId, group: k.group }));
      return ok({ succCount: result.written.length, skipCount: skipData.length, failData, skipData });
    });
  });
}
