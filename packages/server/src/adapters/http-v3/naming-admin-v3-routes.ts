import type { FastifyInstance } from 'fastify';
import { groupedName, type ServiceSettings, type ServiceView } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { canonicalNamespace } from '../../core/naming/naming-validation.js';
import { clusterCheckOf, clusterMetadataOf } from '../../core/naming/persistent-check-spec.js';
import { NacosError } from '../../shared/errors.js';
import { intParam, optional, requestParams, type Params } from '../http-common/params.js';
import { fail, ok, RESULT_CODE } from '../http-common/nacos-result.js';
import { boolParam, numberParam, parseMetadata, parseSelector } from '../http-v1/naming-params.js';
import { NO_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { healthCheckerJson } from '../http-v1/service-routes.js';
import { instanceV3Json } from './naming-v3-json.js';
import { NAMING_V3_NAMESPACE, pageBody, pageOf, serviceKeyV3 } from './v3-params.js';

const ROUTE = { config: { namespace: NAMING_V3_NAMESPACE } };
const PATH = '/nacos/v3/admin/ns/service';

function settingsOf(params: Params): Partial<ServiceSettings> {
  const settings: Partial<ServiceSettings> = {};
  const threshold = numberParam(params, 'protectThreshold');
  if (threshold !== undefined) settings.protectThreshold = threshold;
  const metadata = parseMetadata(params.metadata);
  if (metadata !== undefined) settings.metadata = metadata;
  // the admin SDK sends `null` for a service without a selector
  const selector = params.selector?.trim() === 'null' ? undefined : parseSelector(params.selector);
  if (selector !== undefined) settings.selector = selector;
  return settings;
}

/** A missing service is nacos's 21008 on the v3 admin routes. */
export async function serviceWrite<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof NacosError && err.kind === 'not_found') {
      throw fail('not_found', RESULT_CODE.SERVICE_NOT_EXIST, err.message);
    }
    throw err;
  }
}

/** nacos's `ServiceDetailInfo` (clusters keyed by name). */
function serviceDetail(naming: NamingService, service: ServiceView) {
  const { key } = service;
  const instances = naming.listInstances(key);
  const clusterMap = Object.fromEntries(
    service.clusterNames.map((name) => {
      const check = clusterCheckOf(service.metadata, name);
      const cluster = {
        clusterName: name,
        healthChecker: healthCheckerJson(service.metadata, name),
        healthyCheckPort: check.checkPort,
        useInstancePortForCheck: check.useInstancePort,
        metadata: clusterMetadataOf(service.metadata, name),
        hosts: instances.filter((i) => i.clusterName === name).map((i) => instanceV3Json(key, i)),
      };
      return [name, cluster];
    }),
  );
  return {
    namespaceId: key.namespaceId,
    serviceName: key.serviceName,
    groupName: key.groupName,
    clusterMap,
    metadata: service.metadata,
    protectThreshold: service.protectThreshold,
    selector: service.selector,
    ephemeral: instances.length === 0 ? undefined : instances.every((i) => i.ephemeral),
  };
}

const contains = (value: string, part: string | undefined) => !part || value.includes(part);

/** `/nacos/v3/admin/ns/service`: create, update, delete, detail, list, subscribers. */
export function registerServiceAdminV3Routes(app: FastifyInstance, naming: NamingService): void {
  app.post(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    await naming.createService(serviceKeyV3(req, params), settingsOf(params));
    return ok('ok');
  });

  app.put(PATH, ROUTE, async (req) => {
    const params = requestParams(req);
    await serviceWrite(naming.updateService(serviceKeyV3(req, params), settingsOf(params)));
    return ok('ok');
  });

  app.delete(PATH, ROUTE, async (req) => {
    await serviceWrite(naming.removeService(serviceKeyV3(req, requestParams(req))));
    return ok('ok');
  });

  app.get(PATH, ROUTE, async (req) => {
    const key = serviceKeyV3(req, requestParams(req));
    const service = naming.getService(key);
    if (!service) throw fail('not_found', RESULT_CODE.SERVICE_NOT_EXIST, `service not found: ${groupedName(key)}`);
    return ok(serviceDetail(naming, service));
  });

  app.get(`${PATH}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const { pageNo, pageSize, offset } = pageOf(params);
    const groupPart = optional(params, 'groupNameParam');
    const namePart = optional(params, 'serviceNameParam');
    const ignoreEmpty = boolParam(params, 'ignoreEmptyService') ?? true;
    const matched = naming
      .listServices({ namespaceId: canonicalNamespace(requestNamespace(req)) })
      .filter((s) => contains(s.key.groupName, groupPart) && contains(s.key.serviceName, namePart))
      .filter((s) => !ignoreEmpty || s.instanceCount > 0);
    const page = matched.slice(offset, offset + pageSize);
    const items: unknown[] =
      boolParam(params, 'withInstances') === true
        ? page.map((s) => serviceDetail(naming, s))
        : page.map((s) => ({
            name: s.key.serviceName,
            groupName: s.key.groupName,
            clusterCount: s.clusterNames.length,
            ipCount: s.instanceCount,
            healthyInstanceCount: s.healthyCount,
            triggerFlag: String(s.protectThreshold > 0 && s.healthyCount < s.instanceCount * s.protectThreshold),
          }));
    return ok(pageBody(matched.length, pageNo, pageSize, items));
  });

  // the selectors tsnacos applies (naming-model.ts `Selector`)
  app.get(`${PATH}/selector/types`, { config: { namespace: NO_NAMESPACE } }, async () => ok(['none', 'label']));

  app.get(`${PATH}/subscribers`, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = serviceKeyV3(req, params);
    const pageNo = intParam(params, 'pageNo', 1, 1, 1_000_000);
    const pageSize = intParam(params, 'pageSize', 1000, 1, 100_000);
    const all = naming.subscribersOf(key);
    const items = all.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((s) => ({
      namespaceId: key.namespaceId,
      groupName: key.groupName,
      serviceName: key.serviceName,
      ip: s.ip,
      port: s.port,
      agent: s.agent,
      appName: s.app,
    }));
    return ok(pageBody(all.length, pageNo, pageSize, items));
  });
}
