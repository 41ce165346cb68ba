import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ClientConnectionRegistry } from '../../core/connection/client-connection-registry.js';
import type { Instance, ServiceKey } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import type { Subscriber } from '../../core/naming/subscriber-registry.js';
import { optional, requestParams, type Params } from '../http-common/params.js';
import { namespacesVisibleToCaller } from '../http-v1/api-auth-hook.js';
import { integerParam, serviceKeyOf } from '../http-v1/naming-params.js';
import {
  NAMING_NAMESPACE,
  NO_NAMESPACE,
  requestNamespace,
  type NamespaceSource,
} from '../http-v1/request-namespace.js';
import { required, V2Error, v2Ok } from './v2-result.js';

const ROUTE = { config: { namespace: NO_NAMESPACE } };

/** Where a door serves the client views, and how it refuses (its envelope's codes and messages). */
export interface ClientRoutesDoor {
  path: string;
  /** How the service routes name their namespace. */
  serviceNamespace: NamespaceSource;
  required(params: Params, name: string): string;
  unknownClient(message: string): Error;
}

const V2_DOOR: ClientRoutesDoor = {
  path: '/nacos/v2/ns/client',
  serviceNamespace: NAMING_NAMESPACE,
  required,
  unknownClient: (message) => new V2Error(404, 'RESOURCE_NOT_FOUND', message),
};

/**
 * nacos' client ids: a 2.x client is its gRPC connection; a 1.x client is `ip:port#ephemeral` (beats and
 * UDP subscriptions ephemeral, persistent instances not). An instance another node holds has none here.
 */
function publisherOf(i: Instance): string | undefined {
  if (i.owner.kind === 'connection') return i.owner.connectionId;
  if (i.owner.kind === 'beat') return `${i.ip}:${i.port}#true`;
  if (i.owner.kind === 'persistent') return `${i.ip}:${i.port}#false`;
  return undefined;
}
const subscriberOf = (s: Subscriber) =>
  s.target.kind === 'connection' ? s.target.connectionId : `${s.ip}:${s.port}#true`;

/** Every instance with the service it is in. */
function allInstances(naming: NamingService): { key: ServiceKey; instance: Instance }[] {
  return naming
    .listServices()
    .flatMap((s) => naming.listInstances(s.key).map((instance) => ({ key: s.key, instance })));
}

const serviceJson = (key: ServiceKey) => ({
  namespace: key.namespaceId,
  group: key.groupName,
  serviceName: key.serviceName,
});

/** `/nacos/v2/ns/client*` (see `registerClientRoutes`). */
export function registerClientV2Routes(
  app: FastifyInstance,
  naming: NamingService,
  connections: ClientConnectionRegistry,
): void {
  registerClientRoutes(app, naming, connections, V2_DOOR);
}

/**
 * The client views under `door.path`: the clients this node holds, what each registered and subscribed,
 * and which clients registered or subscribed a service. Services of namespaces the caller may not see are
 * left out.
 */
export function registerClientRoutes(
  app: FastifyInstance,
  naming: NamingService,
  connections: ClientConnectionRegistry,
  door: ClientRoutesDoor,
): void {
  const PATH = door.path;
  const SERVICE_ROUTE = { config: { namespace: door.serviceNamespace } };
  const clientIds = () => {
    const ids = new Set(connections.list().map((c) => c.id));
    for (const { instance } of allInstances(naming)) {
      const id = publisherOf(instance);
      if (id) ids.add(id);
    }
    for (const s of naming.listSubscribers()) ids.add(subscriberOf(s));
    return ids;
  };
  const knownClient = (req: FastifyRequest) => {
    const clientId = door.required(requestParams(req), 'clientId');
    if (!clientIds().has(clientId)) throw door.unknownClient(`clientId [ ${clientId} ] not exist`);
    return clientId;
  };

  app.get(`${PATH}/list`, ROUTE, async () => v2Ok([...clientIds()]));

  app.get(PATH, ROUTE, async (req) => {
    const clientId = knownClient(req);
    const connection = connections.get(clientId);
    if (connection) {
      return v2Ok({
        clientId,
        ephemeral: true,
        lastUpdatedTime: connection.lastActiveAt,
        clientType: 'connection',
        connectType: 'GRPC',
        appName: connection.appName,
        version: connection.clientVersion,
        clientIp: connection.clientIp,
        clientPort: String(connection.remotePort),
      });
    }
    const [address, ephemeral] = clientId.split('#');
    const colon = address.lastIndexOf(':');
    return v2Ok({
      clientId,
      ephemeral: ephemeral === 'true',
      clientType: 'ipPort',
      clientIp: address.slice(0, colon),
      clientPort: address.slice(colon + 1),
    });
  });

  app.get(`${PATH}/publish/list`, ROUTE, async (req) => {
    const clientId = knownClient(req);
    const visible = namespacesVisibleToCaller(req);
    return v2Ok(
      allInstances(naming)
        .filter(({ key, instance }) => publisherOf(instance) === clientId && visible(key.namespaceId))
        .map(({ key, instance }) => ({
          ...serviceJson(key),
          registeredInstance: { ip: instance.ip, port: instance.port, cluster: instance.clusterName },
        })),
    );
  });

  app.get(`${PATH}/subscribe/list`, ROUTE, async (req) => {
    const clientId = knownClient(req);
    const visible = namespacesVisibleToCaller(req);
    return v2Ok(
      naming
        .listSubscribers()
        .filter((s) => subscriberOf(s) === clientId && visible(s.key.namespaceId))
        .map((s) => ({
          ...serviceJson(s.key),
          subscriberInfo: { app: s.app, agent: s.agent, addr: `${s.ip}:${s.port}` },
        })),
    );
  });

  // `ip` and `port`, when given, keep the clients at that address only
  const atAddress = (req: FastifyRequest) => {
    const params = requestParams(req);
    door.required(params, 'serviceName');
    const ip = optional(params, 'ip');
    const port = integerParam(params, 'port');
    const key = serviceKeyOf(params, requestNamespace(req));
    return {
      key,
      at: (a: { ip: string; port: number }) => (!ip || a.ip === ip) && (port === undefined || a.port === port),
    };
  };

  app.get(`${PATH}/service/publisher/list`, SERVICE_ROUTE, async (req) => {
    const { key, at } = atAddress(req);
    const found = naming.listInstances(key).filter((i) => publisherOf(i) !== undefined && at(i));
    return v2Ok(found.map((i) => ({ clientId: publisherOf(i), ip: i.ip, port: i.port })));
  });

  app.get(`${PATH}/service/subscriber/list`, SERVICE_ROUTE, async (req) => {
    const { key, at } = atAddress(req);
    const found = naming.subscribersOf(key).filter(at);
    return v2Ok(found.map((s) => ({ clientId: subscriberOf(s), ip: s.ip, port: s.port })));
  });
}
