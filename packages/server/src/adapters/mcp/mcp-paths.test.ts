import { describe, expect, it } from 'vitest';
import { mcpRouteOf } from './mcp-paths.js';

describe('MCP paths', () => {
  it('reads r-nacos paths, with or without a trailing slash, and percent-encoded keys', () => {
    expect(mcpRouteOf('/rnacos/mcp/shop/k1')).toEqual({ kind: 'streamable', serverKey: 'shop', authKey: 'k1' });
    expect(mcpRouteOf('/rnacos/mcp/shop/k1/?x=1')).toEqual({ kind: 'streamable', serverKey: 'shop', authKey: 'k1' });
    expect(mcpRouteOf('/rnacos/mcp/sse/a%2Eb/k1')).toEqual({ kind: 'sse', serverKey: 'a.b', authKey: 'k1' });
    expect(mcpRouteOf('/rnacos/mcp/sse/messages/1/shop/s1')).toEqual({
      kind: 'sse-message',
      serverKey: 'shop',
      sessionId: 's1',
    });
    expect(mcpRouteOf('/rnacos/mcp/sse/messages/1/shop?sessionId=s2')).toEqual({
      kind: 'sse-message',
      serverKey: 'shop',
      sessionId: 's2',
    });
  });

  it('leaves other paths to the rest of the port', () => {
    for (const url of [
      '/rnacos/mcp/',
      '/rnacos/mcp/only',
      '/rnacos/mcp/a/b/c',
      '/rnacos/mcp/sse/x',
      '/rnacos/mcp/a//b',
      '/rnacos/mcp/%E0%A4%A/k',
      '/nacos/v1/ns/instance',
    ]) {
      expect(mcpRouteOf(url), url).toBeUndefined();
    }
  });
});
