import { describe, expect, it } from 'vitest';
import { mcpLogPath, mcpRouteOf } from './mcp-paths.js';

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

  it('names MCP requests in the request log without their auth key or session id', () => {
    const logged = (path: string) => mcpLogPath(path)?.path;
    expect(mcpLogPath('/rnacos/mcp/shop/secret-key')).toEqual({ door: 'mcp', path: '/rnacos/mcp/shop/***' });
    expect(logged('/rnacos/mcp/shop/secret-key/')).toBe('/rnacos/mcp/shop/***');
    expect(logged('/rnacos/mcp/sse/shop/secret-key')).toBe('/rnacos/mcp/sse/shop/***');
    expect(logged('/rnacos/mcp/sse/messages/1/shop/session-1')).toBe('/rnacos/mcp/sse/messages/1/shop/***');
    expect(logged('/rnacos/mcp/sse/messages/1/shop')).toBe('/rnacos/mcp/sse/messages/1/shop');
    // a path the endpoint does not take may still hold a key: nothing of it is shown
    expect(logged('/rnacos/mcp/a/secret-key/c')).toBe('/rnacos/mcp/***');
    expect(mcpLogPath('/nacos/v1/ns/instance')).toBeUndefined();
  });
});
