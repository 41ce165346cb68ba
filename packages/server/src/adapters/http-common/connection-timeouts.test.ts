import net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../shared/logger.js';
import { FastifyPort } from './fastify-port.js';

/** A port with short timeouts (1 s), over real sockets, against clients that never finish their request. */
let port: FastifyPort | undefined;
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await port?.close();
  port = undefined;
});

async function listen(): Promise<number> {
  port = new FastifyPort({
    name: 'OpenAPI',
    keepAliveTimeoutMs: 5_000,
    timeouts: { stallTimeoutMs: 1_000, idleTimeoutMs: 1_000 },
    logger: createLogger('silent'),
    build: async () => {
      const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
      app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      app.post('/upload', async (req) => ({ bytes: (req.body as Buffer).length }));
      // held like a long-poll, well past both timeouts
      app.get('/held', async () => new Promise((resolve) => setTimeout(() => resolve({ held: true }), 2_500)));
      return app;
    },
  });
  const url = await port.listen(0, '127.0.0.1');
  await port.app();
  return Number(new URL(url).port);
}

/** A raw connection; resolves `closed` with everything the server sent before it closed the connection. */
function connect(p: number): { socket: net.Socket; closed: Promise<string> } {
  const socket = net.connect(p, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => undefined);
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(received))) };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HTTP connection timeouts', () => {
  it('closes a connection that never sends a request', async () => {
    const { closed } = connect(await listen());
    expect(await closed).toBe('');
  });

  it('cuts headers that keep dribbling in (408)', async () => {
    const { socket, closed } = connect(await listen());
    socket.write('POST /upload HTTP/1.1\r\nHost: x\r\n');
    const dribble = setInterval(() => socket.write('X-A: b\r\n'), 100);
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(dribble);
    }
  });

  it('cuts a body that dribbles a few bytes at a time', async () => {
    const { socket, closed } = connect(await listen());
    socket.write(
      'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n',
    );
    const dribble = setInterval(() => socket.write('x'), 100);
    try {
      expect(await closed).toBe('');
    } finally {
      clearInterval(dribble);
    }
  });

  it('answers a long upload that keeps coming, and a request it holds past the timeouts', async () => {
    const p = await listen();
    const held = fetch(`http://127.0.0.1:${p}/held`);
    const { socket, closed } = connect(p);
    const chunks = 30;
    const chunk = Buffer.alloc(64 * 1024, 1);
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nConnection: close\r\nContent-Length: ${chunks * chunk.length}\r\n\r\n`,
    );
    // 3 s in all: three times the stall timeout
    for (let i = 0; i < chunks; i++) {
      socket.write(chunk);
      await tick(100);
    }
    expect(await closed).toContain(`{"bytes":${chunks * chunk.length}}`);
    expect(await (await held).json()).toEqual({ held: true });
  });
});
