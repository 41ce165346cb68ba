import type { Clock } from '../../shared/clock.js';
import { NacosError } from '../../shared/errors.js';
import {
  ANONYMOUS,
  clip,
  type AuditDoor,
  type AuditFilter,
  type AuditOutcome,
  type AuditPage,
  type NewAuditEntry,
} from './audit-model.js';
import type { AuditStore } from './audit-store.js';

/** What a door knows about a request; the log adds the time. */
export interface AuditFacts {
  username?: string | null;
  door: AuditDoor;
  clientIp?: string;
  action: string;
  namespaceId?: string;
  target?: string;
  outcome: AuditOutcome;
  reason?: string;
}

export interface AuditOptions {
  enabled: boolean;
  /** Rows older than this many days are deleted; 0 keeps them forever. */
  retentionDays: number;
  /** Told when a row could not be written (the write it records is not undone). */
  onError?: (error: unknown) => void;
}

const DAY_MS = 86_400_000;
/** Rows deleted per statement: retention never holds the store for long. */
const SWEEP_BATCH = 1000;
/** Statements per sweep; what is left goes at the next one. */
const SWEEP_ROUNDS = 20;

/** How long a refusal's or failure's answer waits for its audit row at most (see `note`). */
export const NOT_OK_WAIT_MS = 500;

/**
 * The audit trail. Rows arriving in the same turn of the loop go to the store together, and each caller's
 * promise resolves once its row is durable: a door that awaits it before answering never acknowledges a
 * write whose row could be lost.
 */
export class AuditLog {
  private pending: Array<{ entry: NewAuditEntry; done: () => void; failed: (e: unknown) => void }> = [];
  private scheduled = false;

  constructor(
    private readonly store: AuditStore,
    private readonly clock: Clock,
    private readonly options: AuditOptions,
  ) {}

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** The row of a request, stamped now (undefined when the trail is off). */
  entry(facts: AuditFacts): NewAuditEntry | undefined {
    if (!this.options.enabled) return undefined;
    return {
      time: this.clock.now(),
      username: clip(facts.username || ANONYMOUS),
      door: facts.door,
      clientIp: clip(facts.clientIp ?? ''),
      action: facts.action,
      namespaceId: clip(facts.namespaceId ?? ''),
      target: clip(facts.target ?? ''),
      outcome: facts.outcome,
      reason: clip(facts.reason ?? ''),
    };
  }

  /** Writes a row; resolves once it is durable (at once when the trail is off). */
  record(facts: AuditFacts): Promise<void> {
    const entry = this.entry(facts);
    if (!entry) return Promise.resolve();
    return new Promise((done, failed) => {
      this.pending.push({ entry, done, failed });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  /**
   * `record` for a caller that answers regardless: a row that cannot be written is reported, not thrown.
   * The row of a refusal or failure is waited for at most `NOT_OK_WAIT_MS`: the store may be what failed
   * (a database that stopped answering is only found out after its timeout), and a client told "no" after
   * the write's own wait plus that timeout would hear it after it stopped waiting. It is written all the same.
   */
  note(facts: AuditFacts): Promise<void> {
    const written = this.record(facts).catch((error) => this.options.onError?.(error));
    if (facts.outcome === 'ok') return written;
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, NOT_OK_WAIT_MS);
      timer.unref?.();
      void written.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  list(filter: AuditFilter, offset: number, limit: number): Promise<AuditPage> {
    return this.store.list(filter, offset, limit);
  }

  /** Deletes rows past the retention, a bounded number per call; answers how many went. */
  async sweep(): Promise<number> {
    if (this.options.retentionDays <= 0) return 0;
    const before = this.clock.now() - this.options.retentionDays * DAY_MS;
    let deleted = 0;
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      const n = await this.store.deleteBefore(before, SWEEP_BATCH);
      deleted += n;
      if (n < SWEEP_BATCH) break;
    }
    return deleted;
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    this.store.append(batch.map((p) => p.entry)).then(
      () => batch.forEach((p) => p.done()),
      (error) => batch.forEach((p) => p.failed(error)),
    );
  }
}

/** How an error reads in the trail: the client's mistake or a refusal is `refused`, anything else `failed`. */
export function outcomeOfError(error: unknown): { outcome: AuditOutcome; reason: string } {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof NacosError && error.kind !== 'unavailable') return { outcome: 'refused', reason };
  return { outcome: 'failed', reason };
}
