import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.js';
import { nextSeq, nsName, unique, type Ns } from './privilege-matrix-cells.js';
import { V3_SAMPLES } from './privilege-matrix-v3-cells.js';

// What privilege-matrix.test.ts sends to each SDK route and gRPC request type. The namespace is not written
// here: the test places it in every parameter the route declares (and in two at once, to probe bypasses).

export interface HttpSample {
  /** `admin`: routes only admins may call (nacos 3's cluster-wide admin API). */
  need: 'read' | 'write' | 'admin';
  /** The parameters besides the namespace (a new seq each call where names must not repeat). */
  params: () => Record<string, string>;
  /** Send the parameters as a form body instead of the query string. */
  form?: boolean;
  /** Makes what the request acts on, in the naming form of the namespace ("public" for the default). */
  prepare?: (app: TestApp, namespace: string, params: Record<string, string>) => Promise<unknown>;
  /** Whether the answer shows the request passed the access check (default: 200). */
  reached?: (res: LightMyRequestResponse) => boolean;
  /** The namespaces to try (default: all). */
  only?: Ns[];
}

const seedInstance = { serviceName: 'seed', ip: '10.0.0.1', port: '80' };
const refusedWith = (text: string) => (res: LightMyRequestResponse) =>
  res.statusCode === 400 && res.body.includes(text);
/** A v2 refusal with its status and nacos code (given past the access check). */
const v2Refused = (status: number, code: number) => (res: LightMyRequestResponse) =>
  res.statusCode === status && res.body.includes(`"code":${code},`);

/** A cluster update's check settings (a TCP check on the instance port). */
export const clusterCheck = { checkPort: '80', useInstancePort4Check: 'true', healthChecker: '{"type":"TCP"}' };

/** Samples by `METHOD path`; a route may have several (its parameter shapes). */
export const HTTP_SAMPLES: Record<string, HttpSample[]> = {
  'GET /nacos/v1/cs/configs': [
    { need: 'read', params: () => ({ dataId: 'seed', group: 'G' }) },
    { need: 'read', params: () => ({ search: 'blur', dataId: '', group: '' }) },
  ],
  'POST /nacos/v1/cs/configs': [
    { need: 'write', form: true, params: () => ({ dataId: unique('api'), group: 'G', content: 'x' }) },
  ],
  'PUT /nacos/v1/cs/configs': [
    { need: 'write', form: true, params: () => ({ dataId: unique('api'), group: 'G', content: 'x' }) },
  ],
  'DELETE /nacos/v1/cs/configs': [{ need: 'write', params: () => ({ dataId: 'nothing', group: 'G' }) }],
  'POST /nacos/v1/cs/configs/listener': [{ need: 'read', form: true, params: () => ({}) }],
  'GET /nacos/v1/cs/configs/listener': [{ need: 'read', params: () => ({ dataId: 'seed', group: 'G' }) }],
  'GET /nacos/v1/cs/listener': [{ need: 'read', params: () => ({ ip: '10.0.0.5' }) }],

  'GET /nacos/v1/console/namespaces': [
    { need: 'read', params: () => ({ show: 'all' }) },
    { need: 'read', params: () => ({ checkNamespaceIdExist: 'true' }) },
  ],
  'POST /nacos/v1/console/namespaces': [
    // a new namespace without an id (a generated one), or "already exists" for the namespace given
    {
      need: 'write',
      form: true,
      params: () => ({ namespaceName: 'again' }),
      reached: (res) => res.statusCode === 200 || refusedWith('already exists')(res),
    },
  ],
  // the default namespace cannot be renamed or removed by anyone: only a created one is tried
  'PUT /nacos/v1/console/namespaces': [
    { need: 'write', form: true, params: () => ({ namespaceShowName: 'Dev' }), only: ['dev'] },
  ],
  'DELETE /nacos/v1/console/namespaces': [
    // it holds the seed data: past the access check, the delete is refused for that
    { need: 'write', params: () => ({}), only: ['dev'], reached: refusedWith('still holds') },
  ],

  'POST /nacos/v1/ns/instance': [
    // persistent, as the seed service's instances are (a service holds one kind)
    {
      need: 'write',
      params: () => ({ serviceName: 'seed', ephemeral: 'false', ip: '10.8.0.1', port: `${2000 + nextSeq()}` }),
    },
  ],
  'DELETE /nacos/v1/ns/instance': [
    {
      need: 'write',
      params: () => ({ serviceName: 'seed', ephemeral: 'false', ip: '10.8.0.2', port: `${2000 + nextSeq()}` }),
    },
  ],
  'PUT /nacos/v1/ns/instance': [
    { need: 'write', params: () => ({ ...seedInstance, ephemeral: 'false', weight: '2' }) },
  ],
  'PATCH /nacos/v1/ns/instance': [
    { need: 'write', params: () => ({ ...seedInstance, ephemeral: 'false', weight: '3' }) },
  ],
  'GET /nacos/v1/ns/instance': [{ need: 'read', params: () => ({ ...seedInstance }) }],
  'GET /nacos/v1/ns/instance/list': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'PUT /nacos/v1/ns/instance/beat': [{ need: 'write', params: () => ({ ...seedInstance }) }],
  'POST /nacos/v1/ns/service': [{ need: 'write', params: () => ({ serviceName: unique('svc') }) }],
  'PUT /nacos/v1/ns/service': [{ need: 'write', params: () => ({ serviceName: 'seed', protectThreshold: '0.1' }) }],
  'PUT /nacos/v1/ns/cluster': [
    {
      need: 'write',
      params: () => ({ serviceName: 'seed', clusterName: 'DEFAULT', ...clusterCheck }),
    },
  ],
  'DELETE /nacos/v1/ns/service': [
    {
      need: 'write',
      params: () => ({ serviceName: unique('svcrm') }),
      prepare: (app, namespaceId, params) =>
        app.core.naming.createService({ namespaceId, groupName: 'DEFAULT_GROUP', serviceName: params.serviceName }, {}),
    },
  ],
  'GET /nacos/v1/ns/service': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'GET /nacos/v1/ns/service/list': [{ need: 'read', params: () => ({ pageNo: '1', pageSize: '10' }) }],
  'GET /nacos/v1/ns/service/subscribers': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],

  'GET /nacos/v1/ns/operator/metrics': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v1/ns/ops/metrics': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v1/core/cluster/nodes': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v1/core/cluster/simple/nodes': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v1/core/cluster/self': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v2/core/cluster/nodes': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v2/core/cluster/nodes/self': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v2/core/loader/reloadCurrent': [{ need: 'write', params: () => ({ count: '1000' }) }],

  // the nacos OpenAPI v2 (adapters/http-v2)
  'GET /nacos/v2/cs/config': [{ need: 'read', params: () => ({ dataId: 'seed', group: 'G' }) }],
  'POST /nacos/v2/cs/config': [
    { need: 'write', form: true, params: () => ({ dataId: unique('v2api'), group: 'G', content: 'x' }) },
  ],
  'DELETE /nacos/v2/cs/config': [{ need: 'write', params: () => ({ dataId: 'nothing', group: 'G' }) }],
  'GET /nacos/v2/cs/history/list': [{ need: 'read', params: () => ({ dataId: 'seed', group: 'G' }) }],
  // no such entry: answered past the access check
  'GET /nacos/v2/cs/history': [
    { need: 'read', params: () => ({ dataId: 'seed', group: 'G', nid: '999999999' }), reached: v2Refused(404, 20004) },
  ],
  'GET /nacos/v2/cs/history/previous': [
    { need: 'read', params: () => ({ dataId: 'seed', group: 'G', id: '999999999' }), reached: v2Refused(404, 20004) },
  ],
  'GET /nacos/v2/cs/history/configs': [{ need: 'read', params: () => ({}) }],
  'POST /nacos/v2/ns/instance': [
    {
      need: 'write',
      params: () => ({ serviceName: 'seed', ephemeral: 'false', ip: '10.8.1.1', port: `${2000 + nextSeq()}` }),
    },
  ],
  'DELETE /nacos/v2/ns/instance': [
    {
      need: 'write',
      params: () => ({ serviceName: 'seed', ephemeral: 'false', ip: '10.8.1.2', port: `${2000 + nextSeq()}` }),
    },
  ],
  'PUT /nacos/v2/ns/instance': [
    { need: 'write', params: () => ({ ...seedInstance, ephemeral: 'false', weight: '2' }) },
  ],
  'PATCH /nacos/v2/ns/instance': [
    {
      need: 'write',
      params: () => ({ ...seedInstance, ephemeral: 'false', weight: '3' }),
      reached: (res) => res.body === 'ok',
    },
  ],
  'GET /nacos/v2/ns/catalog/instances': [
    { need: 'read', params: () => ({ serviceName: 'seed', pageNo: '1', pageSize: '10' }) },
  ],
  'GET /nacos/v2/ns/instance': [{ need: 'read', params: () => ({ ...seedInstance }) }],
  'GET /nacos/v2/ns/instance/list': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'GET /nacos/v2/ns/instance/statuses/:key': [
    { need: 'read', params: () => ({}), reached: (res) => res.statusCode === 200 && res.body.includes('10.0.0.1:80_') },
  ],
  'PUT /nacos/v2/ns/instance/beat': [{ need: 'write', params: () => ({ ...seedInstance }) }],
  'PUT /nacos/v2/ns/instance/metadata/batch': [
    { need: 'write', params: () => ({ serviceName: 'seed', metadata: 'v2=yes' }) },
  ],
  'DELETE /nacos/v2/ns/instance/metadata/batch': [
    { need: 'write', params: () => ({ serviceName: 'seed', metadata: 'v2=' }) },
  ],
  'PUT /nacos/v2/ns/health/instance': [{ need: 'write', params: () => ({ ...seedInstance, healthy: 'true' }) }],
  'PUT /nacos/v2/ns/health': [{ need: 'write', params: () => ({ ...seedInstance, healthy: 'true' }) }],
  'POST /nacos/v2/ns/service': [{ need: 'write', params: () => ({ serviceName: unique('svc2') }) }],
  'PUT /nacos/v2/ns/service': [{ need: 'write', params: () => ({ serviceName: 'seed', protectThreshold: '0.1' }) }],
  'DELETE /nacos/v2/ns/service': [
    {
      need: 'write',
      params: () => ({ serviceName: unique('svcrm2') }),
      prepare: (app, namespaceId, params) =>
        app.core.naming.createService({ namespaceId, groupName: 'DEFAULT_GROUP', serviceName: params.serviceName }, {}),
    },
  ],
  'GET /nacos/v2/ns/service': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'GET /nacos/v2/ns/service/list': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v2/ns/operator/metrics': [{ need: 'read', params: () => ({ onlyStatus: 'false' }) }],
  'GET /nacos/v2/ns/ops/metrics': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v2/ns/operator/switches': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v2/ns/ops/switches': [{ need: 'read', params: () => ({}) }],
  'PUT /nacos/v2/ns/operator/switches': [
    { need: 'write', params: () => ({ entry: 'pushEnabled', value: 'true' }), reached: v2Refused(501, 30000) },
  ],
  'PUT /nacos/v2/ns/ops/switches': [
    { need: 'write', params: () => ({ entry: 'pushEnabled', value: 'true' }), reached: v2Refused(501, 30000) },
  ],
  'GET /nacos/v2/ns/client/list': [{ need: 'read', params: () => ({}) }],
  // no such client: answered past the access check
  'GET /nacos/v2/ns/client': [{ need: 'read', params: () => ({ clientId: 'nobody' }), reached: v2Refused(404, 20004) }],
  'GET /nacos/v2/ns/client/publish/list': [
    { need: 'read', params: () => ({ clientId: 'nobody' }), reached: v2Refused(404, 20004) },
  ],
  'GET /nacos/v2/ns/client/subscribe/list': [
    { need: 'read', params: () => ({ clientId: 'nobody' }), reached: v2Refused(404, 20004) },
  ],
  'GET /nacos/v2/ns/client/service/publisher/list': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'GET /nacos/v2/ns/client/service/subscriber/list': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'GET /nacos/v2/console/namespace/list': [{ need: 'read', params: () => ({}) }],
  // without a namespaceId (the default namespace), past the access check it is a missing parameter
  'GET /nacos/v2/console/namespace': [
    { need: 'read', params: () => ({}), reached: (res) => res.statusCode === 200 || v2Refused(400, 10000)(res) },
  ],
  'POST /nacos/v2/console/namespace': [
    {
      need: 'write',
      form: true,
      params: () => ({ namespaceName: 'again' }),
      reached: (res) => res.statusCode === 200 || v2Refused(409, 22002)(res),
    },
  ],
  'PUT /nacos/v2/console/namespace': [
    { need: 'write', form: true, params: () => ({ namespaceName: 'Dev' }), only: ['dev'] },
  ],
  'DELETE /nacos/v2/console/namespace': [
    { need: 'write', params: () => ({}), only: ['dev'], reached: refusedWith('still holds') },
  ],
  'GET /nacos/v2/core/cluster/node/self': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v2/core/cluster/node/list': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v2/core/cluster/node/self/health': [{ need: 'read', params: () => ({}) }],
  'PUT /nacos/v2/core/cluster/lookup': [
    { need: 'write', params: () => ({ type: 'file' }), reached: (res) => res.statusCode === 501 },
  ],

  // r-nacos's open MCP lists (`/rnacos/v1/`, under OpenAPI auth as the `/nacos/` routes)
  ...V3_SAMPLES,
  'GET /rnacos/v1/mcp/server/list': [
    { need: 'read', params: () => ({}) },
    { need: 'read', params: () => ({ pageNo: '1', pageSize: '10', nameFilter: 'seed' }) },
  ],
  'GET /rnacos/v1/mcp/toolspec/list': [
    { need: 'read', params: () => ({}) },
    { need: 'read', params: () => ({ pageNo: '1', pageSize: '10', groupFilter: 'G', toolNameFilter: 'seed' }) },
  ],
};

export interface GrpcSample {
  need: 'read' | 'write';
  body: (ns: Ns) => Record<string, unknown>;
}

const service = (ns: Ns) => ({ namespace: nsName(ns), groupName: 'DEFAULT_GROUP', serviceName: 'seed' });

/** Samples by request type; every type the handler table guards must have one. */
export const GRPC_SAMPLES: Record<string, GrpcSample> = {
  ConfigQueryRequest: { need: 'read', body: (ns) => ({ dataId: 'seed', group: 'G', tenant: ns }) },
  ConfigPublishRequest: {
    need: 'write',
    body: (ns) => ({ dataId: unique('grpc'), group: 'G', tenant: ns, content: 'x' }),
  },
  ConfigRemoveRequest: { need: 'write', body: (ns) => ({ dataId: 'nothing', group: 'G', tenant: ns }) },
  ConfigBatchListenRequest: {
    need: 'read',
    body: (ns) => ({
      listen: true,
      module: 'config',
      configListenContexts: [{ dataId: 'seed', group: 'G', tenant: ns, md5: '' }],
    }),
  },
  // its own service: the seed service holds persistent instances, a connection registers ephemeral ones
  InstanceRequest: {
    need: 'write',
    body: (ns) => ({
      ...service(ns),
      serviceName: 'seed-grpc',
      type: 'registerInstance',
      instance: { ip: '10.7.0.1', port: 3000 + nextSeq() },
    }),
  },
  BatchInstanceRequest: {
    need: 'write',
    body: (ns) => ({
      ...service(ns),
      serviceName: 'seed-grpc',
      type: 'batchRegisterInstance',
      instances: [{ ip: '10.7.0.2', port: 3000 + nextSeq() }],
    }),
  },
  PersistentInstanceRequest: {
    need: 'write',
    body: (ns) => ({
      ...service(ns),
      type: 'registerInstance',
      instance: { ip: '10.7.0.3', port: 3000 + nextSeq(), ephemeral: false },
    }),
  },
  // the AI service of nacos-client 3.x: checked on `namespaceId`
  QueryMcpServerRequest: { need: 'read', body: (ns) => ({ namespaceId: nsName(ns), mcpName: 'seed' }) },
  ReleaseMcpServerRequest: {
    need: 'write',
    body: (ns) => ({
      namespaceId: nsName(ns),
      serverSpecification: { name: unique('mcp'), protocol: 'stdio', versionDetail: { version: '1.0.0' } },
    }),
  },
  McpServerEndpointRequest: {
    need: 'write',
    body: (ns) => ({
      namespaceId: nsName(ns),
      mcpName: 'seed',
      type: 'registerEndpoint',
      address: '10.7.0.9',
      port: 80,
    }),
  },
  // its A2A requests (nacos-client 3.1's A2aService): checked on `namespaceId` too
  QueryAgentCardRequest: { need: 'read', body: (ns) => ({ namespaceId: nsName(ns), agentName: 'seed' }) },
  ReleaseAgentCardRequest: {
    need: 'write',
    body: (ns) => ({
      namespaceId: nsName(ns),
      agentCard: {
        name: unique('agent'),
        version: '1.0.0',
        protocolVersion: '0.3.0',
        preferredTransport: 'JSONRPC',
        url: 'http://a',
      },
      registrationType: 'SERVICE',
      setAsLatest: false,
    }),
  },
  AgentEndpointRequest: {
    need: 'write',
    body: (ns) => ({
      namespaceId: nsName(ns),
      agentName: 'seed',
      type: 'registerEndpoint',
      endpoint: { transport: 'JSONRPC', address: '10.7.0.10', port: 80, path: '', supportTls: false, version: '1.0.0' },
    }),
  },
  ServiceQueryRequest: { need: 'read', body: (ns) => ({ ...service(ns), cluster: '', healthyOnly: false }) },
  SubscribeServiceRequest: { need: 'read', body: (ns) => ({ ...service(ns), subscribe: true, clusters: '' }) },
  ServiceListRequest: {
    need: 'read',
    body: (ns) => ({ namespace: nsName(ns), groupName: 'DEFAULT_GROUP', pageNo: 1, pageSize: 10, selector: '' }),
  },
  // nacos-client 3.x: a pattern names its namespace as its first part
  ConfigFuzzyWatchRequest: {
    need: 'read',
    body: (ns) => ({ groupKeyPattern: `${nsName(ns)}>>G>>seed*`, watchType: 'WATCH', receivedGroupKeys: [] }),
  },
  NamingFuzzyWatchRequest: {
    need: 'read',
    body: (ns) => ({
      groupKeyPattern: `${nsName(ns)}>>DEFAULT_GROUP>>seed*`,
      watchType: 'WATCH',
      receivedGroupKeys: [],
    }),
  },
};

/** Request types the handler table leaves unguarded (connection upkeep, no data). */
export const GRPC_UNGUARDED = ['ServerCheckRequest', 'HealthCheckRequest'];
