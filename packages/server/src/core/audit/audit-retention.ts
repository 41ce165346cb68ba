import type { AuditLog } from './audit-log.js';

/** How often rows past the retention are deleted (and once soon after start). */
export const AUDIT_SWEEP_INTERVAL_MS = 3_600_000;
const FIRST_SWEEP_MS = 60_000;

interface ErrorLogger {
  error(fields: object, message: string): void;
}

/**
 * Deletes rows past the retention now and then, a bounded number each time. On a cluster every node sweeps:
 * the deletes are idempotent, so two at once only share the work. Answers a stop function.
 */
export function startAuditRetention(audit: AuditLog, logger: ErrorLogger): () => void {
  const sweep = () => {
    audit.sweep().catch((err: unknown) => logger.error({ err }, 'deleting old audit rows failed'));
  };
  const first = setTimeout(sweep, FIRST_SWEEP_MS);
  const every = setInterval(sweep, AUDIT_SWEEP_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
