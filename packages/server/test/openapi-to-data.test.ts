import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTransfer } from '../src/core/transfer/transfer-codec.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { lastErrorLine, runCli } from './run-cli.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tsnacos-openapi-to-data-'));
let app: TestApp;
let host: string;

beforeAll(async () => {
  app = await buildTestApp();
  await app.core.namespaces.add({ namespaceId: 'dev', namespaceName: 'Development' });
  for (let i = 0; i < 230; i++) {
    await app.core.configs.publish({
      namespaceId: '',
      group: 'DEFAULT_GROUP',
      dataId: `cfg-${i}.properties`,
      content: `k=${i}`,
      type: 'properties',
    });
  }
  await app.core.configs.publish({
    namespaceId: 'dev',
    group: 'APP',
    dataId: 'db.yaml',
    content: 'url: x',
    type: 'yaml',
  });
  await app.sdkHttp.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(app.sdkHttp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('openapi-to-data against a running tsnacos', () => {
  it('reads every namespace and every page of configs', async () => {
    const out = path.join(dir, 'all.data');
    const result = await runCli(['openapi-to-data', '-u', 'nacos', '-p', 'nacos', host, out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/231 configs, 1 namespaces, 0 skipped/);
    const { content } = await decodeTransfer([readFileSync(out)]);
    expect(content.configs).toHaveLength(231);
    expect(new Set(content.configs.map((c) => c.dataId)).size).toBe(231);
    expect(content.configs.find((c) => c.dataId === 'cfg-229.properties')).toMatchObject({
      namespaceId: '',
      content: 'k=229',
      type: 'properties',
    });
    const db = content.configs.find((c) => c.dataId === 'db.yaml')!;
    expect(db).toMatchObject({ namespaceId: 'dev', group: 'APP', content: 'url: x' });
    expect(db.histories).toHaveLength(1);
    expect(db.histories[0].content).toBe('url: x');
    expect(content.namespaces).toEqual([{ namespaceId: 'dev', namespaceName: 'Development', type: '2' }]);
  });

  it('logs in to a server with OpenAPI auth, and names wrong or missing credentials', async () => {
    const secured = await buildTestApp({ env: { RNACOS_ENABLE_OPEN_API_AUTH: 'true' } });
    try {
      await secured.core.configs.publish({
        namespaceId: '',
        group: 'DEFAULT_GROUP',
        dataId: 'secret.yaml',
        content: 's: 1',
      });
      await secured.sdkHttp.listen({ port: 0, host: '127.0.0.1' });
      const target = `127.0.0.1:${(secured.sdkHttp.server.address() as AddressInfo).port}`;
      const out = path.join(dir, 'secured.data');
      const anonymous = await runCli(['openapi-to-data', target, out]);
      expect(anonymous.code).not.toBe(0);
      expect(lastErrorLine(anonymous)).toMatch(
        new RegExp(`^tsnacos: nacos at http://${target} denied the namespace list: .* \\(give -u and -p\\)$`),
      );
      const wrong = await runCli(['openapi-to-data', '-u', 'admin', '-p', 'wrong', target, out]);
      expect(lastErrorLine(wrong)).toMatch(new RegExp(`^tsnacos: nacos at http://${target} refused the login: `));
      expect(existsSync(out)).toBe(false);
      const good = await runCli(['openapi-to-data', '-u', 'admin', '-p', 'admin', target, out]);
      expect(good.code, good.stderr).toBe(0);
      expect((await decodeTransfer([readFileSync(out)])).content.configs.map((c) => c.dataId)).toEqual(['secret.yaml']);
    } finally {
      await secured.dispose();
    }
  });

  it('names the cause for an unreachable host and for a server that is not nacos, writing nothing', async () => {
    const out = path.join(dir, 'none.data');
    const closedPort = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const closed = await runCli(['openapi-to-data', `127.0.0.1:${closedPort}`, out]);
    expect(closed.code).not.toBe(0);
    expect(lastErrorLine(closed)).toBe(
      `tsnacos: cannot reach nacos at http://127.0.0.1:${closedPort}: connection refused`,
    );

    const other = http.createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const port = (other.address() as AddressInfo).port;
      const wrong = await runCli(['openapi-to-data', `127.0.0.1:${port}`, out]);
      expect(wrong.code).not.toBe(0);
      expect(lastErrorLine(wrong)).toBe(
        `tsnacos: nacos at http://127.0.0.1:${port} answered HTTP 404 to the namespace list: <h1>Not Found</h1>`,
      );
    } finally {
      other.close();
    }
    const half = await runCli(['openapi-to-data', '-u', 'nacos', host, out]);
    expect(lastErrorLine(half)).toBe('tsnacos: give both -u <username> and -p <password>, or neither');
    expect(existsSync(out)).toBe(false);
  });
});
