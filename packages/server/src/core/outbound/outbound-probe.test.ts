import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundClient } from './outbound-client.js';
import { OutboundPolicy } from './outbound-policy.js';
import { OutboundProbe } from './outbound-probe.js';

const names: Record<string, string[]> = { 'metadata.test': ['169.254.169.254'], 'here.test': ['127.0.0.1'] };
const resolve = async (name: string) => names[name] ?? [];

describe('the instance prober’s outbound door', () => {
  let server: http.Server;
  let port: number;
  let requests = 0;
  const policy = new OutboundPolicy({ hostAddresses: () => [] });
  const probe = new OutboundProbe(policy, new OutboundClient(policy), resolve);

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      requests++;
      res.end('ok');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise((done) => server.close(done)));

  it('connects to loopback over TCP, by address or name', async () => {
    expect(await probe.tcp('127.0.0.1', port, 500)).toBe('up');
    expect(await probe.tcp('here.test', port, 500)).toBe('up');
  });

  it('tells a closed port and an unknown name as down', async () => {
    const closed = net.createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise((done) => closed.close(done));
    expect(await probe.tcp('127.0.0.1', closedPort, 500)).toBe('down');
    expect(await probe.tcp('nowhere.test', 80, 500)).toBe('down');
  });

  it('refuses this server’s own ports and the cloud metadata address, even behind a name', async () => {
    policy.setOwnPort('HTTP', port);
    try {
      expect(await probe.tcp('127.0.0.1', port, 500)).toEqual({ refused: expect.stringContaining('HTTP port') });
    } finally {
      policy.setOwnPort('HTTP', 0);
    }
    expect(await probe.tcp('metadata.test', 80, 500)).toEqual({
      refused: expect.stringContaining('cloud metadata'),
    });
  });

  it('sends no HTTP request to loopback unless the outbound setting allows it', async () => {
    const target = { host: '127.0.0.1', port, path: '/', headers: {}, expectedCode: 200 };
    const before = requests;
    expect(await probe.httpGet(target, 500)).toEqual({ refused: expect.stringContaining('loopback') });
    expect(requests).toBe(before);

    const allowed = new OutboundPolicy({ allow: ['127.0.0.1'], hostAddresses: () => [] });
    const open = new OutboundProbe(allowed, new OutboundClient(allowed), resolve);
    expect(await open.httpGet(target, 500)).toBe('up');
    expect(await open.httpGet({ ...target, expectedCode: 204 }, 500)).toBe('down');
  });
});
