import { ROLE_ADMIN } from '../src/core/auth/user-model.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, sessionFor } from './console-helpers.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { openSse, type SseStream } from './sse-stream.js';

/** Seeded as an admin, who may route tools anywhere. */
const ADMIN_EDITOR = { user: 'admin', roles: [ROLE_ADMIN] };

/**
 * MCP SSE sessions over real sockets: a session ends when its auth key or its server is removed, each MCP
 * server gets only its share of the sessions, and a session whose client stays silent is closed.
 */

async function serverWith(app: TestApp, uniqueKey: string, authKeys: string[]): Promise<number> {
  return app.core.mcp.addServer({ namespace: 'public', uniqueKey, name: uniqueKey, authKeys }, ADMIN_EDITOR);
}

async function opened(base: string, serverKey: string, authKey: string): Promise<SseStream> {
  const stream = await openSse(base, serverKey, authKey);
  if (!('endpoint' in stream)) throw new Error(`SSE refused: ${stream.status}`);
  return stream;
}

/** Whether the stream ends within `ms`. */
const endsWithin = (stream: SseStream, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

const streamablePost = (base: string, serverKey: string, authKey: string) =>
  fetch(new URL(`/rnacos/mcp/${serverKey}/${authKey}`, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });

describe('MCP SSE sessions: removed keys and servers', () => {
  let app: TestApp;
  let base: string;
  let admin: string;
  const streams: SseStream[] = [];
  const keep = (s: SseStream) => (streams.push(s), s);

  beforeAll(async () => {
    app = await buildTestApp({ env: { RNACOS_MCP_SSE_IDLE_TIMEOUT_SECOND: '3' } });
    base = (await app.listen()).http;
    admin = await sessionFor(app, 'admin');
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await app?.dispose();
  });

  it('ends the sessions opened with an auth key once it is removed, and only those', async () => {
    const id = await serverWith(app, 'shop', ['old', 'kept']);
    const withOld = keep(await opened(base, 'shop', 'old'));
    const withKept = keep(await opened(base, 'shop', 'kept'));
    expect(await withOld.ping()).toBe(202);
    const update = await call(app.consoleHttp!, 'POST', 'v2/mcp/server/update', {
      token: admin,
      json: { id, authKeys: ['kept'] },
    });
    expect(update.json()).toMatchObject({ success: true });
    expect(await endsWithin(withOld, 1000)).toBe(true);
    expect(withKept.open()).toBe(true);
    expect(await withKept.ping()).toBe(202);
    // the removed key opens nothing any more, on either transport
    expect((await streamablePost(base, 'shop', 'old')).status).toBe(403);
    expect(await openSse(base, 'shop', 'old')).toEqual({ status: 403 });
  });

  it('ends every session of a removed server', async () => {
    const id = await serverWith(app, 'gone', ['k1', 'k2']);
    const sessions = [keep(await opened(base, 'gone', 'k1')), keep(await opened(base, 'gone', 'k2'))];
    const removed = await call(app.consoleHttp!, 'POST', 'v2/mcp/server/remove', { token: admin, json: { id } });
    expect(removed.json()).toMatchObject({ success: true });
    for (const s of sessions) expect(await endsWithin(s, 1000)).toBe(true);
  });

  it('ends a session when its server key changes', async () => {
    const id = await serverWith(app, 'renamed', ['k']);
    const session = keep(await opened(base, 'renamed', 'k'));
    await app.core.mcp.updateServer(id, { uniqueKey: 'renamed-2' }, ADMIN_EDITOR);
    expect(await endsWithin(session, 1000)).toBe(true);
  });

  it('answers an unknown server key as it answers a wrong auth key', async () => {
    await serverWith(app, 'known', ['k']);
    const unknown = await streamablePost(base, 'no-such-server', 'k');
    const wrongKey = await streamablePost(base, 'known', 'wrong');
    expect([unknown.status, await unknown.text()]).toEqual([wrongKey.status, await wrongKey.text()]);
    expect(await openSse(base, 'no-such-server', 'k')).toEqual(await openSse(base, 'known', 'wrong'));
  });

  it('closes a session whose client sends nothing for the idle time, and keeps one whose client does', async () => {
    await serverWith(app, 'idle', ['k']);
    const quiet = keep(await opened(base, 'idle', 'k'));
    const chatty = keep(await opened(base, 'idle', 'k'));
    const started = Date.now();
    // the chatty client posts a ping every half second (each answered by the server over the stream)
    while (Date.now() - started < 4500) {
      expect(await chatty.ping()).toBe(202);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(quiet.open()).toBe(false);
    expect(chatty.open()).toBe(true);
    const silentFrom = Date.now();
    await chatty.ended;
    expect(Date.now() - silentFrom).toBeGreaterThan(2000);
  }, 15_000);
});

describe('MCP SSE sessions: a share per server', () => {
  let app: TestApp;
  let base: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    app = await buildTestApp({
      env: { RNACOS_MCP_SSE_MAX_SESSIONS: '3', RNACOS_MCP_SSE_MAX_SESSIONS_PER_SERVER: '2' },
    });
    base = (await app.listen()).http;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await app?.dispose();
  });

  it('refuses a server more than its share, and every server once all sessions are taken', async () => {
    await serverWith(app, 'greedy', ['k']);
    await serverWith(app, 'modest', ['k']);
    streams.push(await opened(base, 'greedy', 'k'), await opened(base, 'greedy', 'k'));
    expect(await openSse(base, 'greedy', 'k')).toEqual({ status: 503 });
    // the greedy key holder did not take the others' sessions
    streams.push(await opened(base, 'modest', 'k'));
    expect(await openSse(base, 'modest', 'k')).toEqual({ status: 503 });
    // a session that ends gives its place back
    streams[0].close();
    await streams[0].ended;
    await expect
      .poll(async () => {
        const next = await openSse(base, 'greedy', 'k');
        if ('endpoint' in next) streams.push(next);
        return 'endpoint' in next;
      })
      .toBe(true);
  });
});
