import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Instance, InstanceRef, ServiceKey } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import { requestParams } from '../http-common/params.js';
import { parseMetadata, serviceKeyOf } from '../http-v1/naming-params.js';
import { NAMING_NAMESPACE, requestNamespace } from '../http-v1/request-namespace.js';
import { required, V2Error, v2Ok } from './v2-result.js';

const ROUTE = { config: { namespace: NAMING_NAMESPACE } };
const PATH = '/nacos/v2/ns/instance/metadata/batch';

const refused = (message: string) => new V2Error(400, 'PARAMETER_VALIDATE_ERROR', message);

/** `instances`: a JSON list of `{ip, port, clusterName}`; none (or blank) means every instance of the service. */
function parseTargets(text: string | undefined): InstanceRef[] | undefined {
  const v = text?.trim();
  if (!v) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw refused(`instances is not valid JSON: ${v.slice(0, 200)}`);
  }
  if (!Array.isArray(parsed)) throw refused('instances must be a JSON list of {ip, port, clusterName}');
  if (parsed.length === 0) return undefined;
  return parsed.map((raw: unknown) => {
    const i = (raw ?? {}) as { ip?: unknown; port?: unknown; clusterName?: unknown };
    if (typeof i.ip !== 'string' || !Number.isInteger(Number(i.port))) {
      throw refused('each of instances needs an ip (string) and a port (whole number)');
    }
    const clusterName = typeof i.clusterName === 'string' && i.clusterName.trim() ? i.clusterName : undefined;
    return { ip: i.ip, port: Number(i.port), clusterName };
  });
}

type Change = (current: Record<string, string>, given: Record<string, string>) => Record<string, string>;

const merged: Change = (current, given) => Object.assign({}, current, given);
const without: Change = (current, given) =>
  Object.fromEntries(Object.entries(current).filter(([k]) => !Object.prototype.hasOwnProperty.call(given, k)));

/** Changes the metadata of each target instance that exists; answers the ones changed (`ip:port:cluster`). */
async function changeMetadata(
  naming: NamingService,
  key: ServiceKey,
  targets: InstanceRef[] | undefined,
  given: Record<string, string>,
  change: Change,
) {
  const instances: Instance[] = targets
    ? targets.map((ref) => naming.getInstance(key, ref)).filter((i): i is Instance => i !== undefined)
    : naming.listInstances(key);
  const updated: string[] = [];
  for (const instance of instances) {
    const ref = { ip: instance.ip, port: instance.port, clusterName: instance.clusterName };
    await naming.patchInstance(key, ref, { metadata: change(instance.metadata, given) });
    updated.push(`${instance.ip}:${instance.port}:${instance.clusterName}`);
  }
  return v2Ok({ updated });
}

/** `PUT` adds or replaces the given metadata keys, `DELETE` removes them, on the same core call as v1's PATCH. */
export function registerInstanceMetadataV2Routes(app: FastifyInstance, naming: NamingService): void {
  const route = (change: Change) => async (req: FastifyRequest) => {
    const params = requestParams(req);
    required(params, 'serviceName');
    const metadata = parseMetadata(required(params, 'metadata'));
    const key = serviceKeyOf(params, requestNamespace(req));
    return changeMetadata(naming, key, parseTargets(params.instances), metadata ?? {}, change);
  };
  app.put(PATH, ROUTE, route(merged));
  app.delete(PATH, ROUTE, route(without));
}
