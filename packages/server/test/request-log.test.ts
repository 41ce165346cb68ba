import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { encodePayload } from '../src/adapters/grpc-v2/payload.js';
import { createLogger, LOG_FIELD_MAX, LOG_LINE_MAX } from '../src/shared/logger.js';
import { RawNacosClient } from './grpc-raw-client.js';
import { buildTestApp, type TestApp } from './helpers.js';

/** The request log of a listening server, as an operator reads it at debug and at info. */
let app: TestApp | undefined;
let client: RawNacosClient | undefined;
afterEach(async () => {
  client?.close();
  await app?.dispose();
});

interface LogLine {
  level: number;
  msg: string;
  door?: string;
  type?: string;
  namespace?: string;
  code?: number;
  ms?: number;
}

async function start(level: 'debug' | 'info') {
  const lines: LogLine[] = [];
  const logger = pino({ level, base: undefined }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  app = await buildTestApp({ logger });
  const ports = await app.listen();
  client = new RawNacosClient(`127.0.0.1:${ports.grpc}`);
  await client.connect();
  return { lines, http: ports.http, grpc: client };
}

const badServiceList = { namespace: 'dev', groupName: 'G', pageNo: 1.5, pageSize: 10 };

describe('request log', () => {
  it('at debug, logs each request with door, type, namespace, code and time', async () => {
    const { lines, http, grpc } = await start('debug');
    await grpc.request('ServiceListRequest', { namespace: 'dev', groupName: 'G', pageNo: 1, pageSize: 10 });
    await fetch(`${http}/nacos/v1/ns/service/list?pageNo=1&pageSize=10&namespaceId=dev`);
    await fetch(`${http}/nacos/v1/cs/configs?dataId=a&group=G&tenant=dev`);
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ door: 'grpc', type: 'ServiceListRequest', namespace: 'dev', code: 0 }),
        expect.objectContaining({ door: 'http', type: 'GET /nacos/v1/ns/service/list', namespace: 'dev', code: 200 }),
        // answered by the config fast path, before fastify
        expect.objectContaining({ door: 'http', type: 'GET /nacos/v1/cs/configs', namespace: 'dev', code: 404 }),
      ]),
    );
    for (const line of requests) expect(typeof line.ms).toBe('number');
  });

  it('at info, tells a refusal of a misconfigured client once per client and cause, and nothing else', async () => {
    const { lines, http, grpc } = await start('info');
    // a publish is answered by its fast path, refusals included
    const publish = (body: string) =>
      fetch(`${http}/nacos/v1/cs/configs`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (let i = 0; i < 3; i++) {
      await grpc.request('ServiceListRequest', badServiceList);
      await fetch(`${http}/nacos/v1/ns/service/list?pageNo=x&pageSize=10`);
      expect((await publish('dataId=a&group=G')).status).toBe(400);
    }
    await grpc.request('ServiceListRequest', { groupName: 'G', pageNo: 1, pageSize: 10 });
    expect((await publish('dataId=a&group=G&content=x')).status).toBe(200);
    const refusals = lines.filter((l) => l.msg.startsWith('refused a request'));
    expect(refusals).toHaveLength(3);
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 30, door: 'grpc', type: 'ServiceListRequest', namespace: 'dev', code: 400 }),
        expect.objectContaining({ level: 30, door: 'http', type: 'GET /nacos/v1/ns/service/list', code: 400 }),
        expect.objectContaining({ level: 30, door: 'http', type: 'POST /nacos/v1/cs/configs', code: 400 }),
      ]),
    );
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
  });
});

describe('request log lines of hostile requests', () => {
  it('bound what the client sent: a 300 KB request type and client address leave a short line', async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)));
    app = await buildTestApp({ logger: createLogger('info', 'json', out) });
    const ports = await app.listen();
    client = new RawNacosClient(`127.0.0.1:${ports.grpc}`);
    await client.connect();
    const type = `Evil${'X'.repeat(300_000)}\r\nRequest`;
    const address = `10.0.0.1${'\n'.repeat(10)}${'a'.repeat(300_000)}`;
    for (let i = 0; i < 2; i++) {
      const answer = await client.requestBytes(encodePayload(type, { requestId: '' }, {}, address));
      expect(answer.body.errorCode).toBe(302);
    }
    const refusals = lines.filter((l) => l.includes('refused a request'));
    expect(refusals).toHaveLength(1);
    const [line] = refusals;
    expect(line.length).toBeLessThan(LOG_LINE_MAX);
    const entry = JSON.parse(line);
    expect(entry.type).toBe(`${type.slice(0, LOG_FIELD_MAX)}…(+${type.length - LOG_FIELD_MAX} chars)`);
    expect(entry.client).toBe(`${address.slice(0, LOG_FIELD_MAX)}…(+${address.length - LOG_FIELD_MAX} chars)`);
    expect(entry).toMatchObject({ door: 'grpc', code: 302 });
  });
});
