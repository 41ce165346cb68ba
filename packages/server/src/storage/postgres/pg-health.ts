import { NacosError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';

/** What a client is told while the database cannot be reached. */
export const STORE_UNAVAILABLE = 'the store is unavailable: the database cannot be reached, try again later';

// socket and DNS failures, PostgreSQL's connection exceptions (class 08), shutdowns (57P01-57P03) and a
// statement cancelled by statement_timeout (57014: a database too slow to answer)
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03', '57014']);
const LOST_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
];

/**
 * True when `err` says the database could not be reached, dropped the connection or did not answer in
 * time (not a bad statement).
 */
export function isConnectionFailure(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SHUTDOWN_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && LOST_MESSAGES.some((m) => message.includes(m));
}

/** How often a lost database is asked whether it answers again. */
const PROBE_EVERY_MS = 500;

/**
 * Whether this node reaches its database and hears the change feed. Failures become the typed
 * "unavailable" error clients get as 503, and an outage is logged twice only: one warning when it begins
 * (the database or the feed lost), one line when both are back. While the database is lost, statements
 * are refused at once (`refusing`), and a probe asks it twice a second whether it answers again.
 */
export class PgHealth {
  private databaseLost = false;
  private feedLost = false;
  private since = 0;
  private probeTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  /** The database answers again: the change feed reconnects now rather than at its next attempt. */
  onDatabaseBack: () => void = () => undefined;

  constructor(
    private readonly logger?: Logger,
    /** One statement on a connection of its own; without one, nothing is refused while lost. */
    private readonly probe?: () => Promise<void>,
  ) {}

  /** A statement failed: answers the error to throw (unavailable when the database is out of reach). */
  failed(err: unknown): unknown {
    if (!isConnectionFailure(err)) return err;
    if (!this.databaseLost) {
      this.databaseLost = true;
      this.began('database', err);
      this.probeLater();
    }
    return this.refusal();
  }

  /** A statement went through. */
  worked(): void {
    if (!this.databaseLost) return;
    this.databaseLost = false;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
    this.onDatabaseBack();
    this.maybeBack();
  }

  /** Statements are refused without trying: the database is lost and a probe will tell when it is back. */
  get refusing(): boolean {
    return this.databaseLost && this.probe !== undefined;
  }

  /** What a refused or failed statement answers. */
  refusal(): NacosError {
    return new NacosError('unavailable', STORE_UNAVAILABLE);
  }

  feedDown(err?: unknown): void {
    if (this.feedLost) return;
    this.feedLost = true;
    this.began('change feed', err);
  }

  feedUp(): void {
    if (!this.feedLost) return;
    this.feedLost = false;
    this.maybeBack();
  }

  /** True while the database or the change feed is out of reach. */
  get outage(): boolean {
    return this.databaseLost || this.feedLost;
  }

  close(): void {
    this.closed = true;
    if (this.probeTimer) clearTimeout(this.probeTimer);
  }

  private probeLater(): void {
    if (!this.probe || this.probeTimer || this.closed) return;
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      if (!this.databaseLost) return;
      this.probe!().then(
        () => this.worked(),
        () => this.probeLater(),
      );
    }, PROBE_EVERY_MS);
    this.probeTimer.unref?.();
  }

  private began(what: string, err: unknown): void {
    // the other half failing too is the same outage
    if (this.since !== 0) return;
    this.since = Date.now();
    const reason = err instanceof Error ? err.message || String((err as { code?: string }).code) : 'unknown';
    this.logger?.warn(
      { lost: what, reason },
      'lost the database: writes answer 503 (store unavailable) and changes of other nodes are not heard until it is back',
    );
  }

  private maybeBack(): void {
    if (this.outage || this.since === 0) return;
    const seconds = Math.round((Date.now() - this.since) / 100) / 10;
    this.since = 0;
    this.logger?.info({ outageSeconds: seconds }, 'the database and the change feed are back');
  }
}
