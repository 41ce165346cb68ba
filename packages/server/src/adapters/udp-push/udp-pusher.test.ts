import dgram from 'node:dgram';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { ManualClock } from '../../shared/clock.js';

interface Received {
  packet: { type: string; data: string; lastRefTime: number };
  from: dgram.RemoteInfo;
  gzipped: boolean;
}

/** A 1.x client's UDP receiver: a real socket collecting push packets. */
class Receiver {
  readonly socket: dgram.Socket;
  readonly packets: Received[] = [];
  private waiters: Array<() => void> = [];

  constructor(private readonly address = '127.0.0.1') {
    this.socket = dgram.createSocket(address.includes(':') ? 'udp6' : 'udp4');
  }

  async bind(): Promise<number> {
    this.socket.on('message', (msg, from) => {
      const gzipped = msg[0] === 0x1f && msg[1] === 0x8b;
      const text = (gzipped ? gunzipSync(msg) : msg).toString('utf8');
      this.packets.push({ packet: JSON.parse(text), from, gzipped });
      for (const w of this.waiters.splice(0)) w();
    });
    await new Promise<void>((resolve) => this.socket.bind(0, this.address, resolve));
    return this.socket.address().port;
  }

  /** Waits (at most 5 s) until `count` packets have arrived. */
  async waitFor(count: number): Promise<Received[]> {
    const deadline = Date.now() + 5000;
    while (this.packets.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} packets, got ${this.packets.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.packets;
  }

  ack(received: Received, lastRefTime: unknown = received.packet.lastRefTime): void {
    const ack = JSON.stringify({ type: 'push-ack', lastRefTime, data: '' });
    this.socket.send(ack, received.from.port, received.from.address);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('UDP push to 1.x naming clients', () => {
  let app: TestApp;
  let clock: ManualClock;
  let receiver: Receiver;
  let udpPort: number;

  beforeEach(async () => {
    clock = new ManualClock();
    app = await buildTestApp({ clock, udpPushTiming: { delayMs: 10, retryAfterMs: 1000, maxRetries: 2 } });
    await app.listen();
    receiver = new Receiver();
    udpPort = await receiver.bind();
  });
  afterEach(async () => {
    await receiver.close();
    await app.dispose();
  });

  const subscribe = (clusters = '') =>
    app.sdkHttp.inject({
      method: 'GET',
      url: `/nacos/v1/ns/instance/list?serviceName=DEFAULT_GROUP%40%40svc&clusters=${clusters}&clientIP=127.0.0.1&udpPort=${udpPort}`,
    });
  const register = (ip: string) =>
    app.sdkHttp.inject({
      method: 'POST',
      url: `/nacos/v1/ns/instance?serviceName=DEFAULT_GROUP%40%40svc&ip=${ip}&port=80`,
    });
  const pusher = () => app.udpPush!;

  it('pushes the subscriber’s list on a change and stops resending once acknowledged', async () => {
    const poll = await subscribe('DEFAULT');
    expect(poll.json().cacheMillis).toBe(10000);
    await register('10.0.0.1');
    const [first] = await receiver.waitFor(1);
    expect(first.packet.type).toBe('dom');
    const data = JSON.parse(first.packet.data);
    expect(data).toMatchObject({ name: 'DEFAULT_GROUP@@svc', clusters: 'DEFAULT', cacheMillis: 10000 });
    expect(data.hosts.map((h: { ip: string }) => h.ip)).toEqual(['10.0.0.1']);

    // No ack yet: resent with the same id once the retry delay has passed.
    clock.advance(1000);
    pusher().tick();
    const [, resent] = await receiver.waitFor(2);
    expect(resent.packet.lastRefTime).toBe(first.packet.lastRefTime);

    // Java clients echo the id as a string.
    receiver.ack(resent, String(resent.packet.lastRefTime));
    await until(() => pusher().stats.acked === 1);
    expect(pusher().pendingCount()).toBe(0);
    clock.advance(5000);
    pusher().tick();
    expect(pusher().stats.resent).toBe(1);
  });

  it('gives up after the bounded number of resends', async () => {
    await subscribe();
    await register('10.0.0.1');
    await receiver.waitFor(1);
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      pusher().tick();
    }
    await receiver.waitFor(3);
    expect(pusher().stats).toMatchObject({ sent: 1, resent: 2, abandoned: 1 });
    expect(pusher().pendingCount()).toBe(0);
    expect(new Set(receiver.packets.map((p) => p.packet.lastRefTime)).size).toBe(1);
  });

  it('pushes a change at once and coalesces the changes that follow it within the window', async () => {
    await app.dispose();
    app = await buildTestApp({ clock, udpPushTiming: { delayMs: 60_000 } });
    await app.listen();
    await subscribe();
    await register('10.0.0.1');
    const [first] = await receiver.waitFor(1);
    expect(JSON.parse(first.packet.data).hosts).toHaveLength(1);
    for (let i = 2; i <= 5; i++) await register(`10.0.0.${i}`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pusher().stats.sent).toBe(1);
    pusher().flush();
    const [, second] = await receiver.waitFor(2);
    expect(JSON.parse(second.packet.data).hosts).toHaveLength(5);
    expect(pusher().stats.sent).toBe(2);
  });

  it('pushes an IPv6 subscriber through an IPv6 socket and takes its acks', async () => {
    const v6 = new Receiver('::1');
    const port6 = await v6.bind();
    try {
      await app.sdkHttp.inject({
        method: 'GET',
        url: `/nacos/v1/ns/instance/list?serviceName=DEFAULT_GROUP%40%40svc&udpPort=${port6}`,
        remoteAddress: '::1',
      });
      await register('10.0.0.1');
      const [push] = await v6.waitFor(1);
      expect(push.from.family).toBe('IPv6');
      expect(JSON.parse(push.packet.data).hosts.map((h: { ip: string }) => h.ip)).toEqual(['10.0.0.1']);
      v6.ack(push);
      await until(() => pusher().stats.acked === 1);
      expect(pusher().pendingCount()).toBe(0);
    } finally {
      await v6.close();
    }
  });

  it('gzips large packets, as clients expect', async () => {
    await subscribe();
    await app.sdkHttp.inject({
      method: 'POST',
      url: `/nacos/v1/ns/instance?serviceName=DEFAULT_GROUP%40%40svc&ip=10.0.0.1&port=80&metadata=${encodeURIComponent(
        JSON.stringify({ big: 'x'.repeat(2000) }),
      )}`,
    });
    const [packet] = await receiver.waitFor(1);
    expect(packet.gzipped).toBe(true);
    expect(JSON.parse(packet.packet.data).hosts[0].metadata.big).toHaveLength(2000);
  });
});
