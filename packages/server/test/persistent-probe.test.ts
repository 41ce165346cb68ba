import dgram from 'node:dgram';
import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

const INTERVAL_MS = 1000;
const SERVICE = 'DEFAULT_GROUP%40%40probed';

interface Host {
  ip: string;
  port: number;
  healthy: boolean;
}

/** A real listening TCP port that can be closed and opened again on the same port number. */
class TcpPort {
  private server: net.Server | null = null;
  port = 0;
  async open(): Promise<void> {
    this.server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

async function until<T>(what: string, read: () => Promise<T | undefined> | T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('probes of persistent instances', () => {
  let app: TestApp;
  let httpBase = '';
  const closers: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await app?.dispose();
  });

  /**
   * The app, with one instance that stays up: a service whose every instance is down is below its protect
   * threshold (0 by default, and 0/1 <= 0), so clients would see the down one as healthy.
   */
  async function start(env: Record<string, string> = {}): Promise<number> {
    app = await buildTestApp({ env, probeIntervalMs: INTERVAL_MS, udpPushTiming: { delayMs: 10 } });
    httpBase = (await app.listen()).http;
    const anchor = new TcpPort();
    await anchor.open();
    closers.push(() => anchor.close());
    await register(anchor.port);
    return anchor.port;
  }
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string) => {
    const res = await app.sdkHttp.inject({ method, url });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const register = (port: number, ip = '127.0.0.1', cluster = 'DEFAULT') =>
    call(
      'POST',
      `/nacos/v1/ns/instance?serviceName=${SERVICE}&ip=${ip}&port=${port}&ephemeral=false&clusterName=${cluster}`,
    );
  const list = async (extra = '') =>
    (await call('GET', `/nacos/v1/ns/instance/list?serviceName=${SERVICE}${extra}`)).json<{
      hosts: Host[];
      reachProtectionThreshold: boolean;
    }>();
  const healthOf = async (port: number) => (await list()).hosts.find((h) => h.port === port)?.healthy;
  const becomes = (port: number, healthy: boolean) =>
    until(`port ${port} healthy=${healthy}`, async () => ((await healthOf(port)) === healthy ? true : undefined));

  it('marks a closed port unhealthy within two intervals, pushes it, and healthy again once it listens', async () => {
    await start();
    const tcp = new TcpPort();
    await tcp.open();
    closers.push(() => tcp.close());
    await register(tcp.port);

    // a 1.x client subscribed for UDP pushes
    const receiver = dgram.createSocket('udp4');
    closers.push(() => new Promise((resolve) => receiver.close(() => resolve(undefined))));
    const pushed: Host[][] = [];
    receiver.on('message', (msg) => {
      const text = (msg[0] === 0x1f ? gunzipSync(msg) : msg).toString('utf8');
      const hosts = (JSON.parse(JSON.parse(text).data) as { hosts: Host[] }).hosts;
      pushed.push(hosts.filter((h) => h.port === tcp.port));
    });
    await new Promise<void>((resolve) => receiver.bind(0, '127.0.0.1', resolve));
    await list(`&clientIP=127.0.0.1&udpPort=${receiver.address().port}`);

    await tcp.close();
    const closedAt = Date.now();
    await becomes(tcp.port, false);
    // the promise is two intervals; the margin covers the 20 ms polling and timer lag on a busy machine
    expect(Date.now() - closedAt).toBeLessThan(2 * INTERVAL_MS + 200);
    await until('push of the unhealthy instance', () => (pushed.some((h) => h[0]?.healthy === false) ? 1 : undefined));

    await tcp.open();
    await becomes(tcp.port, true);
    await until('push of the healthy instance', () => (pushed.at(-1)?.[0]?.healthy === true ? 1 : undefined));
  });

  it('keeps the protect threshold: below it, unhealthy hosts are still handed out', async () => {
    const up = await start();
    const down = new TcpPort();
    await down.open();
    await register(down.port);
    await down.close();
    await becomes(down.port, false);
    expect((await list('&healthyOnly=true')).hosts.map((h) => h.port)).toEqual([up]);

    // 1 healthy of 2 is at or below 0.6: every host is handed out, as healthy
    await call('PUT', `/nacos/v1/ns/service?serviceName=${SERVICE}&protectThreshold=0.6`);
    const protectedList = await list('&healthyOnly=true');
    expect(protectedList.reachProtectionThreshold).toBe(true);
    expect(protectedList.hosts.map((h) => h.port).sort()).toEqual([up, down.port].sort());
  });

  it('checks over HTTP when the cluster says so, against the expected code', async () => {
    // loopback is allowed to HTTP probes only through the outbound setting
    await start({ RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' });
    let status = 204;
    const paths: string[] = [];
    const server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const port = (server.address() as net.AddressInfo).port;
    await register(port, '127.0.0.1', 'WEB');
    // only cluster WEB is checked over HTTP; the anchor in DEFAULT stays on TCP
    const metadata = encodeURIComponent(
      JSON.stringify({
        'cluster.WEB.healthChecker.type': 'HTTP',
        'cluster.WEB.healthChecker.path': '/ready',
        'cluster.WEB.healthChecker.expectedResponseCode': '204',
      }),
    );
    await call('PUT', `/nacos/v1/ns/service?serviceName=${SERVICE}&metadata=${metadata}`);

    await until('an HTTP probe', () => (paths.includes('/ready') ? 1 : undefined));
    expect(await healthOf(port)).toBe(true);
    status = 200; // answering, but not with the expected code
    await becomes(port, false);
    status = 204;
    await becomes(port, true);
  });

  it("takes a cluster's checker from nacos's update-cluster call (PUT /nacos/v1/ns/cluster)", async () => {
    await start({ RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' });
    const paths: string[] = [];
    const server = http.createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const port = (server.address() as net.AddressInfo).port;
    await register(port, '127.0.0.1', 'WEB');
    // the port accepts connections: healthy under the default TCP check
    expect(await healthOf(port)).toBe(true);
    const checker = encodeURIComponent(JSON.stringify({ type: 'HTTP', path: '/health', expectedResponseCode: 200 }));
    await call(
      'PUT',
      `/nacos/v1/ns/cluster?serviceName=${SERVICE}&clusterName=WEB&checkPort=80&useInstancePort4Check=true&healthChecker=${checker}`,
    );
    // now checked over HTTP on its own port: 503 is not the expected code
    await becomes(port, false);
    expect(paths).toContain('/health');
  });

  it('probes nothing of a cluster whose check type is NONE', async () => {
    await start();
    const tcp = new TcpPort();
    await tcp.open();
    await register(tcp.port);
    await tcp.close();
    await call('PUT', `/nacos/v1/ns/service?serviceName=${SERVICE}&metadata=healthChecker.type%3DNONE`);
    const round = await app.prober!.round();
    expect(round).toMatchObject({ probed: 0, skipped: 2 });
    expect(await healthOf(tcp.port)).toBe(true);
  });

  it('never reaches the server’s own ports or the cloud metadata address', async () => {
    const anchor = await start({ RNACOS_OUTBOUND_ALLOW_CIDRS: '127.0.0.1' });
    const ownHttpPort = Number(new URL(httpBase).port);
    // an HTTP check of the own port would answer 404, not the expected 200: probed, it would turn unhealthy
    await call('PUT', `/nacos/v1/ns/service?serviceName=${SERVICE}&metadata=cluster.OWN.healthChecker.type%3DHTTP`);
    await register(ownHttpPort, '127.0.0.1', 'OWN');
    await register(80, '169.254.169.254');
    const round = await app.prober!.round();
    // only the anchor is probed
    expect(round).toMatchObject({ probed: 1, skipped: 2 });
    expect((await list()).hosts.map((h) => [h.port, h.healthy])).toEqual(
      expect.arrayContaining([
        [anchor, true],
        [ownHttpPort, true],
        [80, true],
      ]),
    );
  });
});
