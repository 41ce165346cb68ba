import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundFetch, type Resolve } from './outbound-fetch.js';
import { OutboundPolicy, OutboundRefusedError } from './outbound-policy.js';

/** A local HTTP server that counts the connections made to it: a refused call must make none. */
let server: http.Server;
let port: number;
let connections = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/redirect') return void res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    res.end('hello');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Hosts-style names for the tests; anything else is not found. */
const HOSTS: Record<string, string[]> = {
  'svc.test': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'mixed.test': ['169.254.169.254', '127.0.0.1'],
};
const hostsResolve: Resolve = async (hostname) => {
  const list = HOSTS[hostname];
  if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const clients: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

function client(allow: string[] = [], resolve?: Resolve) {
  const policy = new OutboundPolicy({ allow });
  const c = createOutboundFetch(policy, resolve);
  clients.push(c);
  return { policy, fetch: c.fetch };
}

/** The refusal a fetch failed with (the HTTP client hands it on as the cause). */
async function refusalOf(call: Promise<unknown>): Promise<OutboundRefusedError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof OutboundRefusedError) return e;
  throw new Error(`not refused by the policy: ${String(err)}`);
}

describe('the outbound connector', () => {
  it('refuses loopback in every notation the URL parser reads, without connecting', async () => {
    const { fetch } = client();
    const before = connections;
    for (const host of ['127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.1', '127.1', '[::ffff:127.0.0.1]']) {
      const refused = await refusalOf(fetch(`http://${host}:${port}/`, {}));
      expect(refused.refusal).toMatchObject({ address: '127.0.0.1', port, why: 'loopback' });
    }
    const ipv6 = await refusalOf(fetch(`http://[::1]:${port}/`, {}));
    expect(ipv6.refusal.why).toBe('loopback');
    expect(connections).toBe(before);
  });

  it('refuses a name that resolves to loopback (localhost, through the system resolver)', async () => {
    const { fetch } = client();
    const before = connections;
    const refused = await refusalOf(fetch(`http://localhost:${port}/`, {}));
    expect(refused.message).toMatch(/^localhost \((127\.0\.0\.1|\[::1\]):\d+\) is refused by the outbound policy/);
    expect(connections).toBe(before);
  });

  it('judges the resolved address, not the name: metadata and IPv4-mapped answers are refused', async () => {
    const { fetch } = client([], hostsResolve);
    const metadata = await refusalOf(fetch('http://metadata.test/latest/meta-data/', {}));
    expect(metadata.refusal).toMatchObject({ address: '169.254.169.254', port: 80, why: 'cloud metadata' });
    expect(metadata.message).toContain('metadata.test (169.254.169.254:80)');
    const mapped = await refusalOf(fetch(`http://mapped.test:${port}/`, {}));
    expect(mapped.refusal).toMatchObject({ address: '127.0.0.1', why: 'loopback' });
  });

  it('connects to what the allow list opens, and only to allowed answers of a name', async () => {
    const { fetch } = client(['127.0.0.1'], hostsResolve);
    expect(await (await fetch(`http://127.0.0.1:${port}/`, {})).text()).toBe('hello');
    expect(await (await fetch(`http://svc.test:${port}/`, {})).text()).toBe('hello');
    // the metadata answer is dropped: the connection goes to 127.0.0.1
    expect(await (await fetch(`http://mixed.test:${port}/`, {})).text()).toBe('hello');
  });

  it("refuses this server's own port by name and by address, even on an allowed address", async () => {
    const { policy, fetch } = client(['127.0.0.0/8'], hostsResolve);
    policy.setOwnPort('console', port);
    const before = connections;
    const byName = await refusalOf(fetch(`http://svc.test:${port}/`, {}));
    expect(byName.refusal.why).toBe("this server's console port");
    const byAddress = await refusalOf(fetch(`http://127.0.0.2:${port}/`, {}));
    expect(byAddress.message).toContain('no setting widens it');
    expect(connections).toBe(before);
  });

  it('answers a redirect as it is, without following it', async () => {
    const { fetch } = client(['127.0.0.1']);
    const res = await fetch(`http://127.0.0.1:${port}/redirect`, { redirect: 'manual' });
    expect(res.status).toBe(302);
  });

  it('passes a name that does not resolve on as a DNS failure', async () => {
    const { fetch } = client([], hostsResolve);
    const err = await fetch('http://nowhere.test/', {}).catch((e: Error) => e);
    expect((err as Error & { cause?: { code?: string } }).cause?.code).toBe('ENOTFOUND');
  });
});
