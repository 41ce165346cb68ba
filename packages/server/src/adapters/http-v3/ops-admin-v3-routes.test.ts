import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.dispose());

describe("nacos 3's operations on parts this server does not have", () => {
  it.each([
    ['PUT', '/nacos/v3/admin/core/cluster/node/list', 'RNACOS_DB_URL'],
    ['PUT', '/nacos/v3/admin/core/cluster/lookup?type=file', 'RNACOS_DB_URL'],
    ['POST', '/nacos/v3/admin/core/ops/raft', 'PostgreSQL'],
    ['GET', '/nacos/v3/admin/core/ops/ids', 'store'],
    ['PUT', '/nacos/v3/admin/core/ops/log', 'RNACOS_LOG_LEVEL'],
    ['PUT', '/nacos/v3/admin/ns/ops/log?logLevel=DEBUG', 'RNACOS_LOG_LEVEL'],
  ] as const)('%s %s answers 501 saying why', async (method, url, why) => {
    const res = await app.sdkHttp.inject({ method, url });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: 30000, data: expect.stringContaining(why) });
  });
});
