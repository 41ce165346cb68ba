import { vi } from 'vitest';
import { API_PREFIX } from '../lib/constants.js';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string;
  json<T = unknown>(): T;
  form(): URLSearchParams;
}

export type FakeHandler = (req: FakeRequest) => Response | Promise<Response>;

/** A 200 envelope answer. */
export const ok = (data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ data, success: true, code: null, message: null }), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A 200 answer with success=false. */
export const fail = (code: string, message: string | null = null) =>
  new Response(JSON.stringify({ data: null, success: false, code, message }), { status: 200 });

export const noLogin = () =>
  new Response(JSON.stringify({ data: null, success: false, code: 'NO_LOGIN', msg: null }), {
    status: 200,
    headers: { 'No-Login': '1' },
  });

/**
 * Replaces fetch with handlers keyed "METHOD /path" (path under /rnacos/api/console); records every call.
 * Unknown calls answer 404 so a test notices them.
 */
export function fakeApi(handlers: Record<string, FakeHandler>) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://console.test');
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const body = typeof init.body === 'string' ? init.body : '';
    const req: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
      json: <T>() => JSON.parse(body) as T,
      form: () => new URLSearchParams(body),
    };
    calls.push(req);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const handler = handlers[`${req.method} ${path}`];
    return handler ? handler(req) : new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
    set(key: string, handler: FakeHandler) {
      handlers[key] = handler;
    },
  };
}
