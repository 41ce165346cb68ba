import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { ThrottledWarning } from '../../shared/throttled-log.js';
import { RequestLog } from '../../shared/request-log.js';
import type { GrpcConnection, GrpcConnections } from './connections.js';
import type { GrpcHandler } from './grpc-handler.js';
import { ErrorCode, runAfterReply } from './grpc-handler.js';
import { handleConnectionSetup } from './handlers/connection-setup.js';
import type { GrpcLimits } from './grpc-session-guard.js';
import { logAnswer } from './grpc-request-log.js';
import { createGrpcTransport, type GrpcBiStream } from './grpc-transport.js';
import { decodePayload, encodeFramedPayload, parseJsonBody, type DecodedPayload } from './payload.js';
import { dispatchRequest, errorResponse, type DispatchDeps, type Reply } from './request-dispatcher.js';

/** No `package` in the nacos proto, hence these bare paths. */
const REQUEST_PATH = '/Request/request';
const BI_STREAM_PATH = '/BiRequestStream/requestBiStream';

export interface GrpcServerDeps extends DispatchDeps {
  connections: GrpcConnections;
  handlers: ReadonlyMap<string, GrpcHandler>;
  logger: Logger;
  clock: Clock;
  /** Message size, buffer and timeout limits of the port. */
  limits: GrpcLimits;
  /** Told how long each unary request took to answer (metrics). */
  onAnswered?: (durationMs: number, errorCode: number) => void;
  /** Whether new connections are taken now (a cluster node cut off from its database takes none). */
  admits?: () => boolean;
}

/** How long a connection let go of stays open for its ConnectResetRequest to leave. */
const RESET_LEAVES_MS = 200;

export interface GrpcServer {
  /** Binds the port; for the wildcard hosts both IPv4 and IPv6. Resolves with the bound port. */
  listen(host: string, port: number): Promise<number>;
  /** Sends ConnectResetRequest to every client, ends every stream, stops the server. */
  close(): Promise<void>;
  /** Bytes of messages received in part and held until the rest arrives. */
  bufferedBytes(): number;
  /** Asks every client to reconnect to another server (ConnectResetRequest), then cuts its connection. */
  releaseAll(reason: string): void;
}

const isPromiseLike = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as Promise<T> | undefined)?.then === 'function';

export function createGrpcServer(deps: GrpcServerDeps): GrpcServer {
  const { connections, logger } = deps;
  const abilities = {
    supportPersistentInstanceByGrpc: deps.handlers.has('PersistentInstanceRequest'),
    // nacos 3.x clients use fuzzy watch only with a server that advertises it here
    fuzzyWatch: deps.handlers.has('ConfigFuzzyWatchRequest'),
    // nacos 3.x's AiService sends its MCP requests only to a server that advertises them here
    mcp: deps.handlers.has('ReleaseMcpServerRequest'),
    // and its A2A requests only to one that advertises the agent registry
    agent: deps.handlers.has('ReleaseAgentCardRequest'),
  };
  const badMessages = new ThrottledWarning(logger, deps.clock, 'bad messages on the stream ignored');
  const requestLog = new RequestLog(logger, 'grpc');

  /** One unary call; answers at once when the dispatch did not have to wait (a read from memory). */
  function request(bytes: Buffer, peer: string): Buffer | Promise<Buffer> {
    const started = performance.now();
    let payload: DecodedPayload;
    try {
      payload = decodePayload(bytes);
    } catch (err) {
      return answered(errorResponse(ErrorCode.INVALID_PARAM, (err as Error).message), undefined, peer, started);
    }
    let reply: Reply | Promise<Reply>;
    try {
      reply = dispatchRequest(deps, payload, peer);
    } catch (err) {
      reply = failed(err);
    }
    if (!isPromiseLike(reply)) return answered(reply, payload, peer, started);
    return reply.catch(failed).then((r) => answered(r, payload, peer, started));
  }

  function failed(err: unknown): Reply {
    logger.error({ err }, 'gRPC request failed');
    return errorResponse(ErrorCode.SERVER_ERROR, 'internal error');
  }

  function answered(reply: Reply, payload: DecodedPayload | undefined, peer: string, started: number): Buffer {
    // later than the answer, which goes out as this returns (a push to the caller, say)
    runAfterReply(reply.afterReply);
    const elapsedMs = performance.now() - started;
    deps.onAnswered?.(elapsedMs, reply.errorCode);
    logAnswer(requestLog, payload, reply, peer, elapsedMs);
    return encodeFramedPayload(reply.type, reply.json, reply.head);
  }

  function requestBiStream(stream: GrpcBiStream, peer: string): void {
    const conn = connections.open(peer, {
      write: (bytes) => stream.write(bytes),
      end: () => stream.abort('the server closed this connection'),
    });
    stream.onMessage((bytes) => onStreamMessage(conn, bytes));
    // however the stream ends (client end, cancel, transport loss), the connection goes
    stream.onClose(() => {
      connections.close(conn, 'stream ended');
      badMessages.forget(conn.id);
    });
  }

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
      badMessages.note(conn.id, { connectionId: conn.id, err: (err as Error).message });
    }
  }

  const transport = createGrpcTransport(
    { unary: { [REQUEST_PATH]: request }, biStream: { [BI_STREAM_PATH]: requestBiStream } },
    deps.limits,
    deps.admits,
  );

  return {
    async listen(host, port) {
      const bound = await transport.listen(host, port);
      connections.startSweeping();
      return bound;
    },
    async close() {
      connections.shutdown();
      await transport.close(2_000);
    },
    releaseAll(reason) {
      connections.resetAll(reason);
      // the resets leave first; an SDK that cannot read one (nacos-sdk-python) notices the cut connection
      setTimeout(() => transport.dropAll(), RESET_LEAVES_MS).unref();
    },
    bufferedBytes: () => transport.bufferedBytes(),
  };
}
