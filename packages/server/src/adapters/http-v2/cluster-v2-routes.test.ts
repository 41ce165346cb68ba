import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.dispose());

const get = (url: string) => app.sdkHttp.inject({ method: 'GET', url });

describe('/nacos/v2/core/cluster', () => {
  it('answers this node, the member list and its health in the v2 envelope', async () => {
    const self = (await get('/nacos/v2/core/cluster/node/self')).json();
    expect(self).toMatchObject({ code: 0, message: 'success', data: { state: 'UP', extendInfo: { self: true } } });
    const list = (await get('/nacos/v2/core/cluster/node/list?state=up')).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0].address).toBe(self.data.address);
    expect((await get('/nacos/v2/core/cluster/node/list?address=10.255.')).json().data).toEqual([]);
    expect((await get('/nacos/v2/core/cluster/node/self/health')).json()).toEqual({
      code: 0,
      message: 'success',
      data: 'UP',
    });
  });

  it('refuses an unknown state with 23000 and a lookup switch as not implemented', async () => {
    const bad = await get('/nacos/v2/core/cluster/node/list?state=sleepy');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 23000, message: 'illegal state', data: 'Illegal state: SLEEPY' });
    const lookup = await app.sdkHttp.inject({ method: 'PUT', url: '/nacos/v2/core/cluster/lookup?type=file' });
    expect(lookup.statusCode).toBe(501);
    expect(lookup.json()).toMatchObject({ code: 30000 });
    expect(lookup.json().data).toContain('cannot be switched');
  });
});
