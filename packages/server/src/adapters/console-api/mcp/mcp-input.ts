import type {
  McpServerParam,
  McpSimpleToolParam,
  ToolFunctionValue,
  ToolRouteRule,
  ToolSpecParam,
} from '@tsnacos/protocol';
import {
  CONVERT_TYPES,
  DEFAULT_NAMESPACE,
  type ConvertType,
  type RouteRule,
  type ToolFunction,
  type ToolSpecKey,
} from '../../../core/mcp/mcp-model.js';
import type { ServerInput, ServerToolInput } from '../../../core/mcp/mcp-service.js';
import { invalid } from '../../../shared/errors.js';
import { optionalText, requiredText, stringList, text, type Input } from '../console-input.js';

/** Validation of the MCP console requests: every bad field is refused with a message naming it. */

/** Tool names as MCP clients accept them. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
/** Server and auth keys are path segments of the MCP endpoint. */
const PATH_KEY = /^[A-Za-z0-9_.~-]{1,128}$/;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const MAX_TEXT = 256;
const MAX_DESCRIPTION = 4096;

export const namespaceOf = (value: string | undefined): string => value?.trim() || DEFAULT_NAMESPACE;

function bounded(value: string, name: string, max = MAX_TEXT): string {
  if (value.length > max) throw invalid(`${name} may have at most ${max} characters`);
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) throw invalid(`${name} must not hold control characters`);
  return value;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function specKeyOf(input: Input<ToolSpecParam>): ToolSpecKey {
  const toolName = requiredText(input, 'toolName');
  if (!TOOL_NAME.test(toolName))
    throw invalid(`toolName must be 1 to 128 letters, digits, '_', '-' or '.', got ${toolName}`);
  return {
    namespace: bounded(namespaceOf(text(input, 'namespace')), 'namespace'),
    group: bounded(requiredText(input, 'group'), 'group'),
    toolName,
  };
}

/** The tool definition: `inputSchema` must be a JSON Schema object of type "object" (MCP requires it). */
export function toolFunctionOf(input: Input<ToolSpecParam>, toolName: string): ToolFunction {
  const fn = input.function;
  if (!isObject(fn)) throw invalid('function is required: {name, description, inputSchema}');
  const f = fn as Input<ToolFunctionValue>;
  const schema = f.inputSchema ?? { type: 'object', properties: {} };
  if (!isObject(schema)) throw invalid('function.inputSchema must be a JSON Schema object');
  if (schema.type !== undefined && schema.type !== 'object')
    throw invalid('function.inputSchema.type must be "object"');
  if (schema.properties !== undefined && !isObject(schema.properties)) {
    throw invalid('function.inputSchema.properties must be an object');
  }
  if (
    schema.required !== undefined &&
    !(Array.isArray(schema.required) && schema.required.every((r) => typeof r === 'string'))
  ) {
    throw invalid('function.inputSchema.required must be a list of property names');
  }
  if (JSON.stringify(schema).length > 256 * 1024) throw invalid('function.inputSchema is larger than 256 KB');
  const name = optionalText(f, 'name') ?? toolName;
  if (!TOOL_NAME.test(name)) throw invalid(`function.name must be 1 to 128 letters, digits, '_', '-' or '.'`);
  return {
    name,
    description: bounded(text(f, 'description') ?? '', 'function.description', MAX_DESCRIPTION),
    inputSchema: { ...schema, type: 'object' },
  };
}

function routeRuleOf(value: unknown, where: string): RouteRule {
  if (!isObject(value)) throw invalid(`${where}.routeRule is required`);
  const r = value as Input<ToolRouteRule>;
  const url = requiredText(r, 'url');
  const route = (name: string) => `${where}.routeRule.${name}`;
  if (!url.startsWith('/') && !/^https?:\/\//i.test(url)) {
    throw invalid(`${route('url')} must be a path (/orders/{{id}}) or an http(s) URL, got ${url}`);
  }
  const method = (optionalText(r, 'method') ?? 'GET').toUpperCase();
  if (!METHODS.includes(method)) throw invalid(`${route('method')} must be one of ${METHODS.join(', ')}`);
  const convertType = (optionalText(r, 'convertType') ?? 'NONE').toUpperCase();
  if (!(CONVERT_TYPES as readonly string[]).includes(convertType)) {
    throw invalid(`${route('convertType')} must be one of ${CONVERT_TYPES.join(', ')}`);
  }
  const protocol = (optionalText(r, 'protocol') ?? 'http').toLowerCase();
  if (protocol !== 'http' && protocol !== 'https') throw invalid(`${route('protocol')} must be http`);
  const headers = r.additionHeaders ?? {};
  if (!isObject(headers) || !Object.values(headers).every((v) => typeof v === 'string')) {
    throw invalid(`${route('additionHeaders')} must map header names to text`);
  }
  for (const name of Object.keys(headers)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw invalid(`${route('additionHeaders')}: ${name} is no header name`);
  }
  const serviceName = optionalText(r, 'serviceName') ?? '';
  const needsService = url.startsWith('/') || url.includes('{IP_PORT}');
  if (needsService && !serviceName) throw invalid(`${route('serviceName')} is required for a path or an {IP_PORT} URL`);
  return {
    protocol,
    url: bounded(url, route('url'), 2048),
    method,
    additionHeaders: headers as Record<string, string>,
    convertType: convertType as ConvertType,
    serviceNamespace: optionalText(r, 'serviceNamespace') ?? '',
    serviceGroup: optionalText(r, 'serviceGroup') ?? 'DEFAULT_GROUP',
    serviceName: bounded(serviceName, route('serviceName')),
  };
}

function toolOf(value: unknown, index: number): ServerToolInput {
  const where = `tools[${index}]`;
  if (!isObject(value)) throw invalid(`${where} must be an object`);
  const t = value as Input<McpSimpleToolParam>;
  const version = text(t, 'toolVersion');
  const toolVersion = version === undefined || version === '' ? undefined : Number(version);
  if (toolVersion !== undefined && !(Number.isInteger(toolVersion) && toolVersion > 0)) {
    throw invalid(`${where}.toolVersion must be a version id`);
  }
  const specKey = specKeyOf({ namespace: t.namespace, group: t.group, toolName: t.toolName });
  return {
    specKey: { ...specKey, namespace: text(t, 'namespace')?.trim() ?? '' },
    toolVersion,
    routeRule: routeRuleOf(t.routeRule, where),
  };
}

/** A server edit; `adding` requires what a new server needs. */
export function serverInputOf(input: Input<McpServerParam>, adding: boolean): ServerInput {
  const name = optionalText(input, 'name');
  if (adding && !name) throw invalid('name is required');
  const authKeys = stringList(input, 'authKeys');
  if ((adding || authKeys !== undefined) && (!authKeys || authKeys.length === 0)) {
    throw invalid('authKeys must hold at least one key');
  }
  for (const key of authKeys ?? []) {
    if (!PATH_KEY.test(key)) throw invalid(`each auth key must be 1 to 128 letters, digits, '_', '-', '.' or '~'`);
  }
  const uniqueKey = optionalText(input, 'uniqueKey');
  if (uniqueKey !== undefined && !PATH_KEY.test(uniqueKey)) {
    throw invalid(`uniqueKey must be 1 to 128 letters, digits, '_', '-', '.' or '~'`);
  }
  const tools = input.tools;
  if (tools !== undefined && tools !== null && !Array.isArray(tools)) throw invalid('tools must be a list');
  if (Array.isArray(tools) && tools.length > 1000) throw invalid('a server may have at most 1000 tools');
  const namespace = text(input, 'namespace');
  const description = text(input, 'description');
  return {
    uniqueKey,
    namespace: adding || namespace !== undefined ? bounded(namespaceOf(namespace), 'namespace') : undefined,
    name: name === undefined ? undefined : bounded(name, 'name'),
    description: description === undefined ? undefined : bounded(description, 'description', MAX_DESCRIPTION),
    authKeys,
    tools: Array.isArray(tools) ? tools.map(toolOf) : undefined,
  };
}

/** An id field: a positive whole number. */
export function idOf<T>(input: Input<T>, name: keyof T & string): number {
  const raw = requiredText(input, name);
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw invalid(`${name} must be a positive whole number, got ${raw}`);
  return id;
}
