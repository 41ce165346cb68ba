import { boundText, LOG_FIELD_MAX, type Logger } from './logger.js';

/** One answered request, as the request log shows it. */
export interface AnsweredRequest {
  /** `http`, `grpc`, `console`. */
  door: string;
  /** The request type (gRPC) or method and path (HTTP). */
  type: string;
  /** The client's address. */
  client: string;
  /** The HTTP status, or the gRPC response's errorCode (0 when it succeeded). */
  code: number;
  ms: number;
  /** Read only when the request is logged (see `RequestLog.wants`). */
  namespace?: () => string | undefined;
  message?: string;
}

/**
 * Codes that say the client sent what it should not, per protocol: bad input, missing rights, and on gRPC an
 * unknown request type (errorCode 302). On HTTP a 302 is a redirect, the console's normal answer to a
 * browser without a session (sent to the login page): not a refusal.
 */
const CLIENT_MISTAKES = {
  http: new Set([400, 401, 403]),
  grpc: new Set([400, 401, 403, 302]),
} as const;
/** Distinct client-and-cause pairs remembered; past it the memory starts over (a cause may be told again). */
const MAX_REMEMBERED = 10_000;

/**
 * The request log: at debug every request (door, type, namespace, code, time); at info a refusal that
 * points to a misconfigured client, once per client and cause, so a client that keeps asking wrongly
 * leaves one line, not one per request.
 */
export class RequestLog {
  private readonly told = new Set<string>();
  private readonly mistakes: ReadonlySet<number>;
  readonly debug: boolean;
  private readonly info: boolean;
  /** The logger already names the door (a door's child logger): a line names it once, not twice. */
  private readonly doorBound: boolean;

  /** `protocol` says what the codes are: HTTP statuses, or gRPC responses' errorCodes. */
  constructor(
    private readonly logger: Logger,
    protocol: 'http' | 'grpc',
  ) {
    this.mistakes = CLIENT_MISTAKES[protocol];
    this.debug = logger.isLevelEnabled('debug');
    this.info = logger.isLevelEnabled('info');
    this.doorBound = 'door' in logger.bindings();
  }

  /** Whether any request may be logged (debug, or refusals at info). */
  get active(): boolean {
    return this.info;
  }

  /** Whether an answer with this code is logged at all (callers skip gathering details otherwise). */
  wants(code: number): boolean {
    return this.debug || (this.info && this.mistakes.has(code));
  }

  record(answered: AnsweredRequest): void {
    if (!this.wants(answered.code)) return;
    const { door, type, client, code, message } = answered;
    const ms = Math.round(answered.ms * 10) / 10;
    const namespace = answered.namespace?.();
    const entry = this.doorBound
      ? { type, namespace, code, ms, client, message }
      : { door, type, namespace, code, ms, client, message };
    // the client's own words (a path, a gRPC type, the address a gRPC payload names) are remembered no
    // longer than a log line keeps them
    if (
      this.info &&
      this.mistakes.has(code) &&
      this.firstTime(`${door}|${boundText(client, LOG_FIELD_MAX)}|${boundText(type, LOG_FIELD_MAX)}|${code}`)
    ) {
      this.logger.info(
        entry,
        `refused a request of ${client}: ${door} ${type} answered ${code} (told once per client and cause)`,
      );
    } else if (this.debug) {
      this.logger.debug(entry, 'request');
    }
  }

  private firstTime(cause: string): boolean {
    if (this.told.has(cause)) return false;
    if (this.told.size >= MAX_REMEMBERED) this.told.clear();
    this.told.add(cause);
    return true;
  }
}
