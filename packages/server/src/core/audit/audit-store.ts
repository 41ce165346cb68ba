import type { AuditFilter, AuditPage, NewAuditEntry } from './audit-model.js';

/**
 * Durable, append-only storage of audit rows. Rows are never changed; only retention deletes the oldest.
 * The rows of config writes are written by the config store itself, in the transaction of the write.
 */
export interface AuditStore {
  /** Resolves once the rows are durable (on the embedded store, through the group commit). */
  append(entries: NewAuditEntry[]): Promise<void>;
  /** Matching rows, newest first. */
  list(filter: AuditFilter, offset: number, limit: number): Promise<AuditPage>;
  /** Deletes at most `limit` rows older than `before` (ms), oldest first; answers how many went. */
  deleteBefore(before: number, limit: number): Promise<number>;
}
