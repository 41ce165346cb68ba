import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_CLUSTER, type Instance } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { invalid } from '../../shared/errors.js';
import { requestParams } from '../http-common/params.js';
import { ok } from '../http-common/nacos-result.js';
import { boolParam, parseMetadata } from '../http-v1/naming-params.js';
import { NO_NAMESPACE } from '../http-v1/request-namespace.js';
import { instanceInputV3 } from './naming-client-v3-routes.js';
import { instanceWrite } from './instance-admin-v3-routes.js';
import { NAMING_V3_NAMESPACE, required, serviceKeyV3 } from './v3-params.js';

const ROUTE = { config: { namespace: NAMING_V3_NAMESPACE } };
/** The node's own counters, no namespaced data; nacos requires its admin role (resource `.../ns/ops`). */
const OPS_ROUTE = { config: { namespace: NO_NAMESPACE, adminOnly: true } };
/** Instances one metadata batch may name. */
const MAX_BATCH_INSTANCES = 1000;

/** `instances` of a metadata batch: `[{ip, port, clusterName}]` (empty: every instance of the service). */
function batchRefs(text: string | undefined): { ip: string; port: number; clusterName: string }[] {
  if (!text?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('instances is not valid JSON');
  }
  if (!Array.isArray(parsed)) throw invalid('instances must be a JSON array');
  if (parsed.length > MAX_BATCH_INSTANCES) throw invalid(`instances names more than ${MAX_BATCH_INSTANCES}`);
  return parsed.map((entry: { ip?: unknown; port?: unknown; clusterName?: unknown }) => ({
    ip: typeof entry?.ip === 'string' ? entry.ip : '',
    port: Number(entry?.port),
    clusterName: typeof entry?.clusterName === 'string' && entry.clusterName ? entry.clusterName : DEFAULT_CLUSTER,
  }));
}

/** nacos names each instance it changed `ip:port:unknown:cluster:ephemeral|persist`. */
const operatedName = (i: Instance) =>
  `${i.ip}:${i.port}:unknown:${i.clusterName}:${i.ephemeral ? 'ephemeral' : 'persist'}`;

/** Sets (`merge`) or removes the given metadata keys on the chosen instances, one patch each. */
async function batchMetadata(naming: NamingService, req: FastifyRequest, merge: boolean) {
  const params = requestParams(req);
  const key = serviceKeyV3(req, params);
  const metadata = parseMetadata(required(params, 'metadata')) ?? {};
  const refs = batchRefs(params.instances);
  const ephemeral = params.consistencyType === 'persist' ? false : undefined;
  const chosen = naming
    .listInstances(key)
    .filter((i) => ephemeral === undefined || i.ephemeral === ephemeral)
    .filter(
      (i) =>
        refs.length === 0 || refs.some((r) => r.ip === i.ip && r.port === i.port && r.clusterName === i.clusterName),
    );
  const updated: string[] = [];
  for (const i of chosen) {
    const next = { ...i.metadata };
    for (const [k, v] of Object.entries(metadata)) {
      if (merge) next[k] = v;
      else delete next[k];
    }
    await instanceWrite(naming.patchInstance(key, i, { metadata: next }));
    updated.push(operatedName(i));
  }
  return ok({ updated });
}

/** Metadata batches, a persistent instance's health, and the naming counters. */
export function registerNamingOpsV3Routes(app: FastifyInstance, naming: NamingService): void {
  app.put('/nacos/v3/admin/ns/instance/metadata/batch', ROUTE, (req) => batchMetadata(naming, req, true));
  app.delete('/nacos/v3/admin/ns/instance/metadata/batch', ROUTE, (req) => batchMetadata(naming, req, false));

  app.put('/nacos/v3/admin/ns/health/instance', ROUTE, async (req) => {
    const params = requestParams(req);
    const input = instanceInputV3(params);
    const healthy = boolParam(params, 'healthy');
    if (healthy === undefined) throw invalid('healthy is required: true or false');
    await instanceWrite(naming.patchInstance(serviceKeyV3(req, params), input, { healthy }));
    return ok('ok');
  });

  app.get('/nacos/v3/admin/ns/ops/metrics', OPS_ROUTE, async (req) => {
    const stats = naming.stats();
    const onlyStatus = boolParam(requestParams(req), 'onlyStatus') ?? true;
    if (onlyStatus) return ok({ status: 'UP' });
    const cpus = os.cpus().length || 1;
    return ok({
      status: 'UP',
      serviceCount: stats.serviceCount,
      instanceCount: stats.instanceCount,
      subscribeCount: stats.subscriberCount,
      clientCount: stats.subscriberCount,
      responsibleClientCount: stats.subscriberCount,
      cpu: Math.min(1, os.loadavg()[0] / cpus),
      load: os.loadavg()[0],
      mem: 1 - os.freemem() / os.totalmem(),
    });
  });
}
