import { d, type DescriptionTable } from './route-description.js';

const MCP = '/nacos/v3/admin/ai/mcp';
const A2A = '/nacos/v3/admin/ai/a2a';
const SERVER = 'serverSpecification! toolSpecification endpointSpecification mcpName namespaceId';

export const AI_DESCRIPTIONS: DescriptionTable = {
  [`GET ${MCP}/list`]: d('Registered MCP servers, their latest versions', 'mcpName search pageNo pageSize namespaceId'),
  [`GET ${MCP}`]: d('One MCP server version, with its endpoints and tools', 'mcpId mcpName version namespaceId'),
  [`POST ${MCP}`]: d('Register an MCP server', SERVER),
  [`PUT ${MCP}`]: d('Add or replace a version of an MCP server', `${SERVER} latest`),
  [`DELETE ${MCP}`]: d('Remove an MCP server, or one version', 'mcpId mcpName version namespaceId'),
  [`GET ${A2A}/list`]: d('Registered A2A agents', 'agentName search pageNo pageSize namespaceId'),
  [`GET ${A2A}/version/list`]: d("An agent's versions", 'agentName! namespaceId'),
  [`GET ${A2A}`]: d('One agent card', 'agentName! version registrationType namespaceId'),
  [`POST ${A2A}`]: d('Register an A2A agent', 'agentCard! registrationType namespaceId'),
  [`PUT ${A2A}`]: d(
    "Add or replace a version of an agent's card",
    'agentCard! registrationType setAsLatest namespaceId',
  ),
  [`DELETE ${A2A}`]: d('Remove an agent, or one version', 'agentName! version namespaceId'),
  'GET /v0/servers': d('MCP Registry API: servers (latest versions)', 'search cursor limit version'),
  'GET /v0/servers/:id': d('MCP Registry API: one server by id', 'version'),
  'GET /v0/servers/:id/tools': d("MCP Registry API: a server's tools", 'version'),
  'GET /v0/servers/:serverName/versions': d("MCP Registry API: a server's versions"),
  'GET /v0/servers/:serverName/versions/:version': d('MCP Registry API: one version (`latest` names the latest)'),
  'GET /v0.1/servers': d('MCP Registry API 0.1: servers (latest versions)', 'search cursor limit version'),
  'GET /v0.1/servers/:serverName/versions': d("MCP Registry API 0.1: a server's versions"),
  'GET /v0.1/servers/:serverName/versions/:version': d('MCP Registry API 0.1: one version (`latest`: the latest)'),
};
