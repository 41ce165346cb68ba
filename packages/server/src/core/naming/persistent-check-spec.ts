import type { Instance } from './naming-model.js';

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

/**
 * The service metadata that sets one cluster's check (nacos's "update cluster"): the entries
 * `cluster.<name>.<key>` that `clusterCheckOf` reads back, over the service's current metadata.
 */
export function withClusterCheck(
  metadata: Readonly<Record<string, string>>,
  clusterName: string,
  check: Omit<ClusterCheck, 'headers'> & { headers: string },
): Record<string, string> {
  const at = (key: string) => `cluster.${clusterName}.${key}`;
  const next: Record<string, string> = { ...metadata };
  next[at(CHECK_KEYS.type)] = check.type;
  next[at(CHECK_KEYS.checkPort)] = String(check.checkPort);
  next[at(CHECK_KEYS.useInstancePort)] = String(check.useInstancePort);
  // an HTTP check's settings; a TCP or NONE check leaves none behind to surprise a later switch to HTTP
  for (const key of [CHECK_KEYS.path, CHECK_KEYS.headers, CHECK_KEYS.expectedCode]) delete next[at(key)];
  if (check.type === 'HTTP') {
    next[at(CHECK_KEYS.path)] = check.path;
    next[at(CHECK_KEYS.expectedCode)] = String(check.expectedCode);
    if (check.headers !== '') next[at(CHECK_KEYS.headers)] = check.headers;
  }
  return next;
}
