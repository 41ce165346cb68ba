import type { FastifyInstance } from 'fastify';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { withClusterUpdate, type ClusterUpdate } from '../../core/naming/persistent-check-spec.js';
import { invalid } from '../../shared/errors.js';
import { optional, requestParams, type Params } from '../http-common/params.js';
import { boolParam, notFoundAsInvalid, parseMetadata, serviceKeyOf } from './naming-params.js';
import { NAMING_NAMESPACE, requestNamespace } from './request-namespace.js';

const ROUTE = { config: { namespace: NAMING_NAMESPACE } };
const MAX_HEALTH_CHECKER_LENGTH = 8192;

/** nacos's `healthChecker` parameter: `{"type": "TCP"|"HTTP"|"NONE", "path", "headers", "expectedResponseCode"}`. */
function parseHealthChecker(text: string): Pick<ClusterUpdate, 'type' | 'path' | 'headers' | 'expectedCode'> {
  // a checker is a few fields: a long one is refused before it is parsed
  if (text.length > MAX_HEALTH_CHECKER_LENGTH) {
    throw invalid(`Parameter 'healthChecker' is longer than ${MAX_HEALTH_CHECKER_LENGTH} characters`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid("Parameter 'healthChecker' is not valid JSON");
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw invalid("Parameter 'healthChecker' must be a JSON object");
  }
  const checker = parsed as { type?: unknown; path?: unknown; headers?: unknown; expectedResponseCode?: unknown };
  // as in nacos, a checker without a type checks nothing
  const type =
    checker.type === undefined ? 'NONE' : typeof checker.type === 'string' ? checker.type.toUpperCase() : '?';
  if (type !== 'TCP' && type !== 'HTTP' && type !== 'NONE') {
    throw invalid(`health checker type ${type} is not served here: TCP, HTTP or NONE`);
  }
  const code = checker.expectedResponseCode;
  return {
    type,
    path: typeof checker.path === 'string' ? checker.path : '',
    headers: typeof checker.headers === 'string' ? checker.headers : '',
    expectedCode: code === undefined || code === null ? 200 : Number(code),
  };
}

/**
 * The cluster and settings of a nacos cluster update (v1 and v3 parameters alike); `required` answers a
 * missing parameter the way the door does.
 */
export function clusterUpdateOf(
  params: Params,
  required: (params: Params, name: string) => string,
): { clusterName: string; update: ClusterUpdate } {
  const clusterName = required(params, 'clusterName');
  const checkPort = required(params, 'checkPort');
  required(params, 'useInstancePort4Check');
  const checker = parseHealthChecker(required(params, 'healthChecker'));
  if (!/^\d{1,5}$/.test(checkPort)) throw invalid(`checkPort must be a whole number, got ${checkPort}`);
  const update: ClusterUpdate = Object.assign(checker, {
    checkPort: Number(checkPort),
    useInstancePort: boolParam(params, 'useInstancePort4Check') ?? true,
    metadata: parseMetadata(params.metadata) ?? {},
  });
  return { clusterName, update };
}

/**
 * Stores a cluster's settings in its service's metadata (`persistent-check-spec.ts`), where the prober of
 * persistent instances reads them; the service must exist (not_found otherwise).
 */
export function updateCluster(naming: NamingService, key: ServiceKey, cluster: ReturnType<typeof clusterUpdateOf>) {
  return naming.updateService(key, (current) => ({
    metadata: withClusterUpdate(current.metadata, cluster.clusterName, cluster.update),
  }));
}

const requiredV1 = (params: Params, name: string): string => {
  const value = optional(params, name);
  if (value === undefined) throw invalid(`Param '${name}' is required.`);
  return value;
};

/** nacos's v1 `PUT /nacos/v1/ns/cluster`: a cluster's health checker, check port and metadata; answers `ok`. */
export function registerClusterRoutes(app: FastifyInstance, naming: NamingService): void {
  app.put('/nacos/v1/ns/cluster', ROUTE, async (req, reply) => {
    const params = requestParams(req);
    requiredV1(params, 'serviceName');
    const cluster = clusterUpdateOf(params, requiredV1);
    await notFoundAsInvalid(updateCluster(naming, serviceKeyOf(params, requestNamespace(req)), cluster));
    return reply.type('text/plain;charset=UTF-8').send('ok');
  });
}
