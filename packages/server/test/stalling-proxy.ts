import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can hold back what the server sends on the connections that
 * subscribed with LISTEN: a node behind it stops hearing the change feed (its notifications wait in the
 * proxy) while its other statements go through. What was held is delivered, in order, on release.
 */
export interface StallingProxy {
  port: number;
  /** Connections that sent a LISTEN so far. */
  listeners(): number;
  /** From now on, the server's messages to listening connections wait. */
  stall(): void;
  /** Delivers what waited and lets the traffic flow again. */
  release(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(targetPort: number): Promise<StallingProxy> {
  const sockets = new Set<net.Socket>();
  const feeds: Array<{ flush: () => void }> = [];
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    let listening = false;
    const held: Buffer[] = [];
    const flush = () => {
      for (const chunk of held.splice(0)) client.write(chunk);
    };
    client.on('data', (chunk: Buffer) => {
      if (!listening && chunk.includes('LISTEN ')) {
        listening = true;
        feeds.push({ flush });
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (listening && stalled) held.push(chunk);
      else client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    listeners: () => feeds.length,
    stall: () => {
      stalled = true;
    },
    release: () => {
      stalled = false;
      for (const feed of feeds) feed.flush();
    },
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
