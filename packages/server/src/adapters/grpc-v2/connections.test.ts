import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.js';
import { grpcKit, type GrpcKit } from '../../../test/grpc-kit.js';
import { parsePeer } from './connections.js';

let kit: GrpcKit;
afterEach(() => kit?.dispose());

const flush = () => new Promise((r) => setImmediate(r));

describe('GrpcConnections', () => {
  it('parses IPv4, IPv6 and IPv4-mapped peers', () => {
    expect(parsePeer('10.0.0.1:8080')).toEqual({ ip: '10.0.0.1', port: 8080 });
    expect(parsePeer('::1:50000')).toEqual({ ip: '::1', port: 50000 });
    expect(parsePeer('[fe80::1]:50000')).toEqual({ ip: 'fe80::1', port: 50000 });
    expect(parsePeer('::ffff:127.0.0.1:4000')).toEqual({ ip: '127.0.0.1', port: 4000 });
  });

  it('probes an idle connection with ClientDetectionRequest and keeps it when the client answers', async () => {
    const clock = new ManualClock();
    kit = await grpcKit({ clock, grpcTimings: { detectionIdleMs: 15_000, detectionAckTimeoutMs: 3_000 } });
    const connections = kit.app.grpc.connections;
    clock.advance(14_000);
    connections.sweep();
    expect(kit.stream.messages).toEqual([]);

    clock.advance(1_000);
    connections.sweep();
    expect(kit.stream.messages.map((m) => m.type)).toEqual(['ClientDetectionRequest']);
    const probe = kit.stream.messages[0].body;
    connections.touch(kit.conn);
    connections.acknowledge(kit.conn, { requestId: probe.requestId, resultCode: 200 });
    await flush();
    clock.advance(3_000);
    connections.sweep();
    await flush();
    expect(kit.app.core.connections.has(kit.conn.id)).toBe(true);
  });

  it('drops a connection that does not answer the probe, with everything bound to it', async () => {
    const clock = new ManualClock();
    kit = await grpcKit({ clock, grpcTimings: { detectionIdleMs: 15_000, detectionAckTimeoutMs: 3_000 } });
    const connections = kit.app.grpc.connections;
    await kit.call('ConfigBatchListenRequest', { configListenContexts: [{ dataId: 'a', group: 'G', md5: '' }] });
    clock.advance(15_000);
    connections.sweep();
    clock.advance(2_999);
    connections.sweep();
    await flush();
    expect(kit.stream.ended).toBe(false);
    clock.advance(1);
    connections.sweep();
    await flush();
    expect(kit.stream.ended).toBe(true);
    expect(kit.app.core.connections.has(kit.conn.id)).toBe(false);
    expect(kit.app.core.configs.watcherCount()).toBe(0);
    const reply = await kit.call('HealthCheckRequest');
    expect(reply.body.errorCode).toBe(301);
  });

  it('settles pending pushes when the connection goes away', async () => {
    kit = await grpcKit();
    const pending = kit.app.grpc.connections.push(kit.conn, 'ClientDetectionRequest', { module: 'internal' });
    kit.app.grpc.connections.close(kit.conn, 'test');
    await expect(pending).resolves.toBeUndefined();
    expect(kit.conn.pending.size).toBe(0);
  });

  it('asks every client to reconnect on shutdown', async () => {
    kit = await grpcKit();
    const other = kit.openConnection('10.0.0.9:1234');
    kit.app.grpc.connections.shutdown();
    for (const stream of [kit.stream, other.stream]) {
      expect(stream.messages.map((m) => m.type)).toEqual(['ConnectResetRequest']);
      expect(stream.ended).toBe(true);
    }
    expect(kit.app.core.connections.count()).toBe(0);
  });

  it.each([
    ['on', { RNACOS_ENABLE_GRPC_DETECTION_LOG: 'true' }],
    ['off (the default)', {}],
  ])('logs each detection event at info only with RNACOS_ENABLE_GRPC_DETECTION_LOG: %s', async (state, env) => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const clock = new ManualClock();
    kit = await grpcKit({
      clock,
      env,
      logger,
      grpcTimings: { detectionIdleMs: 15_000, detectionAckTimeoutMs: 3_000 },
    });
    const connections = kit.app.grpc.connections;
    await kit.call('ServerCheckRequest');
    await kit.call('HealthCheckRequest'); // a client's keep-alive: never logged, as in r-nacos
    // a probe the client answers
    clock.advance(15_000);
    connections.sweep();
    const probe = kit.stream.messages[0].body;
    connections.touch(kit.conn);
    connections.acknowledge(kit.conn, { requestId: probe.requestId, resultCode: 200 });
    await flush();
    // a probe it leaves unanswered
    clock.advance(15_000);
    connections.sweep();
    clock.advance(3_000);
    connections.sweep();
    await flush();
    expect(kit.stream.ended).toBe(true);
    const detection = lines
      .filter((l) => l.level === 30 && typeof l.msg === 'string' && /^gRPC (server check|client detection)/.test(l.msg))
      .map((l) => [l.msg, l.connectionId, l.door]);
    const id = kit.conn.id;
    expect(detection).toEqual(
      state === 'off (the default)'
        ? []
        : [
            ['gRPC server check', id, 'grpc'],
            ['gRPC client detection sent', id, 'grpc'],
            ['gRPC client detection answered', id, 'grpc'],
            ['gRPC client detection sent', id, 'grpc'],
            ['gRPC client detection unanswered: connection dropped', id, 'grpc'],
          ],
    );
  });
});
