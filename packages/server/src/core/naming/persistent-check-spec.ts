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

/**
 * The check of `instance`, read from its service's metadata: `cluster.<name>.<key>` for the instance's
 * cluster wins over `<key>` for every cluster. Unreadable values fall back to the defaults (TCP on the
 * instance port), so a typo never switches checking off.
 */
export function checkSpecOf(metadata: Readonly<Record<string, string>>, instance: Instance): CheckSpec {
  const read = (key: string) => (metadata[`cluster.${instance.clusterName}.${key}`] ?? metadata[key])?.trim();
  const type = read(CHECK_KEYS.type)?.toUpperCase();
  if (type === 'NONE') return { type: 'NONE' };
  const checkPort = wholeIn(read(CHECK_KEYS.checkPort), 1, 65_535) ?? DEFAULT_CHECK_PORT;
  const port = read(CHECK_KEYS.useInstancePort)?.toLowerCase() === 'false' ? checkPort : instance.port;
  if (type !== 'HTTP') return { type: 'TCP', host: instance.ip, port };
  const rawPath = read(CHECK_KEYS.path) ?? '';
  return {
    type: 'HTTP',
    host: instance.ip,
    port,
    path: rawPath.startsWith('/') ? rawPath : `/${rawPath}`,
    expectedCode: wholeIn(read(CHECK_KEYS.expectedCode), 100, 599) ?? 200,
    headers: parseHeaders(read(CHECK_KEYS.headers)),
  };
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
