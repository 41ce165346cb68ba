import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ignoreOtherBodies, registerFormBody } from './form-body.js';
import { requestParams } from './params.js';

const app = Fastify();
registerFormBody(app, 1024);
ignoreOtherBodies(app, 1024);
app.post('/echo', async (req) => requestParams(req));

describe('registerFormBody', () => {
  it('reads query parameters of a POST whose empty body is labelled application/octet-stream', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo?username=admin',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'admin' });
  });

  it('decodes form bodies as UTF-8 whatever charset they declare', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=GBK' },
      payload: 'content=%E4%BD%A0%E5%A5%BD',
    });
    expect(res.json()).toMatchObject({ content: '你好' });
  });
});
