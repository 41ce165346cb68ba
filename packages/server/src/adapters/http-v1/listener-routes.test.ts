import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, form, type TestApp } from '../../../test/helpers.js';
import { md5Hex } from '../../core/config/config-model.js';

let app: TestApp;
beforeEach(async () => {
  app = await buildTestApp({ longPollTiming: { minHoldMs: 300, maxHoldMs: 5_000 } });
});
afterEach(() => app.dispose());

const record = (dataId: string, group: string, md5: string, tenant?: string) =>
  tenant === undefined
    ? `${dataId}\u0002${group}\u0002${md5}\u0001`
    : `${dataId}\u0002${group}\u0002${md5}\u0002${tenant}\u0001`;

const listen = (listening: string, headers: Record<string, string> = { 'Long-Pulling-Timeout': '800' }) => {
  const body = form({ 'Listening-Configs': listening });
  return app.sdkHttp.inject({
    method: 'POST',
    url: '/nacos/v1/cs/configs/listener',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};
const publish = (dataId: string, content: string, tenant = '') =>
  app.core.configs.publish({ namespaceId: tenant, group: 'DEFAULT_GROUP', dataId, content });

describe('long-poll listener', () => {
  it('answers at once with the changed keys when an md5 already differs, echoing the client tenant', async () => {
    await publish('a', 'v1');
    await publish('b', 'v1', 'dev');
    const res = await listen(record('a', 'DEFAULT_GROUP', 'old') + record('b', 'DEFAULT_GROUP', '', 'dev'));
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(res.body)).toBe('a\u0002DEFAULT_GROUP\u0001b\u0002DEFAULT_GROUP\u0002dev\u0001');
  });

  it('treats an empty md5 for a missing config as up to date', async () => {
    const res = await listen(record('missing', 'DEFAULT_GROUP', ''), {});
    expect(res.body).toBe('');
  });

  it('holds until a matching publish, then answers with that key', async () => {
    await publish('a', 'v1');
    const started = Date.now();
    const pending = listen(record('a', 'DEFAULT_GROUP', md5Hex('v1')), { 'Long-Pulling-Timeout': '30000' });
    await new Promise((r) => setTimeout(r, 50));
    await publish('a', 'v2');
    const res = await pending;
    expect(decodeURIComponent(res.body)).toBe('a\u0002DEFAULT_GROUP\u0001');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('wakes a listener waiting for a config that does not exist yet, and on delete', async () => {
    const pending = listen(record('later', 'DEFAULT_GROUP', ''), { 'Long-Pulling-Timeout': '30000' });
    await new Promise((r) => setTimeout(r, 30));
    await publish('later', 'now');
    expect(decodeURIComponent((await pending).body)).toBe('later\u0002DEFAULT_GROUP\u0001');

    const onDelete = listen(record('later', 'DEFAULT_GROUP', md5Hex('now')), { 'Long-Pulling-Timeout': '30000' });
    await new Promise((r) => setTimeout(r, 30));
    await app.core.configs.remove({ namespaceId: '', group: 'DEFAULT_GROUP', dataId: 'later' });
    expect(decodeURIComponent((await onDelete).body)).toBe('later\u0002DEFAULT_GROUP\u0001');
  });

  it('does not answer for a change of another key or a republish of the same content', async () => {
    await publish('a', 'v1');
    const pending = listen(record('a', 'DEFAULT_GROUP', md5Hex('v1')), { 'Long-Pulling-Timeout': '800' });
    await publish('other', 'x');
    await publish('a', 'v1');
    const res = await pending;
    expect(res.body).toBe('');
  });

  it('answers at once without the timeout header or with No-Hangup', async () => {
    const started = Date.now();
    expect((await listen(record('a', 'DEFAULT_GROUP', ''), {})).body).toBe('');
    const noHangup = await listen(record('a', 'DEFAULT_GROUP', ''), {
      'Long-Pulling-Timeout': '30000',
      'Long-Pulling-Timeout-No-Hangup': 'true',
    });
    expect(noHangup.body).toBe('');
    // A held request would take the 5 s hold; 2 s leaves room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers with no change when the hold ends', async () => {
    const res = await listen(record('a', 'DEFAULT_GROUP', ''), { 'Long-Pulling-Timeout': '300' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('rejects an empty or malformed Listening-Configs with 400', async () => {
    expect((await listen('')).statusCode).toBe(400);
    const bad = await listen('only-one-field\u0001');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/record 1/);
    expect((await listen(record('bad id', 'g', ''))).statusCode).toBe(400);
  });

  it('answers held requests when the server shuts down', async () => {
    const pending = listen(record('a', 'DEFAULT_GROUP', ''), { 'Long-Pulling-Timeout': '30000' });
    await new Promise((r) => setTimeout(r, 30));
    await app.close();
    expect((await pending).body).toBe('');
  });
});
