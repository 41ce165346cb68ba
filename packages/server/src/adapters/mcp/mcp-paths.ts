/** The MCP endpoint paths of r-nacos, on the SDK port. */
export type McpRoute =
  /** `/rnacos/mcp/{serverKey}/{authKey}`: streamable HTTP. */
  | { kind: 'streamable'; serverKey: string; authKey: string }
  /** `GET /rnacos/mcp/sse/{serverKey}/{authKey}`: an SSE session's event stream. */
  | { kind: 'sse'; serverKey: string; authKey: string }
  /** `POST /rnacos/mcp/sse/messages/{nodeId}/{serverKey}[/{sessionId}]` (or `?sessionId=`). */
  | { kind: 'sse-message'; serverKey: string; sessionId: string };

const PREFIX = '/rnacos/mcp/';

/** The route of a request path (a trailing slash allowed), or undefined when it is no MCP path. */
export function mcpRouteOf(url: string): McpRoute | undefined {
  if (!url.startsWith(PREFIX)) return undefined;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  let parts: string[];
  try {
    parts = path.slice(PREFIX.length).replace(/\/$/, '').split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (parts.some((p) => p === '')) return undefined;
  if (parts[0] === 'sse' && parts[1] === 'messages' && (parts.length === 4 || parts.length === 5)) {
    const sessionId = parts[4] ?? new URLSearchParams(q < 0 ? '' : url.slice(q + 1)).get('sessionId') ?? '';
    return { kind: 'sse-message', serverKey: parts[3], sessionId };
  }
  if (parts[0] === 'sse' && parts.length === 3) return { kind: 'sse', serverKey: parts[1], authKey: parts[2] };
  if (parts.length === 2 && parts[0] !== 'sse') return { kind: 'streamable', serverKey: parts[0], authKey: parts[1] };
  return undefined;
}

/**
 * An MCP request as the request log names it: door `mcp`, its path with the secrets in it (the auth key of
 * the streamable and SSE paths, an SSE session id) shown as `***`; undefined for any other path.
 */
export function mcpLogPath(path: string): { door: string; path: string } | undefined {
  if (!path.startsWith(PREFIX)) return undefined;
  const route = mcpRouteOf(path);
  // the segments before the first secret: the server key, and for SSE messages the node id too
  const shown = route === undefined ? 0 : route.kind === 'streamable' ? 1 : route.kind === 'sse' ? 2 : 4;
  const segments = path.slice(PREFIX.length).replace(/\/$/, '').split('/');
  const kept = segments.slice(0, shown);
  if (segments.length > shown) kept.push('***');
  return { door: 'mcp', path: PREFIX + kept.join('/') };
}
