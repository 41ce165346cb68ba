import * as grpc from '@grpc/grpc-js';
import type { Logger } from '../../shared/logger.js';
import type { GrpcConnection, GrpcConnections } from './connections.js';
import type { GrpcHandler } from './grpc-handler.js';
import { ErrorCode, runAfterReply } from './grpc-handler.js';
import { handleConnectionSetup } from './handlers/connection-setup.js';
import { decodePayload, encodePayload, parseJsonBody } from './payload.js';
import { dispatchRequest, errorResponse, type DispatchDeps, type Reply } from './request-dispatcher.js';

// Payload bytes pass through grpc-js untouched; payload.ts does the protobuf work.
const raw = (bytes: Buffer) => bytes;
const method = (path: string, stream: boolean) => ({
  path,
  requestStream: stream,
  responseStream: stream,
  requestSerialize: raw,
  requestDeserialize: raw,
  responseSerialize: raw,
  responseDeserialize: raw,
});

/** No `package` in the nacos proto, hence these bare paths. */
const REQUEST_SERVICE = { request: method('/Request/request', false) } as grpc.ServiceDefinition;
const BI_STREAM_SERVICE = {
  requestBiStream: method('/BiRequestStream/requestBiStream', true),
} as grpc.ServiceDefinition;

export interface GrpcServerDeps extends DispatchDeps {
  connections: GrpcConnections;
  handlers: ReadonlyMap<string, GrpcHandler>;
  logger: Logger;
  /** Largest message accepted either way; bigger ones fail with RESOURCE_EXHAUSTED. */
  maxMessageBytes: number;
  /** Told how long each unary request took to answer (metrics). */
  onAnswered?: (durationMs: number) => void;
}

export interface GrpcServer {
  /** Binds the port; for the wildcard hosts both IPv4 and IPv6. Resolves with the bound port. */
  listen(host: string, port: number): Promise<number>;
  /** Sends ConnectResetRequest to every client, ends every stream, stops the server. */
  close(): Promise<void>;
}

const encodeReply = (reply: Reply) => encodePayload(reply.type, reply.body);

export function createGrpcServer(deps: GrpcServerDeps): GrpcServer {
  const { connections, logger } = deps;
  const server = new grpc.Server({
    'grpc.max_receive_message_length': deps.maxMessageBytes,
    'grpc.max_send_message_length': deps.maxMessageBytes,
    'grpc.enable_channelz': 0,
  });
  const abilities = { supportPersistentInstanceByGrpc: deps.handlers.has('PersistentInstanceRequest') };

  server.addService(REQUEST_SERVICE, {
    request(call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) {
      const started = performance.now();
      const peer = call.getPeer();
      let reply: Promise<Reply>;
      try {
        reply = dispatchRequest(deps, decodePayload(call.request), peer);
      } catch (err) {
        reply = Promise.resolve(errorResponse(ErrorCode.INVALID_PARAM, (err as Error).message));
      }
      void reply
        .catch((err: unknown) => {
          logger.error({ err }, 'gRPC request failed');
          return errorResponse(ErrorCode.SERVER_ERROR, 'internal error');
        })
        .then((r) => {
          callback(null, encodeReply(r));
          runAfterReply(r.afterReply);
          deps.onAnswered?.(performance.now() - started);
        });
    },
  });

  server.addService(BI_STREAM_SERVICE, {
    requestBiStream(call: grpc.ServerDuplexStream<Buffer, Buffer>) {
      const conn = connections.open(call.getPeer(), {
        write: (bytes) => call.write(bytes),
        end: () => call.end(),
      });
      call.on('data', (bytes: Buffer) => onStreamMessage(conn, bytes));
      // However the stream ends (client end, cancel, transport loss), the connection goes. One closure
      // for all four: idle connections are many, and each byte of them counts.
      const drop = () => connections.close(conn, 'stream ended');
      for (const event of ['end', 'cancelled', 'error', 'close']) call.on(event, drop);
    },
  });

  /** Setup, or the answer to a push; anything else on the stream is ignored (clients send nothing else). */
  function onStreamMessage(conn: GrpcConnection, bytes: Buffer): void {
    try {
      const payload = decodePayload(bytes);
      connections.touch(conn);
      const body = parseJsonBody(payload.body);
      if (payload.type === 'ConnectionSetupRequest') {
        handleConnectionSetup(connections, conn, body, payload.clientIp || conn.remoteIp, abilities);
      } else if (payload.type.endsWith('Response')) {
        connections.acknowledge(conn, body);
      } else {
        logger.debug({ connectionId: conn.id, type: payload.type }, 'unexpected message on the stream ignored');
      }
    } catch (err) {
      logger.warn({ connectionId: conn.id, err: (err as Error).message }, 'bad message on the stream ignored');
    }
  }

  const bind = (address: string) =>
    new Promise<number>((resolve, reject) =>
      server.bindAsync(address, grpc.ServerCredentials.createInsecure(), (err, port) =>
        err ? reject(err) : resolve(port),
      ),
    );

  return {
    async listen(host, port) {
      let bound: number;
      if (host === '0.0.0.0' || host === '::' || host === '') {
        // `[::]` accepts IPv4 too (dual stack); hosts without IPv6 fall back to IPv4 only.
        bound = await bind(`[::]:${port}`).catch(() => bind(`0.0.0.0:${port}`));
      } else {
        bound = await bind(host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);
      }
      connections.startSweeping();
      return bound;
    },
    async close() {
      connections.shutdown();
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, 2_000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
    },
  };
}
