import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { call, knownCaptcha, sessionFor } from '../../../test/console-helpers.js';

describe('monitoring', () => {
  const clock = new ManualClock(2_000_000);
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({
      clock,
      captchaSource: knownCaptcha,
      env: { RNACOS_METRICS_COLLECT_INTERVAL_SECOND: '10' },
    });
  });
  afterAll(() => app.dispose());

  it('times SDK HTTP requests and serves the timeline to developers', async () => {
    await app.sdkHttp.inject({
      method: 'POST',
      url: '/nacos/v1/cs/configs',
      payload: 'dataId=d&group=G&content=c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await app.sdkHttp.inject({ method: 'GET', url: '/nacos/v1/cs/configs?dataId=d&group=G' });
    clock.advance(10_000);
    await app.core.metrics.collect();

    const token = await sessionFor(app, 'admin');
    const keys = ['http_request_handle_rt_summary', 'config_data_size', 'app_cpu_usage', 'http_request_total_count'];
    const res = await call(app.consoleHttp!, 'POST', 'v2/metrics/timeline', {
      token,
      json: { keys, nodeId: 1, timelineGroupName: 'LEAST' },
    });
    const data = res.json().data;
    expect(data).toMatchObject({ fromNodeId: 1, intervalSecond: 10, timeIndex: [2_010_000], lastTime: 2_010_000 });
    expect(data.gaugeData.config_data_size).toEqual([1]);
    expect(data.gaugeData.http_request_total_count).toEqual([2]);
    expect(data.summeryData.http_request_handle_rt_summary.countData).toEqual([2]);
    expect(data.summeryData.http_request_handle_rt_summary.rpsData[0]).toBeCloseTo(0.2);

    const byGet = await call(app.consoleHttp!, 'GET', 'v2/metrics/timeline', {
      token,
      query: { stringKey: 'config_data_size', timelineGroupName: 'LEAST', startTime: '2010000' },
    });
    expect(byGet.json().data).toMatchObject({ timeIndex: [], gaugeData: {}, lastTime: 0 });
    const badStart = await call(app.consoleHttp!, 'POST', 'v2/metrics/timeline', { token, json: { startTime: -1 } });
    expect(badStart.json()).toMatchObject({ success: false, code: 'PARAM_ERROR' });
    const otherNode = await call(app.consoleHttp!, 'POST', 'v2/metrics/timeline', { token, json: { nodeId: 9 } });
    expect(otherNode.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('keeps guests off the monitor', async () => {
    await app.core.auth.users.add({ username: 'g', password: 'pw-password', roles: ['2'] });
    const res = await call(app.consoleHttp!, 'POST', 'v2/metrics/timeline', {
      token: await sessionFor(app, 'g'),
      json: {},
    });
    expect(res.json().code).toBe('NO_PERMISSION');
  });

  it('serves Prometheus text on the SDK port', async () => {
    for (const url of ['/metrics', '/nacos/metrics']) {
      const res = await app.sdkHttp.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toMatch(/^http_request_handle_rt_histogram_count \d+$/m);
      expect(res.body).toContain('config_data_size 1');
      expect(res.body).toContain('grpc_request_handle_rt_histogram_bucket');
    }
  });
});
