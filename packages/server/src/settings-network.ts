import { SettingsError, integer, type SettingDef, type SettingReader } from './settings-reader.js';

/** Ports, bind addresses and how long connections and requests may take. */
export interface NetworkSettings {
  httpPort: number;
  grpcPort: number;
  consolePort: number;
  sdkHost: string;
  consoleHost: string;
  /** False when `RNACOS_HTTP_CONSOLE_PORT` is 0; tests keep it on while asking for port 0 (any free port). */
  consoleEnabled: boolean;
  /** gRPC connections silent this long are probed (ClientDetectionRequest) and dropped if they do not answer. */
  grpcDetectionTimeoutSeconds: number;
  /** Log each gRPC detection event at info: ServerCheckRequests, ClientDetectionRequest probes and their outcome. */
  enableGrpcDetectionLog: boolean;
  /** Bytes of unfinished gRPC messages the server holds at most (all connections together). */
  grpcMaxBufferedBytes: number;
  /** A request (HTTP headers or body, gRPC message or preface) that brings nothing new this long is cut (ms). */
  requestStallTimeoutMs: number;
  /** A connection that has sent no request yet, or a gRPC connection without streams, is closed after (ms). */
  connectionIdleTimeoutMs: number;
}

export const NETWORK_SETTING_DEFS: SettingDef[] = [
  { env: 'RNACOS_HTTP_PORT', describe: 'SDK HTTP port (nacos OpenAPI v1)', defaultText: '8848' },
  { env: 'RNACOS_GRPC_PORT', describe: 'nacos 2.x gRPC port', defaultText: 'HTTP port + 1000' },
  {
    env: 'RNACOS_HTTP_CONSOLE_PORT',
    describe: 'console port; 0 disables the console',
    defaultText: 'HTTP port + 2000',
  },
  { env: 'RNACOS_SDK_HOST', describe: 'bind address of the HTTP and gRPC ports', defaultText: '0.0.0.0' },
  { env: 'RNACOS_CONSOLE_HOST', describe: 'bind address of the console port', defaultText: 'RNACOS_SDK_HOST' },
  {
    env: 'RNACOS_GRPC_DETECTION_TIMEOUT_SECOND',
    describe: 'seconds of silence before a gRPC client is probed; no answer within 3 s drops it',
    defaultText: '15',
  },
  {
    env: 'RNACOS_ENABLE_GRPC_DETECTION_LOG',
    describe:
      'log each gRPC detection event at info: a client ServerCheckRequest, a probe of a silent client and its outcome',
    defaultText: 'false',
  },
  {
    env: 'RNACOS_GRPC_MAX_BUFFERED_MB',
    describe: 'MB of unfinished gRPC messages held at most, all connections together (one: two messages)',
    defaultText: '128',
  },
  {
    env: 'RNACOS_REQUEST_STALL_TIMEOUT_SECOND',
    describe: 'seconds a request (headers, body, gRPC message) may go without new bytes before it is cut',
    defaultText: '20',
  },
  {
    env: 'RNACOS_CONNECTION_IDLE_TIMEOUT_SECOND',
    describe: 'seconds a connection may stay open without a request (gRPC: without a stream) before it is closed',
    defaultText: '60',
  },
];

export function loadNetworkSettings(read: SettingReader): NetworkSettings {
  const port = (env: string, fallback: number, allowZero = false) => {
    const v = read.get(env);
    return v === undefined ? fallback : integer(env, v, allowZero ? 0 : 1, 65535);
  };
  const httpPort = port('RNACOS_HTTP_PORT', 8848);
  // r-nacos derives the other ports from the HTTP port; clients assume the gRPC one is + 1000
  const derived = (offset: number) => {
    if (httpPort + offset > 65535)
      throw new SettingsError(`RNACOS_HTTP_PORT ${httpPort} leaves no room for port +${offset}`);
    return httpPort + offset;
  };
  const grpcPort = read.get('RNACOS_GRPC_PORT') === undefined ? derived(1000) : port('RNACOS_GRPC_PORT', 0);
  const consolePort =
    read.get('RNACOS_HTTP_CONSOLE_PORT') === undefined ? derived(2000) : port('RNACOS_HTTP_CONSOLE_PORT', 0, true);
  const sdkHost = read.get('RNACOS_SDK_HOST') ?? '0.0.0.0';
  return {
    httpPort,
    grpcPort,
    consolePort,
    sdkHost,
    consoleHost: read.get('RNACOS_CONSOLE_HOST') ?? sdkHost,
    consoleEnabled: consolePort !== 0,
    grpcDetectionTimeoutSeconds: read.whole('RNACOS_GRPC_DETECTION_TIMEOUT_SECOND', 15, 1, 86_400),
    enableGrpcDetectionLog: read.bool('RNACOS_ENABLE_GRPC_DETECTION_LOG', false),
    grpcMaxBufferedBytes: read.whole('RNACOS_GRPC_MAX_BUFFERED_MB', 128, 1, 1024 * 1024) * 1024 * 1024,
    requestStallTimeoutMs: read.whole('RNACOS_REQUEST_STALL_TIMEOUT_SECOND', 20, 1, 86_400) * 1000,
    connectionIdleTimeoutMs: read.whole('RNACOS_CONNECTION_IDLE_TIMEOUT_SECOND', 60, 1, 86_400) * 1000,
  };
}
