import type { LightMyRequestResponse } from 'fastify';
import { nextSeq, unique } from './privilege-matrix-cells.js';
import { clusterCheck, type HttpSample } from './privilege-matrix-sdk-cells.js';
import type { TestApp } from './helpers.js';

// The privilege-matrix samples of the nacos 3 HTTP API (`/nacos/v3/**`), beside the v1 ones.

const seedInstance = { serviceName: 'seed', ip: '10.0.0.1', port: '80' };
const seedConfig = { dataId: 'seed', groupName: 'G' };
/** Past the access check: an answer in nacos's envelope with one of these statuses. */
const envelopeWith =
  (...statuses: number[]) =>
  (res: LightMyRequestResponse) =>
    statuses.includes(res.statusCode) && typeof res.json().code === 'number';

/** A stdio MCP server's specification (no endpoints to give). */
const stdioServer = (name: string) => JSON.stringify({ name, protocol: 'stdio', versionDetail: { version: '1.0.0' } });
/** An A2A agent card with what nacos requires. */
const agentCard = (name: string) =>
  JSON.stringify({ name, version: '1.0.0', protocolVersion: '0.3.0', preferredTransport: 'JSONRPC', url: 'http://a' });
/** The MCP Registry API's answer for an unknown server: past the access check. */
const registryNotFound = (res: LightMyRequestResponse) => res.statusCode === 404 && res.body.includes('"error"');

/** A user for a cell to act on (its name is the cell's `username`). */
const addUser = (app: TestApp, _ns: string, params: Record<string, string>) =>
  app.core.auth.users.add({ username: params.username, password: 'v3-password', roles: ['2'] });
const addDeveloperGuest = (app: TestApp, _ns: string, params: Record<string, string>) =>
  app.core.auth.users.add({ username: params.username, password: 'v3-password', roles: ['2', '1'] });

export const V3_SAMPLES: Record<string, HttpSample[]> = {
  'GET /nacos/v3/client/cs/config': [{ need: 'read', params: () => seedConfig }],
  'POST /nacos/v3/client/ns/instance': [
    {
      need: 'write',
      form: true,
      params: () => ({ serviceName: 'seed', ephemeral: 'false', ip: '10.9.0.1', port: `${2000 + nextSeq()}` }),
    },
  ],
  'DELETE /nacos/v3/client/ns/instance': [
    { need: 'write', params: () => ({ serviceName: 'seed', ephemeral: 'false', ip: '10.9.0.2', port: '80' }) },
  ],
  'GET /nacos/v3/client/ns/instance/list': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],

  'GET /nacos/v3/admin/cs/config': [{ need: 'read', params: () => seedConfig }],
  'POST /nacos/v3/admin/cs/config': [
    { need: 'write', form: true, params: () => ({ dataId: unique('v3'), groupName: 'G', content: 'x' }) },
  ],
  'DELETE /nacos/v3/admin/cs/config': [{ need: 'write', params: () => ({ dataId: 'nothing', groupName: 'G' }) }],
  'DELETE /nacos/v3/admin/cs/config/batch': [{ need: 'write', params: () => ({ ids: '987654321' }) }],
  'GET /nacos/v3/admin/cs/config/beta': [{ need: 'read', params: () => seedConfig, reached: envelopeWith(200, 404) }],
  'DELETE /nacos/v3/admin/cs/config/beta': [{ need: 'write', params: () => ({ dataId: 'nothing', groupName: 'G' }) }],
  'GET /nacos/v3/admin/cs/config/list': [{ need: 'read', params: () => ({ pageNo: '1', pageSize: '10' }) }],
  'GET /nacos/v3/admin/cs/config/listener': [{ need: 'read', params: () => seedConfig }],
  'GET /nacos/v3/admin/cs/listener': [{ need: 'read', params: () => ({ ip: '10.0.0.5' }) }],
  'GET /nacos/v3/admin/cs/history/list': [{ need: 'read', params: () => seedConfig }],
  'GET /nacos/v3/admin/cs/history': [
    { need: 'read', params: () => ({ ...seedConfig, nid: '987654321' }), reached: envelopeWith(404) },
  ],
  'GET /nacos/v3/admin/cs/history/previous': [
    { need: 'read', params: () => ({ ...seedConfig, id: '987654321' }), reached: envelopeWith(200, 404) },
  ],
  // namespaceId is required: the default namespace's cell (no field) hears so, past the check
  'GET /nacos/v3/admin/cs/history/configs': [{ need: 'read', params: () => ({}), reached: envelopeWith(200, 400) }],

  'POST /nacos/v3/admin/ns/service': [{ need: 'write', form: true, params: () => ({ serviceName: unique('v3svc') }) }],
  'PUT /nacos/v3/admin/ns/service': [
    { need: 'write', form: true, params: () => ({ serviceName: 'seed', protectThreshold: '0.2' }) },
  ],
  'DELETE /nacos/v3/admin/ns/service': [
    {
      need: 'write',
      params: () => ({ serviceName: unique('v3svcrm') }),
      prepare: (app, namespaceId, params) =>
        app.core.naming.createService({ namespaceId, groupName: 'DEFAULT_GROUP', serviceName: params.serviceName }, {}),
    },
  ],
  'GET /nacos/v3/admin/ns/service': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'GET /nacos/v3/admin/ns/service/list': [{ need: 'read', params: () => ({ pageNo: '1', pageSize: '10' }) }],
  'GET /nacos/v3/admin/ns/service/selector/types': [{ need: 'read', params: () => ({}) }],
  'GET /nacos/v3/admin/ns/service/subscribers': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],

  'POST /nacos/v3/admin/ns/instance': [
    {
      need: 'write',
      form: true,
      params: () => ({ serviceName: 'seed', ephemeral: 'false', ip: '10.9.1.1', port: `${2000 + nextSeq()}` }),
    },
  ],
  'DELETE /nacos/v3/admin/ns/instance': [
    { need: 'write', params: () => ({ serviceName: 'seed', ephemeral: 'false', ip: '10.9.1.2', port: '80' }) },
  ],
  'PUT /nacos/v3/admin/ns/instance': [
    { need: 'write', form: true, params: () => ({ ...seedInstance, ephemeral: 'false', weight: '2' }) },
  ],
  'PUT /nacos/v3/admin/ns/instance/partial': [
    { need: 'write', form: true, params: () => ({ ...seedInstance, weight: '3' }) },
  ],
  'GET /nacos/v3/admin/ns/instance': [{ need: 'read', params: () => seedInstance }],
  'GET /nacos/v3/admin/ns/instance/list': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],

  'GET /nacos/v3/admin/cs/config/export': [{ need: 'read', params: () => ({}) }],
  // the cell sends no clone list: past the check, the missing body is refused
  'POST /nacos/v3/admin/cs/config/clone': [{ need: 'write', params: () => ({}), reached: envelopeWith(400) }],
  // the cell uploads no file: past the check, the empty upload is refused
  'POST /nacos/v3/admin/cs/config/import': [{ need: 'write', params: () => ({}), reached: envelopeWith(400) }],
  'PUT /nacos/v3/admin/ns/instance/metadata/batch': [
    { need: 'write', form: true, params: () => ({ serviceName: 'seed', metadata: '{"m":"1"}' }) },
  ],
  'DELETE /nacos/v3/admin/ns/instance/metadata/batch': [
    { need: 'write', params: () => ({ serviceName: 'seed', metadata: '{"m":""}' }) },
  ],
  'PUT /nacos/v3/admin/ns/health/instance': [
    { need: 'write', form: true, params: () => ({ ...seedInstance, healthy: 'true' }) },
  ],
  'GET /nacos/v3/admin/ns/ops/metrics': [{ need: 'admin', params: () => ({}) }],
  'GET /nacos/v3/admin/ns/ops/switches': [{ need: 'admin', params: () => ({}) }],
  // nothing can be switched at run time: past the check, 501
  'PUT /nacos/v3/admin/ns/ops/switches': [
    { need: 'admin', form: true, params: () => ({ entry: 'pushEnabled', value: 'true' }), reached: envelopeWith(501) },
  ],
  'GET /nacos/v3/admin/ns/health/checkers': [{ need: 'admin', params: () => ({}) }],
  // operations on parts this server does not have: past the check, 501 saying why
  'PUT /nacos/v3/admin/ns/ops/log': [
    { need: 'admin', form: true, params: () => ({ logName: 'naming', logLevel: 'DEBUG' }), reached: envelopeWith(501) },
  ],
  'PUT /nacos/v3/admin/core/ops/log': [
    { need: 'admin', form: true, params: () => ({ logName: 'core', logLevel: 'DEBUG' }), reached: envelopeWith(501) },
  ],
  'GET /nacos/v3/admin/core/ops/ids': [{ need: 'admin', params: () => ({}), reached: envelopeWith(501) }],
  'POST /nacos/v3/admin/core/ops/raft': [
    { need: 'admin', form: true, params: () => ({ command: 'doSnapshot' }), reached: envelopeWith(501) },
  ],
  'PUT /nacos/v3/admin/core/cluster/node/list': [
    { need: 'admin', form: true, params: () => ({}), reached: envelopeWith(501) },
  ],
  'PUT /nacos/v3/admin/core/cluster/lookup': [
    { need: 'admin', form: true, params: () => ({ type: 'file' }), reached: envelopeWith(501) },
  ],
  'PUT /nacos/v3/admin/ns/cluster': [
    { need: 'write', form: true, params: () => ({ serviceName: 'seed', clusterName: 'DEFAULT', ...clusterCheck }) },
  ],
  'GET /nacos/v3/admin/ns/client/list': [{ need: 'read', params: () => ({}) }],
  // no such client: answered past the access check
  'GET /nacos/v3/admin/ns/client': [
    { need: 'read', params: () => ({ clientId: 'nobody' }), reached: envelopeWith(404) },
  ],
  'GET /nacos/v3/admin/ns/client/publish/list': [
    { need: 'read', params: () => ({ clientId: 'nobody' }), reached: envelopeWith(404) },
  ],
  'GET /nacos/v3/admin/ns/client/subscribe/list': [
    { need: 'read', params: () => ({ clientId: 'nobody' }), reached: envelopeWith(404) },
  ],
  'GET /nacos/v3/admin/ns/client/service/publisher/list': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'GET /nacos/v3/admin/ns/client/service/subscriber/list': [{ need: 'read', params: () => ({ serviceName: 'seed' }) }],
  'GET /nacos/v3/admin/core/loader/current': [{ need: 'admin', params: () => ({}) }],
  'GET /nacos/v3/admin/core/loader/cluster': [{ need: 'admin', params: () => ({}) }],
  'POST /nacos/v3/admin/core/loader/reloadCurrent': [
    { need: 'admin', form: true, params: () => ({ count: '100000' }) },
  ],
  'POST /nacos/v3/admin/core/loader/reloadClient': [
    { need: 'admin', form: true, params: () => ({ connectionId: 'nope' }), reached: envelopeWith(404) },
  ],

  'POST /nacos/v3/auth/user': [
    { need: 'admin', form: true, params: () => ({ username: unique('v3user'), password: 'v3-password' }) },
  ],
  'PUT /nacos/v3/auth/user': [
    {
      need: 'admin',
      form: true,
      params: () => ({ username: unique('v3pw'), newPassword: 'v3-password2' }),
      prepare: addUser,
    },
  ],
  'DELETE /nacos/v3/auth/user': [{ need: 'admin', params: () => ({ username: unique('v3rm') }), prepare: addUser }],
  'GET /nacos/v3/auth/user/list': [{ need: 'admin', params: () => ({ pageNo: '1', pageSize: '10' }) }],
  'GET /nacos/v3/auth/user/search': [{ need: 'admin', params: () => ({ username: 'dev' }) }],
  'POST /nacos/v3/auth/role': [
    {
      need: 'admin',
      form: true,
      params: () => ({ role: 'ROLE_DEVELOPER', username: unique('v3role') }),
      prepare: addUser,
    },
  ],
  'DELETE /nacos/v3/auth/role': [
    { need: 'admin', params: () => ({ role: 'ROLE_GUEST', username: unique('v3unrole') }), prepare: addDeveloperGuest },
  ],
  'GET /nacos/v3/auth/role/list': [{ need: 'admin', params: () => ({ pageNo: '1', pageSize: '10' }) }],
  'GET /nacos/v3/auth/role/search': [{ need: 'admin', params: () => ({ role: 'ROLE' }) }],

  'GET /nacos/v3/admin/core/namespace/list': [{ need: 'admin', params: () => ({}) }],
  // the default namespace's cell names none: 400, past the check
  'GET /nacos/v3/admin/core/namespace': [{ need: 'admin', params: () => ({}), reached: envelopeWith(200, 400, 404) }],
  'GET /nacos/v3/admin/core/namespace/check': [{ need: 'admin', params: () => ({}), reached: envelopeWith(200, 400) }],
  'POST /nacos/v3/admin/core/namespace': [
    // "already exists" for the namespace given; a generated id for none
    { need: 'admin', form: true, params: () => ({ namespaceName: 'again' }), reached: envelopeWith(200, 400, 409) },
  ],
  'PUT /nacos/v3/admin/core/namespace': [
    { need: 'admin', form: true, params: () => ({ namespaceName: 'Dev' }), only: ['dev'] },
  ],
  // it holds the seed data: past the check, the delete is refused for that
  'DELETE /nacos/v3/admin/core/namespace': [
    { need: 'admin', params: () => ({}), only: ['dev'], reached: envelopeWith(400) },
  ],
  'GET /nacos/v3/admin/core/cluster/node/list': [{ need: 'admin', params: () => ({}) }],
  'GET /nacos/v3/admin/core/cluster/node/self': [{ need: 'admin', params: () => ({}) }],

  // the AI registry's MCP servers: read and write on the namespace named, as the other admin routes
  'GET /nacos/v3/admin/ai/mcp/list': [{ need: 'read', params: () => ({ search: 'blur', mcpName: 'seed' }) }],
  'GET /nacos/v3/admin/ai/mcp': [{ need: 'read', params: () => ({ mcpName: 'nothing' }), reached: envelopeWith(404) }],
  'POST /nacos/v3/admin/ai/mcp': [
    { need: 'write', form: true, params: () => ({ serverSpecification: stdioServer(unique('mcp')) }) },
  ],
  'PUT /nacos/v3/admin/ai/mcp': [
    {
      need: 'write',
      form: true,
      params: () => ({ serverSpecification: stdioServer('nothing') }),
      reached: envelopeWith(404),
    },
  ],
  'DELETE /nacos/v3/admin/ai/mcp': [
    { need: 'write', params: () => ({ mcpName: 'nothing' }), reached: envelopeWith(404) },
  ],
  // the AI registry's agents (A2A): read and write on the namespace named, as the MCP servers
  'GET /nacos/v3/admin/ai/a2a/list': [{ need: 'read', params: () => ({ search: 'blur', agentName: 'seed' }) }],
  'GET /nacos/v3/admin/ai/a2a/version/list': [{ need: 'read', params: () => ({ agentName: 'seed' }) }],
  'GET /nacos/v3/admin/ai/a2a': [{ need: 'read', params: () => ({ agentName: 'seed' }) }],
  'POST /nacos/v3/admin/ai/a2a': [
    { need: 'write', form: true, params: () => ({ agentCard: agentCard(unique('agent')) }) },
  ],
  'PUT /nacos/v3/admin/ai/a2a': [
    { need: 'write', form: true, params: () => ({ agentCard: agentCard('nothing') }), reached: envelopeWith(404) },
  ],
  'DELETE /nacos/v3/admin/ai/a2a': [{ need: 'write', params: () => ({ agentName: 'nothing' }) }],
  // the MCP Registry API: read on the namespace named; a server by id is looked up among those readable
  'GET /v0/servers': [{ need: 'read', params: () => ({ limit: '10' }) }],
  'GET /v0.1/servers': [{ need: 'read', params: () => ({ limit: '10' }) }],
  'GET /v0/servers/:serverName/versions': [{ need: 'read', params: () => ({}), reached: registryNotFound }],
  'GET /v0.1/servers/:serverName/versions': [{ need: 'read', params: () => ({}), reached: registryNotFound }],
  'GET /v0/servers/:serverName/versions/:version': [{ need: 'read', params: () => ({}), reached: registryNotFound }],
  'GET /v0.1/servers/:serverName/versions/:version': [{ need: 'read', params: () => ({}), reached: registryNotFound }],
  'GET /v0/servers/:id': [{ need: 'read', params: () => ({}), reached: registryNotFound }],
  'GET /v0/servers/:id/tools': [{ need: 'read', params: () => ({}), reached: registryNotFound }],
};
