import net from 'node:net';

/** A TCP proxy in front of a local server that can hold new connections and cut the open ones. */
export interface HoldingProxy {
  port: number;
  /** Client sockets still open, held or piped. */
  open: Set<net.Socket>;
  /** Client sockets waiting to be let through. */
  waiting: Set<net.Socket>;
  /** New connections wait until `release()`. */
  hold(): void;
  release(): void;
  /** Drops every open connection, as a network failure would. */
  cut(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(targetPort: number): Promise<HoldingProxy> {
  const open = new Set<net.Socket>();
  const waiting = new Set<net.Socket>();
  let gate = Promise.resolve();
  let release = () => undefined as void;
  const server = net.createServer((socket) => {
    open.add(socket);
    waiting.add(socket);
    // read while held, so that a client hanging up is noticed; replayed upstream once let through
    const early: Buffer[] = [];
    const keep = (chunk: Buffer) => early.push(chunk);
    socket.on('data', keep);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      open.delete(socket);
      waiting.delete(socket);
    });
    void gate.then(() => {
      waiting.delete(socket);
      if (socket.destroyed) return;
      socket.off('data', keep);
      const upstream = net.connect(targetPort, '127.0.0.1');
      for (const chunk of early) upstream.write(chunk);
      upstream.on('error', () => socket.destroy());
      upstream.on('close', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      socket.pipe(upstream).pipe(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    open,
    waiting,
    hold: () => {
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    cut: () => open.forEach((socket) => socket.destroy()),
    close: () => {
      open.forEach((socket) => socket.destroy());
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
