import os from 'node:os';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { groupedName, type ServiceSettings } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { canonicalNamespace } from '../../core/naming/naming-validation.js';
import { clusterCheckOf, clusterMetadataOf } from '../../core/naming/persistent-check-spec.js';
import { pageOfNames } from '../../core/naming/service-name-page.js';
import { invalid, notFound } from '../../shared/errors.js';
import { intParam, optional, requestParams, type Params } from '../http-common/params.js';
import { notFoundAsInvalid, numberParam, parseMetadata, parseSelector, serviceKeyOf } from './naming-params.js';
import { NAMING_NAMESPACE, NO_NAMESPACE, requestNamespace } from './request-namespace.js';

const TEXT_TYPE = 'text/plain;charset=UTF-8';
const ROUTE = { config: { namespace: NAMING_NAMESPACE } };
const NO_NAMESPACE_ROUTE = { config: { namespace: NO_NAMESPACE } };
const ok = (reply: FastifyReply) => reply.type(TEXT_TYPE).send('ok');

/** The service settings a maintain request gives (v1 and v2 alike). */
export function settingsOf(params: Params): Partial<ServiceSettings> {
  const settings: Partial<ServiceSettings> = {};
  const threshold = numberParam(params, 'protectThreshold');
  if (threshold !== undefined) settings.protectThreshold = threshold;
  const metadata = parseMetadata(params.metadata);
  if (metadata !== undefined) settings.metadata = metadata;
  const selector = parseSelector(params.selector);
  if (selector !== undefined) settings.selector = selector;
  return settings;
}

/** A required page number or size; any whole number, paged as nacos pages (`pageOfNames`). */
function requiredPageParam(params: Params, name: string): number {
  if (optional(params, name) === undefined) throw invalid(`${name} is required`);
  return intParam(params, name, 1, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
}

/** `/nacos/v1/ns/service*` (maintain API, service list, subscribers) and `/nacos/v1/ns/operator/metrics`. */
export function registerServiceRoutes(app: FastifyInstance, naming: NamingService): void {
  const path = '/nacos/v1/ns/service';

  app.post(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    await naming.createService(serviceKeyOf(params, requestNamespace(req)), settingsOf(params));
    return ok(reply);
  });

  app.put(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    await notFoundAsInvalid(naming.updateService(serviceKeyOf(params, requestNamespace(req)), settingsOf(params)));
    return ok(reply);
  });

  app.delete(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    await notFoundAsInvalid(naming.removeService(serviceKeyOf(params, requestNamespace(req))));
    return ok(reply);
  });

  app.get(path, ROUTE, async (req) => {
    const key = serviceKeyOf(requestParams(req), requestNamespace(req));
    const service = naming.getService(key);
    if (!service) throw notFound(`service not found: ${groupedName(key)}`);
    return {
      namespaceId: key.namespaceId,
      groupName: key.groupName,
      name: key.serviceName,
      protectThreshold: service.protectThreshold,
      metadata: service.metadata,
      selector: service.selector,
      clusters: service.clusterNames.map((name) => ({
        name,
        healthChecker: healthCheckerJson(service.metadata, name),
        metadata: clusterMetadataOf(service.metadata, name),
      })),
    };
  });

  app.get(`${path}/list`, ROUTE, async (req) => {
    const params = requestParams(req);
    const pageNo = requiredPageParam(params, 'pageNo');
    const pageSize = requiredPageParam(params, 'pageSize');
    const names = naming.serviceNames(
      canonicalNamespace(requestNamespace(req)),
      optional(params, 'groupName') ?? 'DEFAULT_GROUP',
    );
    return { count: names.length, doms: pageOfNames(names, pageNo, pageSize) };
  });

  app.get(`${path}/subscribers`, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = serviceKeyOf(params, requestNamespace(req));
    const pageNo = intParam(params, 'pageNo', 1, 1, 1_000_000);
    const pageSize = intParam(params, 'pageSize', 1000, 1, 100_000);
    const all = naming.subscribersOf(key);
    return {
      count: all.length,
      subscribers: all.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((s) => ({
        addrStr: `${s.ip}:${s.port}`,
        ip: s.ip,
        port: s.port,
        agent: s.agent,
        app: s.app,
        namespaceId: key.namespaceId,
        serviceName: groupedName(key),
        cluster: s.clusters,
        type: s.target.kind,
      })),
    };
  });

  const metrics = async () => namingMetrics(naming);
  app.get('/nacos/v1/ns/operator/metrics', NO_NAMESPACE_ROUTE, metrics);
  app.get('/nacos/v1/ns/ops/metrics', NO_NAMESPACE_ROUTE, metrics);
}

/** nacos's rendering of a cluster's health checker (the settings live in service metadata here). */
export function healthCheckerJson(metadata: Readonly<Record<string, string>>, cluster: string) {
  const check = clusterCheckOf(metadata, cluster);
  if (check.type !== 'HTTP') return { type: check.type };
  const headers = Object.entries(check.headers)
    .map(([name, value]) => `${name}:${value}`)
    .join('|');
  return { type: 'HTTP', path: check.path, headers, expectedResponseCode: check.expectedCode };
}

/** What `/nacos/v1/ns/operator/metrics` (and the v2 one's full form) tells of the registry and the host. */
export function namingMetrics(naming: NamingService) {
  const stats = naming.stats();
  const cpus = os.cpus().length || 1;
  return {
    status: 'UP',
    serviceCount: stats.serviceCount,
    instanceCount: stats.instanceCount,
    subscribeCount: stats.subscriberCount,
    responsibleServiceCount: stats.serviceCount,
    responsibleInstanceCount: stats.instanceCount,
    clientCount: stats.subscriberCount,
    cpu: Math.min(1, os.loadavg()[0] / cpus),
    load: os.loadavg()[0],
    mem: 1 - os.freemem() / os.totalmem(),
  };
}
