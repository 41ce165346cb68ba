import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A plain HTTP service on a free local port that answers every request with `answer(path and query)`. */
export interface HttpService {
  port: number;
  /** The request URLs seen so far. */
  seen: string[];
  close(): Promise<void>;
}

export async function startHttpService(answer: (url: URL) => unknown): Promise<HttpService> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://service.local');
    seen.push(url.pathname + url.search);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer(url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
