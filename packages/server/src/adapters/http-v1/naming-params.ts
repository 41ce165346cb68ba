import {
  rememberServiceKey,
  type InstanceInput,
  type Selector,
  type ServiceKey,
} from '../../core/naming/naming-model.js';
import { parseServiceKey } from '../../core/naming/naming-validation.js';
import { invalid, NacosError } from '../../shared/errors.js';
import { optional, type Params } from '../http-common/params.js';

export function boolParam(params: Params, name: string): boolean | undefined {
  const v = optional(params, name);
  if (v === undefined) return undefined;
  const lower = v.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw invalid(`${name} must be true or false, got ${v}`);
}

export function numberParam(params: Params, name: string): number | undefined {
  const v = optional(params, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw invalid(`${name} must be a number, got ${v}`);
  return n;
}

/** A whole number; range checks are left to the core so every door reports them alike. */
export function integerParam(params: Params, name: string): number | undefined {
  const v = optional(params, name);
  if (v === undefined) return undefined;
  if (!/^-?\d{1,10}$/.test(v)) throw invalid(`${name} must be a whole number, got ${v}`);
  return Number(v);
}

function scalarMap(value: unknown, what: string): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid(`${what} must be a JSON object`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else throw invalid(`${what}: the value of ${k} must be a string`);
  }
  return out;
}

/** Metadata as a JSON object of strings, or the legacy `k1=v1,k2=v2` form nacos also accepts. */
export function parseMetadata(text: string | undefined, what = 'metadata'): Record<string, string> | undefined {
  const v = text?.trim();
  if (!v) return undefined;
  if (v.startsWith('{') || v.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      throw invalid(`${what} is not valid JSON: ${v}`);
    }
    return scalarMap(parsed, what);
  }
  const out: Record<string, string> = {};
  for (const pair of v.split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) throw invalid(`${what} must be a JSON object or k1=v1,k2=v2, got ${v}`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

export function parseSelector(text: string | undefined): Selector | undefined {
  const v = text?.trim();
  if (!v) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw invalid(`selector is not valid JSON: ${v}`);
  }
  const s = parsed as { type?: unknown; expression?: unknown };
  if (s?.type === 'none') return { type: 'none' };
  if (s?.type === 'label') return { type: 'label', expression: typeof s.expression === 'string' ? s.expression : '' };
  throw invalid('selector must be {"type":"none"} or {"type":"label","expression":"..."}');
}

/** Parsed keys by their raw parameters: polls and beats repeat the same few strings all day. */
const parsedKeys = new Map<string, ServiceKey>();
const MAX_PARSED_KEYS = 50_000;

/**
 * `serviceName` (plain or `group@@name`) and `groupName` in `namespaceId`, the namespace the route resolved
 * (request-namespace.ts; blank = public).
 */
export function serviceKeyOf(params: Params, namespaceId: string | undefined): ServiceKey {
  // a flat string (join): it stays as the map's key, where a template literal would keep its pieces too
  const raw = [namespaceId ?? '', params.groupName ?? '', params.serviceName ?? ''].join('\u0001');
  let key = parsedKeys.get(raw);
  if (!key) {
    key = rememberServiceKey(
      Object.freeze(
        parseServiceKey({
          namespaceId,
          serviceName: params.serviceName,
          groupName: params.groupName,
        }),
      ),
    );
    if (parsedKeys.size >= MAX_PARSED_KEYS) parsedKeys.clear();
    parsedKeys.set(raw, key);
  }
  return key;
}

export function clusterOf(params: Params): string | undefined {
  return optional(params, 'clusterName') ?? optional(params, 'cluster');
}

/** The identity and attributes of an instance from v1 parameters; absent ones stay undefined. */
export function instanceOf(params: Params): InstanceInput {
  return {
    ip: optional(params, 'ip') ?? '',
    port: integerParam(params, 'port') ?? Number.NaN,
    clusterName: clusterOf(params),
    weight: numberParam(params, 'weight'),
    healthy: boolParam(params, 'healthy'),
    // Register sends `enable`, update sends `enabled`; nacos reads `enabled` first.
    enabled: boolParam(params, 'enabled') ?? boolParam(params, 'enable'),
    ephemeral: boolParam(params, 'ephemeral'),
    metadata: parseMetadata(params.metadata),
    instanceId: optional(params, 'instanceId'),
    appName: optional(params, 'app'),
  };
}

/** The beat JSON of 1.x clients: its ip, port and cluster win over the query parameters. */
export interface BeatBody {
  serviceName?: string;
  instance: InstanceInput;
}

export function parseBeat(text: string | undefined): BeatBody | undefined {
  const v = text?.trim();
  if (!v) return undefined;
  let beat: Record<string, unknown>;
  try {
    beat = JSON.parse(v) as Record<string, unknown>;
  } catch {
    throw invalid(`beat is not valid JSON: ${v.slice(0, 200)}`);
  }
  if (!beat || typeof beat !== 'object' || Array.isArray(beat)) throw invalid('beat must be a JSON object');
  const port = typeof beat.port === 'string' && /^\d+$/.test(beat.port) ? Number(beat.port) : beat.port;
  const weight = beat.weight === undefined || beat.weight === null ? undefined : Number(beat.weight);
  if (weight !== undefined && !Number.isFinite(weight))
    throw invalid(`beat weight must be a number, got ${String(beat.weight)}`);
  return {
    serviceName: typeof beat.serviceName === 'string' ? beat.serviceName : undefined,
    instance: {
      ip: typeof beat.ip === 'string' ? beat.ip : '',
      port: typeof port === 'number' ? port : Number.NaN,
      clusterName: typeof beat.cluster === 'string' && beat.cluster.trim() ? beat.cluster : undefined,
      weight,
      metadata:
        beat.metadata === undefined || beat.metadata === null ? undefined : scalarMap(beat.metadata, 'beat metadata'),
    },
  };
}

/** Runs a write whose "not found" nacos reports as 400 (maintain API). */
export async function notFoundAsInvalid<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof NacosError && err.kind === 'not_found') throw invalid(err.message);
    throw err;
  }
}
