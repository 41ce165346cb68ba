import type { McpServerParam, McpServerQueryParam, ToolSpecParam, ToolSpecQueryParam } from '@tsnacos/protocol';
import type { FastifyRequest } from 'fastify';
import { modulesOf } from '../../../core/auth/permissions.js';
import type { ServerInput } from '../../../core/mcp/mcp-service.js';
import { principalOf } from '../console-auth.js';
import { inputOf, text, type Input } from '../console-input.js';
import type { NamespaceField } from '../console-namespaces.js';
import { namespaceOf, serverInputOf } from './mcp-input.js';

/**
 * The namespaces the MCP console requests name (see console-namespaces.ts). A server edit names its own
 * namespace, the namespaces of the tool specs its tools take (`tools[].namespace`, "" = the server's) and of
 * the services they route to (`tools[].routeRule.serviceNamespace`, "" = the tool's): each is checked, so a
 * user can neither serve another namespace's specs nor reach its services through a server of their own.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `namespaceId` of a list or download filter ("" = public). */
export const LISTED: NamespaceField = {
  name: 'namespaceId',
  read: (req) => [namespaceOf(text(inputOf<McpServerQueryParam | ToolSpecQueryParam>(req), 'namespaceId'))],
};

/** `namespace` of a tool spec key in the query or body (info, remove). */
export const SPEC_KEY: NamespaceField = {
  name: 'namespace',
  read: (req) => [namespaceOf(text(inputOf<ToolSpecParam>(req), 'namespace'))],
};

/** `namespace` of a saved tool spec: the body alone, as the handler reads it (one that is no object is refused). */
export const SAVED_SPEC: NamespaceField = {
  name: 'namespace',
  read: (req) => (isObject(req.body) ? [namespaceOf(text(req.body as Input<ToolSpecParam>, 'namespace'))] : []),
};

/** Each item's `namespace` of a batch (items that are no object are refused by the handler). */
export const SAVED_SPECS: NamespaceField = {
  name: '[].namespace',
  read: (req) =>
    Array.isArray(req.body)
      ? req.body.filter(isObject).map((item) => namespaceOf(text(item as Input<ToolSpecParam>, 'namespace')))
      : [],
};

/** An upload's namespace (a multipart field, else the `namespace` header): read by the handler. */
export const UPLOAD_NAMESPACE: NamespaceField = { name: 'namespace' };

/** A stored server named by `id`: one in a namespace the caller may not see is answered as missing. */
export const SERVER_ID: NamespaceField = { name: 'id' };

const parsed = new WeakMap<FastifyRequest, ServerInput>();

/** The server edit of an add or update, parsed once: the check and the handler read the same values. */
export function serverEditOf(req: FastifyRequest, adding: boolean): ServerInput {
  let input = parsed.get(req);
  if (!input) {
    input = serverInputOf(inputOf<McpServerParam>(req), adding);
    parsed.set(req, input);
  }
  return input;
}

/** The three fields of a server edit. */
export function serverEditFields(adding: boolean): NamespaceField[] {
  const tools = (req: FastifyRequest) => serverEditOf(req, adding).tools ?? [];
  return [
    { name: 'namespace', read: (req) => [serverEditOf(req, adding).namespace] },
    { name: 'tools[].namespace', read: (req) => tools(req).map((t) => t.specKey.namespace || undefined) },
    {
      name: 'tools[].routeRule.serviceNamespace',
      read: (req) => tools(req).map((t) => t.routeRule.serviceNamespace || undefined),
    },
  ];
}

/** Whether the caller may see auth keys and route headers: those who may change MCP servers. */
export const seesSecrets = (req: FastifyRequest) => modulesOf(principalOf(req).roles).has('MCP_SERVER_MANAGE');
