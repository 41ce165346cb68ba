import type { Settings } from './settings.js';
import type { HostInterfaces } from './shared/host-interfaces.js';
import { isWildcardHost } from './shared/wildcard-host.js';

export interface ListenUrls {
  http: string;
  grpc: number;
  console: string | null;
}

/** The IPv4 addresses of this host a client can use, loopback last. */
export function reachableAddresses(interfaces: HostInterfaces): string[] {
  const external: string[] = [];
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) external.push(entry.address);
  }
  return [...external, '127.0.0.1'];
}

/** A URL of a port bound to `host`: for "every interface", the URL on each reachable address. */
function urlsOn(url: string, host: string, addresses: string[]): string[] {
  if (!isWildcardHost(host)) return [url];
  const { port, pathname } = new URL(url);
  return addresses.map((address) => `http://${address}:${port}${pathname}`);
}

/**
 * The start announcement as one log line (the same format as every other line): where each door listens,
 * naming every reachable address when a port is bound to all interfaces, and where the data is.
 */
export function startupBanner(
  version: string,
  settings: Settings,
  urls: ListenUrls,
  store: string,
  addresses: string[],
): { fields: Record<string, unknown>; msg: string } {
  const http = urlsOn(`${urls.http}/nacos`, settings.sdkHost, addresses);
  const consoleUrls = urls.console ? urlsOn(`${urls.console}/rnacos/`, settings.consoleHost, addresses) : [];
  const bound = (host: string) => (isWildcardHost(host) ? `all interfaces (${host || '0.0.0.0'})` : host);
  const fields = {
    http,
    grpcPort: urls.grpc,
    console: urls.console ? consoleUrls : 'disabled',
    sdkHost: bound(settings.sdkHost),
    ...(urls.console ? { consoleHost: bound(settings.consoleHost) } : {}),
    store,
  };
  const msg =
    `tsnacos ${version} started: nacos HTTP API ${http.join(' ')}, gRPC port ${urls.grpc} ` +
    `on ${bound(settings.sdkHost)}, console ${urls.console ? consoleUrls.join(' ') : 'disabled'}, ` +
    `${settings.dbUrl ? 'store' : 'data dir'} ${store}`;
  return { fields, msg };
}
