import { ChangeBatcher } from '../../core/naming/change-batcher.js';
import type { ServiceKey } from '../../core/naming/naming-model.js';
import type { NamingService } from '../../core/naming/naming-service.js';
import type { Subscriber } from '../../core/naming/subscriber-registry.js';
import type { Logger } from '../../shared/logger.js';
import type { GrpcConnections } from './connections.js';
import { serviceInfoJson } from './service-info-json.js';

/** Pushes to a subscriber after the first one that got no answer. */
const PUSH_ATTEMPTS = 3;

/**
 * `NotifySubscriberRequest` pushes: every change of a service's instances (from any door, or a connection
 * dropping) reaches each connection subscribed to it, with the service as seen through that subscriber's
 * clusters. Changes in one short window are coalesced into one push per subscriber.
 */
export class NamingPushes {
  private readonly batcher: ChangeBatcher;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly naming: NamingService,
    private readonly connections: GrpcConnections,
    private readonly logger: Logger,
    coalesceMs: number,
  ) {
    this.batcher = new ChangeBatcher(coalesceMs, (keys) => this.flush(keys));
    this.unsubscribe = naming.onServiceChanged((key) => this.batcher.mark(key));
    // A connection's instances and subscriptions go with it; its instances' removal is pushed to the others.
    connections.onClose((conn) => naming.removeConnection(conn.id));
  }

  /** Pushes the service as it is now to one subscribed connection (the push that follows a subscribe). */
  pushCurrent(key: ServiceKey, connectionId: string): void {
    const subscriber = this.naming
      .subscribersOf(key)
      .find((s) => s.target.kind === 'connection' && s.target.connectionId === connectionId);
    if (subscriber) void this.pushTo(subscriber, connectionId, this.bodyAfterRequestId(subscriber));
  }

  /** Pushes what is pending now (tests; shutdown). */
  flushNow(): void {
    this.batcher.flushNow();
  }

  close(): void {
    this.unsubscribe();
    this.batcher.close();
  }

  private flush(keys: ServiceKey[]): void {
    for (const key of keys) {
      // Subscribers with the same cluster filter get the same body: render it once per filter.
      const bodies = new Map<string, string>();
      for (const subscriber of this.naming.subscribersOf(key)) {
        if (subscriber.target.kind !== 'connection') continue;
        let body = bodies.get(subscriber.clusters);
        if (body === undefined) bodies.set(subscriber.clusters, (body = this.bodyAfterRequestId(subscriber)));
        void this.pushTo(subscriber, subscriber.target.connectionId, body);
      }
    }
  }

  /** The JSON of a NotifySubscriberRequest for this subscriber, from just after the requestId value on. */
  private bodyAfterRequestId(subscriber: Subscriber): string {
    const info = this.naming.query(subscriber.key, { clusters: subscriber.clusters });
    const { namespaceId, groupName, serviceName } = subscriber.key;
    const names = JSON.stringify({ module: 'naming', namespace: namespaceId, serviceName, groupName }).slice(1, -1);
    return `",${names},"serviceInfo":${serviceInfoJson(info)}}`;
  }

  private async pushTo(subscriber: Subscriber, connectionId: string, body: string): Promise<void> {
    for (let attempt = 0; attempt < PUSH_ATTEMPTS; attempt++) {
      const conn = this.connections.get(connectionId);
      if (!conn) return;
      if (attempt > 0) {
        // A retry for a subscription replaced meanwhile (its own push covers it) is pointless; otherwise
        // it carries the service as it is now.
        if (!this.naming.subscribersOf(subscriber.key).includes(subscriber)) return;
        body = this.bodyAfterRequestId(subscriber);
      }
      const rest = body;
      const ack = await this.connections.pushJson(
        conn,
        'NotifySubscriberRequest',
        (requestId) => `{"headers":{},"requestId":"${requestId}${rest}`,
      );
      if (ack && ack.resultCode === 200) return;
      this.logger.debug({ connectionId, service: subscriber.key.serviceName, attempt }, 'naming push not acknowledged');
    }
  }
}
