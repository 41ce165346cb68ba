import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, type TestApp } from '../../../test/helpers.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A counter's value at the SDK port's /metrics. */
async function counterOf(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  expect(text).toContain(`# TYPE ${name} counter\n`);
  return Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
}

/** The SDK HTTP port's server errors, refused logins and their counters at /metrics, on a listening server. */
describe('errors at /metrics', () => {
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ app, base } = await listeningTestApp());
    // a store that fails: every config write ends in an unexpected error
    const fail = async (): Promise<never> => {
      throw new Error('disk on fire');
    };
    app.core.configs.publish = fail;
    app.core.configs.remove = fail;
  });
  afterAll(() => app.dispose());

  const counter = (name: string) => counterOf(base, name);

  it('counts requests answered 5xx, by fast paths and routes alike, and not refusals', async () => {
    const before = await counter('http_request_server_error_total');
    // answered by the publish fast path
    const publish = await fetch(`${base}/nacos/v1/cs/configs`, {
      method: 'POST',
      headers: form,
      body: 'dataId=a&group=G&content=x',
    });
    expect(publish.status).toBe(500);
    // answered by a fastify route
    const remove = await fetch(`${base}/nacos/v1/cs/configs?dataId=a&group=G`, { method: 'DELETE' });
    expect(remove.status).toBe(500);
    // client mistakes and plain answers are not server errors
    expect(
      (await fetch(`${base}/nacos/v1/cs/configs`, { method: 'POST', headers: form, body: 'dataId=a' })).status,
    ).toBe(400);
    expect((await fetch(`${base}/nacos/v1/cs/configs?dataId=none&group=G`)).status).toBe(404);
    expect(await counter('http_request_server_error_total')).toBe(before + 2);
  });
});

describe('refused logins at /metrics', () => {
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ app, base } = await listeningTestApp({ RNACOS_ENABLE_OPEN_API_AUTH: 'true' }));
  });
  afterAll(() => app.dispose());

  it('counts refused SDK logins, not accepted ones', async () => {
    const login = (password: string) =>
      fetch(`${base}/nacos/v1/auth/login`, {
        method: 'POST',
        headers: form,
        body: `username=admin&password=${password}`,
      });
    expect((await login('wrong-password')).status).toBe(403);
    expect((await login('admin')).status).toBe(200);
    expect(await counterOf(base, 'login_refused_total')).toBe(1);
  });
});
