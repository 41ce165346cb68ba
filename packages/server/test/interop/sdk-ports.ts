import net from 'node:net';

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A free HTTP port P whose P + 1000 is free too: the SDKs know only the HTTP port and always reach gRPC
 * at P + 1000.
 */
export async function freeSdkPorts(host = '127.0.0.1'): Promise<{ httpPort: number; grpcPort: number }> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const httpPort = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await isFree(httpPort, host)) && (await isFree(httpPort + 1000, host))) {
      return { httpPort, grpcPort: httpPort + 1000 };
    }
  }
  throw new Error('no free port pair P, P+1000 found');
}
