import type { ApiAccessGuard } from '../src/core/auth/api-access.js';
import type { GrpcConnection } from '../src/adapters/grpc-v2/connections.js';
import { decodePayload, parseJsonBody, type JsonObject } from '../src/adapters/grpc-v2/payload.js';
import { dispatchRequest, type Reply } from '../src/adapters/grpc-v2/request-dispatcher.js';

/** A reply with its JSON body read back, as a client reads it. */
export interface KitReply {
  type: string;
  body: JsonObject;
  afterReply?: Reply['afterReply'];
}

/** The reply as a client sees it: its type and its JSON body parsed. */
export const readReply = (reply: Reply): KitReply => ({
  type: reply.type,
  body: JSON.parse((reply.head?.toString('utf8') ?? '') + reply.json) as JsonObject,
  afterReply: reply.afterReply,
});
import { forbidden } from '../src/shared/errors.js';
import { createLogger } from '../src/shared/logger.js';
import { buildTestApp, type TestApp } from './helpers.js';
import type { AppOptions } from '../src/app.js';

export interface StreamRecord {
  messages: Array<{ type: string; body: JsonObject }>;
  ended: boolean;
}

export interface GrpcKit {
  app: TestApp;
  /** A registered connection whose stream writes land in `stream`. */
  conn: GrpcConnection;
  peer: string;
  stream: StreamRecord;
  /** Sends a unary request as a client on `peer` would; `guard` replaces the app's access guard. */
  call(
    type: string,
    body?: JsonObject,
    options?: {
      headers?: Record<string, string>;
      peer?: string;
      guard?: ApiAccessGuard;
      /** Leave the after-reply work (pushes the request causes) to the test; by default it runs at once. */
      holdAfterReply?: boolean;
      /** The JSON body as these bytes instead of `body` (e.g. bytes that are not UTF-8). */
      bodyBytes?: Buffer;
    },
  ): Promise<KitReply>;
  /** Opens another connection (as another client would). */
  openConnection(peer: string): { conn: GrpcConnection; stream: StreamRecord };
  dispose(): Promise<void>;
}

/** The gRPC door of a real app (real SQLite), driven without sockets: requests go through the dispatcher. */
export async function grpcKit(options: Partial<AppOptions> & { env?: Record<string, string> } = {}): Promise<GrpcKit> {
  const app = await buildTestApp(options);
  const logger = createLogger('silent');
  const openConnection = (peer: string) => {
    const stream: StreamRecord = { messages: [], ended: false };
    const conn = app.grpc.connections.open(peer, {
      write: (bytes) => {
        const payload = decodePayload(bytes);
        stream.messages.push({ type: payload.type, body: parseJsonBody(payload.body) });
      },
      end: () => {
        stream.ended = true;
      },
    });
    return { conn, stream };
  };
  const peer = '10.0.0.7:53412';
  const { conn, stream } = openConnection(peer);
  return {
    app,
    conn,
    peer,
    stream,
    openConnection,
    async call(type, body = {}, opts = {}) {
      const reply = await dispatchRequest(
        {
          handlers: app.grpc.handlers,
          connections: app.grpc.connections,
          apiAccess: opts.guard ?? app.core.apiAccess,
          logger,
        },
        { type, clientIp: '', headers: opts.headers ?? {}, body: opts.bodyBytes ?? Buffer.from(JSON.stringify(body)) },
        opts.peer ?? peer,
      );
      // as if the response had just been written
      if (!opts.holdAfterReply) for (const task of reply.afterReply ?? []) task();
      return readReply(reply);
    },
    dispose: () => app.dispose(),
  };
}

/** A guard that refuses everything, recording what it was asked. */
export function refusingGuard(): ApiAccessGuard & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    enabled: true,
    asked,
    async check(credentials, resource) {
      asked.push({ credentials, resource });
      throw forbidden('Validate Identity failed.');
    },
  };
}
