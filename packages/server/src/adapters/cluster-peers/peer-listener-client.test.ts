import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { configKeyString } from '../../core/config/config-key.js';
import { PEER_AUTH_HEADER, PeerAuth } from './peer-auth.js';
import { PeerListenerClient } from './peer-listener-client.js';

const key = configKeyString({ namespaceId: '', group: 'G', dataId: 'app.yaml' });
const row = { via: 'grpc', ip: '10.0.0.5', address: '10.0.0.5:50001', keyString: key, md5: 'm1' };
const auth = new PeerAuth('cluster key');
const servers: http.Server[] = [];

/** A node on a real socket answering with `handle`; its gRPC address (HTTP + 1000), as leases name nodes. */
async function node(handle: http.RequestListener): Promise<{ grpcAddr: string; http: string }> {
  const server = http.createServer(handle);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { grpcAddr: `127.0.0.1:${port + 1000}`, http: `127.0.0.1:${port}` };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('PeerListenerClient', () => {
  it('sends a signed call and merges the rows that match what was asked', async () => {
    let signed = false;
    const good = await node((req, res) => {
      signed = auth.verify(req.headers[PEER_AUTH_HEADER], 'GET', req.url ?? '');
      const other = { ...row, keyString: 'other' };
      res.end(JSON.stringify({ clients: [row, other, { ...row, via: 'smoke' }, { ...row, md5: 'x'.repeat(65) }] }));
    });
    const client = new PeerListenerClient(() => [good.grpcAddr], auth);
    expect(await client.listeners({ keyString: key })).toEqual({ clients: [row], unanswered: [] });
    expect(signed).toBe(true);
  });

  it('leaves out and names a node that is too slow, answers too much, refuses or answers garbage', async () => {
    const good = await node((_req, res) => res.end(JSON.stringify({ clients: [row] })));
    const slow = await node(() => undefined);
    const huge = await node((_req, res) => res.end(JSON.stringify({ clients: Array(2_000).fill(row) })));
    // no content-length: the limit is found while reading
    const streaming = await node((_req, res) => {
      res.write('{"clients":[');
      for (let i = 0; i < 2_000; i++) res.write(`${JSON.stringify(row)},`);
      res.end(`${JSON.stringify(row)}]}`);
    });
    const refusing = await node((_req, res) => res.writeHead(403).end('{}'));
    const garbage = await node((_req, res) => res.end('not json'));
    const limits = { timeoutMs: 300, maxAnswerBytes: 64 * 1024 };
    const peers = [good, slow, huge, streaming, refusing, garbage];
    const client = new PeerListenerClient(() => peers.map((p) => p.grpcAddr), auth, limits);
    const started = Date.now();
    const answer = await client.listeners({ ip: '10.0.0.5' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.clients).toEqual([row]);
    expect(answer.unanswered).toEqual([slow.http, huge.http, streaming.http, refusing.http, garbage.http]);
  });

  it('asks nobody when no other node is alive', async () => {
    const client = new PeerListenerClient(() => [], auth);
    expect(await client.listeners({ ip: '10.0.0.5' })).toEqual({ clients: [], unanswered: [] });
  });
});
