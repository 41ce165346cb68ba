import { invalid } from '../../shared/errors.js';
import type { Instance } from './naming-model.js';
import { checkClusterName } from './naming-validation.js';

/** How one persistent instance is checked: a TCP connect, an HTTP GET, or not at all. */
export type CheckSpec =
  | { type: 'TCP'; host: string; port: number }
  | { type: 'HTTP'; host: string; port: number; path: string; expectedCode: number; headers: Record<string, string> }
  | { type: 'NONE' };

/** Service metadata keys holding nacos's cluster health-check settings (docs/operations.md). */
export const CHECK_KEYS = {
  type: 'healthChecker.type',
  path: 'healthChecker.path',
  headers: 'healthChecker.headers',
  expectedCode: 'healthChecker.expectedResponseCode',
  checkPort: 'defaultCheckPort',
  useInstancePort: 'useIPPort4Check',
} as const;

/** nacos's default check port of a cluster that does not check the instance's own port. */
const DEFAULT_CHECK_PORT = 80;

/** A cluster's health-check settings, as nacos names them. */
export interface ClusterCheck {
  type: 'TCP' | 'HTTP' | 'NONE';
  path: string;
  expectedCode: number;
  headers: Record<string, string>;
  checkPort: number;
  useInstancePort: boolean;
}

/**
 * The check settings of one cluster, read from its service's metadata: `cluster.<name>.<key>` wins over
 * `<key>`, which holds for every cluster. Unreadable values fall back to the defaults (TCP on the instance
 * port), so a typo never switches checking off.
 */
export function clusterCheckOf(metadata: Readonly<Record<string, string>>, clusterName: string): ClusterCheck {
  const read = (key: string) => (metadata[`cluster.${clusterName}.${key}`] ?? metadata[key])?.trim();
  const type = read(CHECK_KEYS.type)?.toUpperCase();
  const rawPath = read(CHECK_KEYS.path) ?? '';
  return {
    type: type === 'HTTP' || type === 'NONE' ? type : 'TCP',
    path: rawPath.startsWith('/') ? rawPath : `/${rawPath}`,
    expectedCode: wholeIn(read(CHECK_KEYS.expectedCode), 100, 599) ?? 200,
    headers: parseHeaders(read(CHECK_KEYS.headers)),
    checkPort: wholeIn(read(CHECK_KEYS.checkPort), 1, 65_535) ?? DEFAULT_CHECK_PORT,
    useInstancePort: read(CHECK_KEYS.useInstancePort)?.toLowerCase() !== 'false',
  };
}

/** The key of a cluster's own metadata (nacos's cluster `metadata`), a JSON object, in its service's metadata. */
const CLUSTER_METADATA_KEY = 'metadata';

/** What nacos's cluster update sets: the check, the check port, and the cluster's metadata. */
export type ClusterUpdate = Omit<ClusterCheck, 'headers'> & { headers: string; metadata: Record<string, string> };

/**
 * The service metadata with one cluster's settings replaced: written as `cluster.<name>.<key>`, so they win
 * over service-wide keys and `clusterCheckOf` reads them back. HTTP-only keys are dropped for other checks.
 */
export function withClusterUpdate(
  metadata: Readonly<Record<string, string>>,
  clusterName: string,
  update: ClusterUpdate,
): Record<string, string> {
  checkClusterUpdate(update);
  const next: Record<string, string> = Object.assign({}, metadata);
  const http = update.type === 'HTTP';
  const prefix = `cluster.${checkClusterName(clusterName)}.`;
  const set = (key: string, value: string | undefined) => {
    if (value === undefined) delete next[prefix + key];
    else next[prefix + key] = value;
  };
  set(CHECK_KEYS.type, update.type);
  set(CHECK_KEYS.path, http ? update.path : undefined);
  set(CHECK_KEYS.headers, http && update.headers ? update.headers : undefined);
  set(CHECK_KEYS.expectedCode, http ? String(update.expectedCode) : undefined);
  set(CHECK_KEYS.checkPort, String(update.checkPort));
  set(CHECK_KEYS.useInstancePort, String(update.useInstancePort));
  const hasMetadata = Object.keys(update.metadata).length > 0;
  set(CLUSTER_METADATA_KEY, hasMetadata ? JSON.stringify(update.metadata) : undefined);
  return next;
}

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}
/** A probe's path and headers are a URL path and a few header lines, sent on every probe. */
export const MAX_CHECK_PATH_LENGTH = 1024;
export const MAX_CHECK_HEADERS_LENGTH = 4096;

/** Refuses settings the prober could not use (rather than let them fall back to the defaults). */
function checkClusterUpdate(update: ClusterUpdate): void {
  if (!['TCP', 'HTTP', 'NONE'].includes(update.type)) throw invalid(`health checker type must be TCP, HTTP or NONE`);
  if (!Number.isInteger(update.checkPort) || update.checkPort < 1 || update.checkPort > 65_535)
    throw invalid(`invalid checkPort: ${update.checkPort} (a whole number from 1 to 65535)`);
  if (update.type !== 'HTTP') return;
  if (update.path.length > MAX_CHECK_PATH_LENGTH)
    throw invalid(`health check path longer than ${MAX_CHECK_PATH_LENGTH} characters`);
  if (update.headers.length > MAX_CHECK_HEADERS_LENGTH)
    throw invalid(`health check headers longer than ${MAX_CHECK_HEADERS_LENGTH} characters`);
  if (/\s/.test(update.path) || hasControl(update.path)) throw invalid(`invalid health check path: ${update.path}`);
  if (!Number.isInteger(update.expectedCode) || update.expectedCode < 100 || update.expectedCode > 599)
    throw invalid(`invalid expectedResponseCode: ${update.expectedCode} (100 to 599)`);
  if (hasControl(update.headers)) throw invalid('health check headers must not hold control characters');
}

/** A cluster's own metadata, as the cluster update stored it ({} when none or unreadable). */
export function clusterMetadataOf(metadata: Readonly<Record<string, string>>, clusterName: string) {
  const text = metadata[`cluster.${clusterName}.${CLUSTER_METADATA_KEY}`];
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** How `instance` is checked, by its cluster's settings. */
export function checkSpecOf(metadata: Readonly<Record<string, string>>, instance: Instance): CheckSpec {
  const check = clusterCheckOf(metadata, instance.clusterName);
  const port = check.useInstancePort ? instance.port : check.checkPort;
  if (check.type !== 'HTTP') return check.type === 'NONE' ? { type: 'NONE' } : { type: 'TCP', host: instance.ip, port };
  const { path, expectedCode, headers } = check;
  return { type: 'HTTP', host: instance.ip, port, path, expectedCode, headers };
}

/** nacos writes headers as `name:value|name:value`. */
function parseHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? '').split('|')) {
    const at = pair.indexOf(':');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    // a header the request would refuse (not a token, a line break) is left out rather than failing the probe
    if (at > 0 && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && !/[\r\n\0]/.test(value)) headers[name] = value;
  }
  return headers;
}

function wholeIn(text: string | undefined, min: number, max: number): number | undefined {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}
