import pg from 'pg';
import type { ChangeFeed, StoreChange, StoreEvent } from '../../core/cluster/store-change.js';
import { CHANGES_CHANNEL, type PgDatabase } from './pg-database.js';

const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 2000;

/**
 * The other nodes' changes, as PostgreSQL announces them on commit (LISTEN/NOTIFY) on a connection of
 * its own. A listening connection gets no traffic of its own, so a silently dead link (packets dropped, a
 * frozen server) would never show: it runs a statement every `timeoutMs`, which fails when the database
 * does not answer within the timeout. When the connection breaks it reconnects (with backoff, or at once
 * when the node's statements reach the database again) until closed, then asks for a resync: what was
 * announced meanwhile is lost.
 */
export class PgChangeFeed implements ChangeFeed {
  private readonly changeListeners: Array<(change: StoreChange) => void> = [];
  private readonly resyncListeners: Array<() => void> = [];
  private client: pg.Client | null = null;
  /** Whether `client` is connected and listening (not still connecting). */
  private listening = false;
  private closed = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelayMs = FIRST_RETRY_MS;
  private probeTimer: ReturnType<typeof setInterval> | null = null;

  private constructor(private readonly db: PgDatabase) {}

  static async start(db: PgDatabase): Promise<PgChangeFeed> {
    const feed = new PgChangeFeed(db);
    await feed.connect();
    db.health.onDatabaseBack = () => feed.retryNow();
    // an own write that failed after it was heard committing: applied as another node's
    db.doubts.onSettle((change) => feed.fire(feed.changeListeners, (listener) => listener(change)));
    return feed;
  }

  onChange(listener: (change: StoreChange) => void): void {
    this.changeListeners.push(listener);
  }

  onResync(listener: () => void): void {
    this.resyncListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.probeTimer) clearInterval(this.probeTimer);
    const client = this.client;
    this.client = null;
    // end() of a connection still being opened waits for the server's answer, which may never come
    if (client && !this.listening) client.connection.stream.destroy();
    else if (client) await Promise.race([client.end().catch(() => undefined), new Promise((r) => setTimeout(r, 1000))]);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(Object.assign(this.db.clientConfig(), { connectionString: this.db.url }));
    this.client = client;
    this.listening = false;
    let lost = false;
    // only a connection that was listening retries when it breaks; a failed attempt is retried by its caller
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      const wasListening = this.listening && this.client === client;
      if (this.client === client) {
        this.client = null;
        this.listening = false;
      }
      if (this.probeTimer) clearInterval(this.probeTimer);
      this.probeTimer = null;
      client.connection.stream.destroy();
      if (!wasListening || this.closed) return;
      this.db.health.feedDown(err ?? new Error('the change feed connection ended'));
      this.retryDelayMs = FIRST_RETRY_MS;
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (msg) => {
      if (msg.channel === CHANGES_CHANNEL && msg.payload) this.deliver(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      onLost(err);
      throw err;
    }
    if (this.closed) {
      onLost();
      throw new Error('change feed closed');
    }
    this.listening = true;
    this.retryDelayMs = FIRST_RETRY_MS;
    this.db.health.feedUp();
    this.probeTimer = setInterval(() => {
      client.query('SELECT 1').catch((err: unknown) => onLost(err));
    }, this.db.timeoutMs);
    this.probeTimer.unref?.();
  }

  private retry(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed || this.client) return;
      this.connect().then(
        () => this.fire(this.resyncListeners, (listener) => listener()),
        (err: unknown) => {
          if (this.closed) return;
          this.db.health.feedDown(err);
          this.retryDelayMs = Math.min(this.retryDelayMs * 2, LAST_RETRY_MS);
          this.retry();
        },
      );
    }, this.retryDelayMs);
    this.retryTimer.unref?.();
  }

  /** The database answers again: a feed waiting to reconnect tries at once. */
  private retryNow(): void {
    if (this.closed || this.client || !this.retryTimer) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryDelayMs = 0;
    this.retry();
  }

  private deliver(payload: string): void {
    let event: StoreEvent;
    try {
      event = JSON.parse(payload) as StoreEvent;
    } catch {
      return; // not ours
    }
    if (!event || typeof event !== 'object' || !event.change) return;
    // this node's own writes are in its memory already, unless one failed though it committed
    const own = event.origin === this.db.nodeId;
    if (own && (typeof event.write !== 'number' || !this.db.doubts.heardOwn(event.write, event.change))) return;
    this.fire(this.changeListeners, (listener) => listener(event.change));
  }

  /** A listener's failure must not stop the others or the feed. */
  private fire<T>(listeners: T[], call: (listener: T) => void): void {
    for (const listener of listeners) {
      try {
        call(listener);
      } catch {
        // the listener reports its own failures
      }
    }
  }
}
