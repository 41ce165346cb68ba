import type {
  McpServerDto,
  McpServerValue,
  McpTool,
  ToolFunctionValue,
  ToolRouteRule,
  ToolSpecDto,
} from '@tsnacos/protocol';
import type {
  McpServer,
  RouteRule,
  ServerTool,
  ServerVersion,
  ToolFunction,
  ToolSpec,
} from '../../../core/mcp/mcp-model.js';

/** Core MCP data as the console's wire types (r-nacos's shapes). */

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

export const routeRuleDto = (r: RouteRule): ToolRouteRule => ({ ...r, additionHeaders: { ...r.additionHeaders } });

const toolDto = (t: ServerTool): McpTool => ({
  toolName: t.toolName,
  toolKey: { ...t.toolKey },
  toolVersion: t.toolVersion,
  spec: functionDto(t.spec),
  routeRule: routeRuleDto(t.routeRule),
});

export const serverValueDto = (v: ServerVersion): McpServerValue => ({
  id: v.id,
  description: v.description,
  tools: v.tools.map(toolDto),
  opUser: v.opUser,
  updateTime: v.updateTime,
});

export function mcpServerDto(s: McpServer): McpServerDto {
  return {
    id: s.id,
    uniqueKey: s.uniqueKey,
    namespace: s.namespace,
    name: s.name,
    description: s.description,
    authKeys: [...s.authKeys],
    createTime: s.createTime,
    lastModifiedMillis: s.current.updateTime,
    currentValue: serverValueDto(s.current),
    releaseValue: s.release ? serverValueDto(s.release) : null,
    histories: s.histories.map(serverValueDto),
  };
}
