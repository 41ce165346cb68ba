import {
  MASKED_VALUE,
  type McpServerDto,
  type McpServerValue,
  type McpTool,
  type ToolFunctionValue,
  type ToolRouteRule,
  type ToolSpecDto,
} from '@tsnacos/protocol';
import type {
  McpServer,
  RouteRule,
  ServerTool,
  ServerVersion,
  ToolFunction,
  ToolSpec,
} from '../../../core/mcp/mcp-model.js';

/**
 * Core MCP data as the console's wire types (r-nacos's shapes). Auth keys and route headers (which may
 * carry credentials of the routed service) are secrets: only users who may change MCP servers see them
 * (`secrets`); to the others the keys are withheld and each header value reads MASKED_VALUE.
 */

export const functionDto = (f: ToolFunction): ToolFunctionValue => ({
  name: f.name,
  description: f.description,
  inputSchema: f.inputSchema,
});

export function toolSpecDto(spec: ToolSpec): ToolSpecDto {
  const current = spec.versions.find((v) => v.version === spec.currentVersion) ?? spec.versions.at(-1);
  const fn = current?.function ?? { name: spec.key.toolName, description: '', inputSchema: { type: 'object' } };
  return {
    namespace: spec.key.namespace,
    group: spec.key.group,
    toolName: spec.key.toolName,
    version: spec.currentVersion,
    name: fn.name,
    description: fn.description,
    createTime: spec.createTime,
    lastModifiedMillis: current?.updateTime ?? spec.createTime,
    function: functionDto(fn),
  };
}

function headersDto(headers: Record<string, string>, secrets: boolean): Record<string, string> {
  if (secrets) return { ...headers };
  return Object.fromEntries(Object.keys(headers).map((name) => [name, MASKED_VALUE]));
}

export const routeRuleDto = (r: RouteRule, secrets: boolean): ToolRouteRule => ({
  ...r,
  additionHeaders: headersDto(r.additionHeaders, secrets),
});

const toolDto = (t: ServerTool, secrets: boolean): McpTool => ({
  toolName: t.toolName,
  toolKey: { ...t.toolKey },
  toolVersion: t.toolVersion,
  spec: functionDto(t.spec),
  routeRule: routeRuleDto(t.routeRule, secrets),
});

export const serverValueDto = (v: ServerVersion, secrets: boolean): McpServerValue => ({
  id: v.id,
  version: v.version,
  description: v.description,
  tools: v.tools.map((t) => toolDto(t, secrets)),
  opUser: v.opUser,
  updateTime: v.updateTime,
});

export function mcpServerDto(s: McpServer, secrets: boolean): McpServerDto {
  const value = (v: ServerVersion) => serverValueDto(v, secrets);
  const dto: McpServerDto = {
    id: s.id,
    uniqueKey: s.uniqueKey,
    namespace: s.namespace,
    name: s.name,
    description: s.description,
    authKeys: secrets ? [...s.authKeys] : [],
    createTime: s.createTime,
    lastModifiedMillis: s.current.updateTime,
    currentValue: value(s.current),
    releaseValue: s.release ? value(s.release) : null,
    histories: s.histories.map(value),
  };
  if (!secrets) dto.authKeysHidden = true;
  return dto;
}
