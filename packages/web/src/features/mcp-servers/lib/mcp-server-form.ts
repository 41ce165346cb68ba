import type { McpConvertType, McpServerDto, McpServerParam, McpTool, ToolRouteRule } from '@tsnacos/protocol';

export interface HeaderRow {
  name: string;
  value: string;
}

/** One tool of the server form: which spec it serves and where a call goes. */
export interface ToolFormValues {
  /** `group@@toolName` of a spec in the server's namespace. */
  spec?: string;
  /** `group@@serviceName` of a registry service in the server's namespace. */
  service?: string;
  method: string;
  url: string;
  convertType: McpConvertType;
  headers: HeaderRow[];
}

export interface McpServerFormValues {
  name: string;
  uniqueKey: string;
  description: string;
  authKeys: string[];
  tools: ToolFormValues[];
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export const CONVERT_TYPES: readonly McpConvertType[] = ['NONE', 'JSON_TO_FORM', 'JSON_TO_URL'];
export const UNIQUE_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

const SEP = '@@';
export const joinKey = (group: string, name: string) => `${group}${SEP}${name}`;
export function splitKey(key: string | undefined): { group: string; name: string } {
  const at = (key ?? '').indexOf(SEP);
  return at < 0 ? { group: '', name: key ?? '' } : { group: key!.slice(0, at), name: key!.slice(at + SEP.length) };
}

export const emptyTool = (): ToolFormValues => ({
  method: 'GET',
  url: '/',
  convertType: 'JSON_TO_URL',
  headers: [],
});

/** A new random auth key: 32 hex digits. */
export function newAuthKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function toolValuesOf(tool: McpTool): ToolFormValues {
  const r = tool.routeRule;
  return {
    spec: joinKey(tool.toolKey.group, tool.toolKey.toolName),
    service: joinKey(r.serviceGroup, r.serviceName),
    method: r.method || 'GET',
    url: r.url,
    // CUSTOM sends the arguments as NONE does
    convertType: r.convertType === 'CUSTOM' ? 'NONE' : r.convertType,
    headers: Object.entries(r.additionHeaders ?? {}).map(([name, value]) => ({ name, value })),
  };
}

/** The form for a new server, or for an existing one from its draft (what the next publish serves). */
export function formValuesOf(server: McpServerDto | null): McpServerFormValues {
  if (!server) return { name: '', uniqueKey: '', description: '', authKeys: [newAuthKey()], tools: [] };
  const draft = server.currentValue ?? server.releaseValue;
  return {
    name: server.name,
    uniqueKey: server.uniqueKey,
    description: server.description,
    authKeys: [...server.authKeys],
    tools: (draft?.tools ?? []).map(toolValuesOf),
  };
}

function routeRuleOf(tool: ToolFormValues): ToolRouteRule {
  const service = splitKey(tool.service);
  const headers = Object.fromEntries(
    tool.headers.filter((h) => h?.name?.trim()).map((h) => [h.name.trim(), h.value ?? '']),
  );
  return {
    protocol: 'http',
    url: tool.url.trim(),
    method: tool.method,
    additionHeaders: headers,
    convertType: tool.convertType,
    serviceNamespace: '',
    serviceGroup: service.group,
    serviceName: service.name,
  };
}

/**
 * The add (no id) or update body. Each tool names its spec in the server's namespace at the spec's current
 * version, and routes to a service of the same namespace.
 */
export function toServerParam(values: McpServerFormValues, namespace: string, id?: number): McpServerParam {
  return {
    ...(id === undefined ? {} : { id }),
    ...(id === undefined && values.uniqueKey.trim() ? { uniqueKey: values.uniqueKey.trim() } : {}),
    namespace,
    name: values.name.trim(),
    description: values.description ?? '',
    authKeys: values.authKeys.map((k) => k.trim()).filter(Boolean),
    tools: values.tools.map((tool) => {
      const spec = splitKey(tool.spec);
      return { toolName: spec.name, namespace: '', group: spec.group, routeRule: routeRuleOf(tool) };
    }),
  };
}

/**
 * i18n key of a URL template's error: a path (`/orders/{{id}}`) or a URL whose host is `{IP_PORT}`. Other URLs
 * are absolute, which the server takes from admins only (through the API).
 */
export function urlTemplateError(url: string | undefined): string | null {
  const text = (url ?? '').trim();
  if (text.startsWith('/')) return null;
  if (/^https?:\/\/\{IP_PORT\}(?:[/?#]|$)/i.test(text)) return null;
  return 'mcpserver.url_invalid';
}

/** The spec keys chosen more than once: a server serves each tool name once. */
export function duplicateTools(tools: ToolFormValues[]): string[] {
  const names = tools.map((t) => splitKey(t.spec).name).filter(Boolean);
  return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
}
