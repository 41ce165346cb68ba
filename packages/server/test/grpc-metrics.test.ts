import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/shared/clock.js';
import { RawNacosClient } from './grpc-raw-client.js';
import { buildTestApp, type TestApp } from './helpers.js';

// The monitor counts gRPC requests and connections as the doors report them.
describe('gRPC in the monitor', () => {
  const clock = new ManualClock(5_000_000);
  let app: TestApp;
  let client: RawNacosClient;
  beforeAll(async () => {
    app = await buildTestApp({ clock });
    const { grpc } = await app.listen();
    client = new RawNacosClient(`127.0.0.1:${grpc}`);
    await client.connect();
  });
  afterAll(async () => {
    client?.close();
    await app.dispose();
  });

  it('records request latency and the open connection', async () => {
    const before = (await app.core.metrics.prometheusText()).body;
    const countOf = (text: string) => Number(/^grpc_request_handle_rt_histogram_count (\d+)$/m.exec(text)?.[1] ?? 0);
    await client.request('ConfigQueryRequest', { dataId: 'x', group: 'G' });
    await client.request('ConfigQueryRequest', { dataId: 'y', group: 'G' });
    const after = (await app.core.metrics.prometheusText()).body;
    expect(countOf(after) - countOf(before)).toBe(2);
    clock.advance(15_000);
    await app.core.metrics.collect();
    const t = app.core.metrics.timeline({
      group: 'LEAST',
      startTime: 5_000_000,
      keys: ['grpc_conn_size', 'grpc_request_total_count'],
    });
    expect(t.gaugeData.grpc_conn_size.at(-1)).toBe(1);
    expect(t.gaugeData.grpc_request_total_count.at(-1)).toBeGreaterThanOrEqual(2);
  });

  it('counts answers with a server error, not those refusing what the client sent', async () => {
    const errors = async () =>
      Number(/^grpc_request_server_error_total (\d+)$/m.exec((await app.core.metrics.prometheusText()).body)?.[1]);
    const before = await errors();
    // a store that fails once: the publish ends in an unexpected error
    const publish = vi.spyOn(app.core.configs, 'publish').mockRejectedValueOnce(new Error('disk on fire'));
    const failed = await client.request('ConfigPublishRequest', { dataId: 'x', group: 'G', content: 'v' });
    expect(failed.body).toMatchObject({ errorCode: 500 });
    publish.mockRestore();
    const refused = await client.request('ConfigPublishRequest', { dataId: '', group: 'G', content: 'v' });
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.errorCode).toBeLessThan(500);
    expect(await errors()).toBe(before + 1);
  });
});
