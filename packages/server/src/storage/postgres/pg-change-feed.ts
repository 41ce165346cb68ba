import pg from 'pg';
import type { ChangeFeed, StoreChange, StoreEvent } from '../../core/cluster/store-change.js';
import { CHANGES_CHANNEL, type PgDatabase } from './pg-database.js';

const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 5000;
// a connect that hangs (a dropped network) fails and is retried rather than waited on forever
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The other nodes' changes, as PostgreSQL announces them on commit (LISTEN/NOTIFY) on a connection of
 * its own. When that connection breaks it reconnects until closed, then asks for a resync: what was
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

  private constructor(private readonly db: PgDatabase) {}

  static async start(db: PgDatabase): Promise<PgChangeFeed> {
    const feed = new PgChangeFeed(db);
    await feed.connect();
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
    const client = this.client;
    this.client = null;
    // end() of a connection still being opened waits for the server's answer, which may never come
    if (client && !this.listening) client.connection.stream.destroy();
    else await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.db.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // without traffic of its own, a listener would not notice a silently dead link
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    this.client = client;
    this.listening = false;
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (!this.closed) this.db.health.feedDown(err ?? new Error('the change feed connection ended'));
      client.end().catch(() => undefined);
      if (this.client === client) this.client = null;
      if (!this.closed) this.retry(FIRST_RETRY_MS);
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
      lost = true;
      if (this.client === client) this.client = null;
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      lost = true;
      await client.end().catch(() => undefined);
      throw new Error('change feed closed');
    }
    this.listening = true;
    this.db.health.feedUp();
  }

  private retry(delayMs: number): void {
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connect().then(
        () => this.fire(this.resyncListeners, (listener) => listener()),
        () => {
          if (!this.closed) this.retry(Math.min(delayMs * 2, LAST_RETRY_MS));
        },
      );
    }, delayMs);
    this.retryTimer.unref?.();
  }

  private deliver(payload: string): void {
    let event: StoreEvent;
    try {
      event = JSON.parse(payload) as StoreEvent;
    } catch {
      return; // not ours
    }
    if (!event || typeof event !== 'object' || !event.change || event.origin === this.db.nodeId) return;
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
