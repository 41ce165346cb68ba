import type { PageParam } from './envelope.js';

export const AUDIT_DOORS = ['http-v1', 'http-v2', 'http-v3', 'grpc', 'console', 'mcp'] as const;
export type AuditDoorName = (typeof AUDIT_DOORS)[number];
export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const;
export type AuditOutcomeName = (typeof AUDIT_OUTCOMES)[number];

/** One row of the audit trail, as `GET /v2/audit/list` answers it (in a `PageResult`). */
export interface AuditRecord {
  id: number;
  /** ms since the epoch */
  time: number;
  /** The authenticated user, or `anonymous`. */
  username: string;
  door: AuditDoorName;
  clientIp: string;
  action: string;
  namespaceId: string;
  target: string;
  outcome: AuditOutcomeName;
  reason: string;
}

/**
 * Query of `GET /v2/audit/list` and `GET /v2/audit/export` (admins only). Every field narrows: `action`
 * exact, or a prefix ending in `.` (`config.`); `from`/`to` in ms (from inclusive, to exclusive).
 */
export interface AuditQuery extends PageParam {
  username?: string;
  action?: string;
  namespaceId?: string;
  door?: AuditDoorName;
  outcome?: AuditOutcomeName;
  from?: number;
  to?: number;
}

/** The most rows one export answers (newest first); narrow the filter for older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
