import http from 'node:http';

/** An MCP SSE session held over a real socket, read as raw event-stream text (no reconnects). */
export interface SseStream {
  /** Where the session's messages go, as its `endpoint` event announced it. */
  endpoint: string;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  open(): boolean;
  /** Posts a JSON-RPC ping to the session; resolves the HTTP status. */
  ping(): Promise<number>;
  /** Drops the connection from the client side. */
  close(): void;
}

/** Opens `/rnacos/mcp/sse/{serverKey}/{authKey}`: the stream once its endpoint is announced, or the refusal. */
export function openSse(base: string, serverKey: string, authKey: string): Promise<SseStream | { status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(`/rnacos/mcp/sse/${serverKey}/${authKey}`, base), (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return resolve({ status: res.statusCode ?? 0 });
      }
      let open = true;
      let text = '';
      const ended = new Promise<void>((done) => {
        const end = () => {
          open = false;
          done();
        };
        res.on('end', end);
        res.on('close', end);
      });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        const announced = /event: endpoint\ndata: (\S+)\n\n/.exec(text);
        if (announced && !resolved) {
          resolved = true;
          const endpoint = announced[1];
          resolve({
            endpoint,
            ended,
            open: () => open,
            ping: async () => {
              const answer = await fetch(new URL(endpoint, base), {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method: 'ping' }),
              });
              await answer.arrayBuffer();
              return answer.status;
            },
            close: () => req.destroy(),
          });
        }
      });
    });
    let resolved = false;
    req.on('error', reject);
  });
}
