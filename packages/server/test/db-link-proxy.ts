import net from 'node:net';

/** How the link behaves: as a cable, cut silently (packets dropped), cut loudly (resets), or slow. */
export type LinkState =
  { kind: 'up' } | { kind: 'dropped' } | { kind: 'refused' } | { kind: 'hung-up' } | { kind: 'slow'; delayMs: number };

/**
 * A TCP proxy standing for the network between one node and PostgreSQL, which a test can break:
 * `dropped` stops every byte both ways and leaves new connections unanswered (a firewall dropping packets:
 * nothing is closed, both ends wait), `refused` resets every connection and refuses new ones, `hung-up`
 * closes each connection as soon as the client speaks (a server behind a proxy that is gone), `slow`
 * delays every chunk each way. Back `up`, what waited flows again, in order.
 */
export interface DbLinkProxy {
  port: number;
  /** `postgres://...` through this proxy, from a URL of the server it fronts. */
  url(direct: string): string;
  set(state: LinkState): void;
  state(): LinkState;
  /** Connections accepted so far (refused ones too). */
  accepted(): number;
  close(): Promise<void>;
}

/** One way of one connection: its chunks in order, written by one pump at a time. */
interface Way {
  queue: Buffer[];
  pumping: boolean;
  to: () => net.Socket | null;
}

interface Pipe {
  client: net.Socket;
  upstream: net.Socket | null;
  toServer: Way;
  toClient: Way;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startDbLinkProxy(targetPort: number): Promise<DbLinkProxy> {
  let current: LinkState = { kind: 'up' };
  const pipes = new Set<Pipe>();

  // chunks leave in order: a slow link delays each, a dropped one holds them until it is back
  const pump = async (way: Way) => {
    if (way.pumping) return;
    way.pumping = true;
    try {
      while (way.queue.length > 0 && current.kind !== 'dropped' && way.to()) {
        if (current.kind === 'slow') await sleep(current.delayMs);
        const socket = way.to();
        const chunk = way.queue.shift();
        if (socket && chunk && !socket.destroyed) socket.write(chunk);
      }
    } finally {
      way.pumping = false;
    }
  };
  const connectUpstream = (pipe: Pipe) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    pipe.upstream = upstream;
    upstream.on('data', (chunk: Buffer) => {
      pipe.toClient.queue.push(chunk);
      void pump(pipe.toClient);
    });
    upstream.on('error', () => pipe.client.destroy());
    upstream.on('close', () => pipe.client.destroy());
    void pump(pipe.toServer);
  };

  let accepted = 0;
  const server = net.createServer((client) => {
    accepted++;
    if (current.kind === 'refused') return client.resetAndDestroy();
    if (current.kind === 'hung-up') {
      client.on('error', () => undefined);
      client.once('data', () => client.end());
      return;
    }
    const pipe: Pipe = {
      client,
      upstream: null,
      toServer: { queue: [], pumping: false, to: () => pipe.upstream },
      toClient: { queue: [], pumping: false, to: () => client },
    };
    pipes.add(pipe);
    client.on('data', (chunk: Buffer) => {
      pipe.toServer.queue.push(chunk);
      void pump(pipe.toServer);
    });
    client.on('error', () => undefined);
    client.on('close', () => {
      pipes.delete(pipe);
      pipe.upstream?.destroy();
    });
    // a dropped link does not even answer the connection's first bytes: it is opened when the link is back
    if (current.kind !== 'dropped') connectUpstream(pipe);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: (direct) => direct.replace(/@127\.0\.0\.1:\d+\//, `@127.0.0.1:${port}/`),
    set(state) {
      current = state;
      for (const pipe of pipes) {
        if (state.kind === 'refused' || state.kind === 'hung-up') {
          if (state.kind === 'refused') pipe.client.resetAndDestroy();
          else pipe.client.end();
          pipe.upstream?.destroy();
        } else if (state.kind !== 'dropped') {
          if (!pipe.upstream) connectUpstream(pipe);
          void pump(pipe.toServer);
          void pump(pipe.toClient);
        }
      }
    },
    state: () => current,
    accepted: () => accepted,
    close: () => {
      for (const pipe of pipes) {
        pipe.client.destroy();
        pipe.upstream?.destroy();
      }
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
