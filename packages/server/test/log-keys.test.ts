import { rmSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { createLogger } from '../src/shared/logger.js';
import { RawNacosClient } from './grpc-raw-client.js';
import { tempDataDir, testSettings } from './helpers.js';

/**
 * The keys that appear twice in one object of a JSON text. JSON.parse keeps the last of two equal keys
 * without a word, so duplicates are found in the text itself.
 */
function duplicateKeys(json: string): string[] {
  const duplicates: string[] = [];
  // the open objects (their keys so far) and arrays (null)
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '"') {
      let end = i + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        if (keys.has(key)) duplicates.push(key);
        keys.add(key);
      }
      expectKey = false;
      i = end;
    } else if (c === '{' || c === '[') {
      open.push(c === '{' ? new Set() : null);
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      open.pop();
    } else if (c === ',') {
      expectKey = open[open.length - 1] != null;
    }
  }
  return duplicates;
}

let app: App | undefined;
let client: RawNacosClient | undefined;
let dataDir = '';
afterEach(async () => {
  client?.close();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('log lines of every door', () => {
  it('finds a duplicate key where JSON.parse would not', () => {
    expect(duplicateKeys('{"door":"grpc","a":{"door":1,"b":[{"c":1,"c":2}]},"door":"grpc"}')).toEqual(['c', 'door']);
    expect(duplicateKeys('{"msg":"a \\"door\\": b","door":"x","list":["door","door"]}')).toEqual([]);
  });

  it('name each key once: SDK HTTP, gRPC, console and MCP requests, answered and refused, at debug', async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
    dataDir = tempDataDir();
    // as the process builds it: lazily, with the request log of each port
    app = await buildApp({
      settings: testSettings(dataDir),
      logger: createLogger('debug', 'json', out),
      lazyHttp: true,
    });
    const urls = await app.listen();
    client = new RawNacosClient(`127.0.0.1:${urls.grpc}`);
    await client.connect();

    // SDK HTTP: a fast path's answer, a route's answer and a refusal
    await fetch(`${urls.http}/nacos/v1/cs/configs?dataId=a&group=G`);
    await fetch(`${urls.http}/nacos/v1/ns/service/list?pageNo=1&pageSize=10&namespaceId=dev`);
    await fetch(`${urls.http}/nacos/v1/ns/service/list?pageNo=x&pageSize=10`);
    // gRPC: an answer, a refusal and a type nobody knows
    await client.request('ServiceListRequest', { namespace: 'dev', groupName: 'G', pageNo: 1, pageSize: 10 });
    await client.request('ServiceListRequest', { groupName: 'G', pageNo: 1.5, pageSize: 10 });
    await client.request('NoSuchRequest', {});
    // the console: a call without a session, a page, the login page
    await fetch(`${urls.console}/rnacos/api/console/v2/namespaces/list`);
    await fetch(`${urls.console}/rnacos/manage/configs`, { redirect: 'manual' });
    await fetch(`${urls.console}/rnacos/api/console/v2/login/captcha`);
    // MCP: a server nobody published
    await fetch(`${urls.http}/rnacos/mcp/no-server/no-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(lines.length).toBeGreaterThan(10);

    // the request log's lines: each request at debug, a refusal at info
    const requests = lines.filter((l) => /"msg":"(request"|refused a request)/.test(l));
    const doors = new Set(requests.map((l) => (JSON.parse(l) as { door: string }).door));
    expect([...doors].sort()).toEqual(['console', 'grpc', 'http', 'mcp']);
    // the auth key in an MCP path is no business of the log
    expect(requests.filter((l) => l.includes('"door":"mcp"')).map((l) => JSON.parse(l).type)).toEqual([
      'POST /rnacos/mcp/no-server/***',
    ]);
    expect(lines.filter((l) => l.includes('no-key'))).toEqual([]);
    for (const line of lines) {
      expect({ line, duplicates: duplicateKeys(line) }).toEqual({ line, duplicates: [] });
      expect(line.split('"door":').length - 1).toBeLessThanOrEqual(1);
    }
  });
});
