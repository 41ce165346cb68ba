import type { AuditDoor, AuditEntry, AuditFilter, AuditOutcome, NewAuditEntry } from '../core/audit/audit-model.js';

/** The SQL both stores share for the audit trail (placeholders are numbered for PostgreSQL, `?` for SQLite). */
export const AUDIT_COLUMNS = 'id, time, username, door, client_ip, action, namespace_id, target, outcome, reason';
export const AUDIT_INSERT_COLUMNS = 'time, username, door, client_ip, action, namespace_id, target, outcome, reason';

/** The values of a row, in the order of `AUDIT_INSERT_COLUMNS`. */
export function auditValues(e: NewAuditEntry): unknown[] {
  return [e.time, e.username, e.door, e.clientIp, e.action, e.namespaceId, e.target, e.outcome, e.reason];
}

export function toAuditEntry(r: Record<string, unknown>): AuditEntry {
  return {
    id: Number(r.id),
    time: Number(r.time),
    username: String(r.username),
    door: String(r.door) as AuditDoor,
    clientIp: String(r.client_ip),
    action: String(r.action),
    namespaceId: String(r.namespace_id),
    target: String(r.target),
    outcome: String(r.outcome) as AuditOutcome,
    reason: String(r.reason),
  };
}

/** The WHERE clause of a filter and its arguments; `placeholder(n)` spells the n-th (1-based) argument. */
export function auditWhere(filter: AuditFilter, placeholder: (n: number) => string): { sql: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  const add = (clause: (p: string) => string, value: unknown) => {
    args.push(value);
    parts.push(clause(placeholder(args.length)));
  };
  if (filter.username) add((p) => `username = ${p}`, filter.username);
  if (filter.action?.endsWith('.')) {
    // a prefix: compared as a range, so no LIKE wildcard in a name matters
    add((p) => `action >= ${p}`, filter.action);
    add((p) => `action < ${p}`, `${filter.action.slice(0, -1)}/`);
  } else if (filter.action) add((p) => `action = ${p}`, filter.action);
  if (filter.namespaceId !== undefined) add((p) => `namespace_id = ${p}`, filter.namespaceId);
  if (filter.door) add((p) => `door = ${p}`, filter.door);
  if (filter.outcome) add((p) => `outcome = ${p}`, filter.outcome);
  if (filter.from !== undefined) add((p) => `time >= ${p}`, filter.from);
  if (filter.to !== undefined) add((p) => `time < ${p}`, filter.to);
  if (filter.beforeId !== undefined) add((p) => `id < ${p}`, filter.beforeId);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}
