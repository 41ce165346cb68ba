import { outcomeOfError, type AuditLog } from '../audit/audit-log.js';
import { configTarget, type NewAuditEntry } from '../audit/audit-model.js';
import type { ConfigKey } from './config-key.js';
import type { ChangeSource } from './config-model.js';

/**
 * The audit rows of config writes. A write that changes the store carries its row into the store's
 * transaction (`okRow`); a write that changes nothing, is refused or fails gets its row through the log,
 * written before the caller is answered.
 */
export class ConfigAudit {
  constructor(private readonly log: AuditLog | undefined) {}

  /** The row to commit with the write; undefined when the trail is off or the write names no door. */
  okRow(action: string, key: ConfigKey, source: ChangeSource): NewAuditEntry | undefined {
    if (!this.log || !source.door) return undefined;
    return this.log.entry(Object.assign(this.facts(action, key, source), { outcome: 'ok' as const }));
  }

  /** An acknowledged write that changed nothing (same content, or nothing to delete). */
  async unchanged(action: string, key: ConfigKey, source: ChangeSource): Promise<void> {
    if (!this.log || !source.door) return;
    await this.log.note(
      Object.assign(this.facts(action, key, source), { outcome: 'ok' as const, reason: 'unchanged' }),
    );
  }

  /** Runs the write; a refusal or failure is recorded before it is thrown on. */
  around<T>(action: string, key: ConfigKey, source: ChangeSource, write: () => Promise<T>): Promise<T> {
    const log = this.log;
    if (!log?.enabled || !source.door) return write();
    // a rejection handler rather than an async wrapper: the cost of every publish stays one promise
    return write().catch(async (error: unknown) => {
      await log.note(Object.assign(this.facts(action, key, source), outcomeOfError(error)));
      throw error;
    });
  }

  private facts(action: string, key: ConfigKey, source: ChangeSource) {
    return {
      action,
      door: source.door!,
      username: source.actor,
      clientIp: source.srcIp,
      namespaceId: key.namespaceId,
      target: configTarget(key),
    };
  }
}
