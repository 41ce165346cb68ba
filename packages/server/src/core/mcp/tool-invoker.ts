import type { Instance } from '../naming/naming-model.js';
import type { NamingService } from '../naming/naming-service.js';
import type { OutboundClient, OutboundResponse } from '../outbound/outbound-client.js';
import { OutboundRefusedError } from '../outbound/outbound-policy.js';
import type { RouteRule, ServerTool } from './mcp-model.js';

/** What a tool call answers: an MCP tool result (`isError` with a readable text on failure). */
export interface ToolCallOutcome {
  isError: boolean;
  text: string;
  /** HTTP status of the routed service; null when no call was made. */
  status: number | null;
  /** `ip:port` called; null when none. */
  instance: string | null;
  elapsedMillis: number;
}

export interface ToolInvokerOptions {
  /** The calls go through the outbound policy. */
  client: OutboundClient;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Calls waiting on their answer at once; one more is a tool error at once. */
  maxInFlight: number;
  /** Picks among weights (tests make it deterministic); default Math.random. */
  random?: () => number;
}

type Args = Record<string, unknown>;

const BODYLESS = new Set(['GET', 'HEAD']);

/**
 * Makes a tool call: picks a healthy, enabled instance of the routed service (weighted at random, as the
 * nacos clients do), calls it over HTTP within the timeout and answers the body, or a tool error that says
 * what went wrong. Every call goes through the outbound policy, whoever saved the route. Never throws and
 * never waits longer than the timeout.
 */
export class ToolInvoker {
  private inFlight = 0;

  constructor(
    private readonly naming: NamingService,
    private readonly options: ToolInvokerOptions,
  ) {}

  async call(tool: ServerTool, args: Args): Promise<ToolCallOutcome> {
    const started = Date.now();
    const done = (isError: boolean, text: string, status: number | null = null, instance: string | null = null) => ({
      isError,
      text,
      status,
      instance,
      elapsedMillis: Date.now() - started,
    });
    const rule = tool.routeRule;
    let target: string | null;
    let url: string;
    try {
      const instance = needsInstance(rule.url) ? this.pick(tool) : null;
      target = instance ? hostPort(instance) : null;
      url = buildUrl(rule, target, args);
    } catch (err) {
      return done(true, (err as Error).message);
    }
    // each call may hold its answer (up to the response limit) for up to the timeout: their number is bounded
    if (this.inFlight >= this.options.maxInFlight) {
      return done(true, `${this.inFlight} tool calls are in flight, the most allowed (RNACOS_MCP_MAX_CALLS_IN_FLIGHT)`);
    }
    this.inFlight++;
    try {
      return await this.send(rule, url, target, args, done);
    } finally {
      this.inFlight--;
    }
  }

  private async send(
    rule: RouteRule,
    url: string,
    target: string | null,
    args: Args,
    done: (isError: boolean, text: string, status?: number | null, instance?: string | null) => ToolCallOutcome,
  ): Promise<ToolCallOutcome> {
    const method = rule.method.toUpperCase() || 'GET';
    const request = buildRequest(rule, method, url, args);
    let response: OutboundResponse;
    try {
      response = await this.options.client.fetch(request.url, {
        method,
        headers: { ...request.headers, ...rule.additionHeaders },
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      // refused before connecting: say so, and which setting would change it
      const refused = refusalOf(err);
      if (refused) return done(true, `no connection made: ${refused.message}`, null, target);
      const why = isTimeout(err)
        ? `no answer within ${this.options.timeoutMs / 1000} s (RNACOS_MCP_HTTP_TIMEOUT_SECOND)`
        : causeText(err);
      return done(true, `the call to ${target ?? request.url} failed: ${why}`, null, target);
    }
    let body: string;
    try {
      body = await readLimited(response, this.options.maxResponseBytes);
    } catch (err) {
      const why = isTimeout(err) ? `no whole answer within ${this.options.timeoutMs / 1000} s` : (err as Error).message;
      return done(true, `the answer of ${target ?? request.url} could not be read: ${why}`, response.status, target);
    }
    if (response.status < 200 || response.status >= 300) {
      return done(
        true,
        `HTTP ${response.status} from ${target ?? request.url}${body ? `: ${body}` : ''}`,
        response.status,
        target,
      );
    }
    return done(false, body, response.status, target);
  }

  /** A healthy, enabled instance with a weight above 0, chosen by weight. */
  private pick(tool: ServerTool): Instance {
    const rule = tool.routeRule;
    const key = {
      namespaceId: rule.serviceNamespace || tool.toolKey.namespace || 'public',
      groupName: rule.serviceGroup || 'DEFAULT_GROUP',
      serviceName: rule.serviceName,
    };
    const usable = this.naming.listInstances(key).filter((i) => i.healthy && i.enabled && i.weight > 0);
    const name = `${key.namespaceId}/${key.groupName}/${key.serviceName}`;
    if (usable.length === 0) throw new Error(`no healthy instance of service ${name}`);
    const total = usable.reduce((sum, i) => sum + i.weight, 0);
    let point = (this.options.random ?? Math.random)() * total;
    for (const instance of usable) {
      point -= instance.weight;
      if (point < 0) return instance;
    }
    return usable[usable.length - 1];
  }
}

const hostPort = (i: Instance) => (i.ip.includes(':') ? `[${i.ip}]:${i.port}` : `${i.ip}:${i.port}`);

/** A path goes to an instance; a URL names one with `{IP_PORT}`, or is called as it is (an admin saved it). */
const needsInstance = (url: string) => url.startsWith('/') || url.includes('{IP_PORT}');

/** `{{name}}` takes the argument `name`, URL-encoded; an argument the template names must be given. */
function buildUrl(rule: RouteRule, target: string | null, args: Args): string {
  let url = rule.url.startsWith('/') ? `http://${target}${rule.url}` : rule.url.replaceAll('{IP_PORT}', target ?? '');
  url = url.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    const value = args[name];
    if (value === undefined || value === null) throw new Error(`the argument ${name} the URL needs is missing`);
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });
  if (!/^https?:\/\//i.test(url)) throw new Error(`the route's URL ${url} is not an http(s) URL`);
  return url;
}

function buildRequest(
  rule: RouteRule,
  method: string,
  url: string,
  args: Args,
): { url: string; headers: Record<string, string>; body: string | undefined } {
  const asQuery = rule.convertType === 'JSON_TO_URL' || BODYLESS.has(method);
  if (asQuery) {
    const query = formOf(args).toString();
    return { url: query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url, headers: {}, body: undefined };
  }
  if (rule.convertType === 'JSON_TO_FORM') {
    return { url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formOf(args).toString() };
  }
  return { url, headers: { 'content-type': 'application/json;charset=UTF-8' }, body: JSON.stringify(args) };
}

/** Arguments as form fields: objects as JSON text, arrays as repeated fields. */
function formOf(args: Args): URLSearchParams {
  const form = new URLSearchParams();
  const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) form.append(name, text(v));
    else form.append(name, text(value));
  }
  return form;
}

/** The body as text, refused past `max` bytes (read no further); the call's timeout signal covers it too. */
async function readLimited(response: OutboundResponse, max: number): Promise<string> {
  if (!response.body) return '';
  // undici types its body stream's chunks loosely; they are bytes
  const reader = response.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`the answer is larger than ${max} bytes (RNACOS_MCP_MAX_RESPONSE_BYTES)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const isTimeout = (err: unknown) =>
  err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError');

/** The policy's refusal, which the HTTP client hands on as the cause of its failure. */
function refusalOf(err: unknown): OutboundRefusedError | undefined {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof OutboundRefusedError) return e;
  return undefined;
}

function causeText(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}
