/** The door a request came through. */
export type AuditDoor = 'http-v1' | 'http-v2' | 'http-v3' | 'grpc' | 'console' | 'mcp';
export const AUDIT_DOORS: readonly AuditDoor[] = ['http-v1', 'http-v2', 'http-v3', 'grpc', 'console', 'mcp'];

/** ok: done; refused: not allowed (rights, login, conflict); failed: allowed but it did not happen. */
export type AuditOutcome = 'ok' | 'refused' | 'failed';
export const AUDIT_OUTCOMES: readonly AuditOutcome[] = ['ok', 'refused', 'failed'];

/** The user of a request no login names. */
export const ANONYMOUS = 'anonymous';

/** One recorded write or login. */
export interface AuditEntry {
  id: number;
  /** When it was decided (ms since the epoch). */
  time: number;
  /** The authenticated user, or `anonymous`. */
  username: string;
  door: AuditDoor;
  clientIp: string;
  /** What was asked, e.g. `config.publish`, `user.create`, `login`. */
  action: string;
  /** The namespace acted on ("" when none). */
  namespaceId: string;
  /** What was acted on, e.g. `group/dataId`, a user name. */
  target: string;
  outcome: AuditOutcome;
  /** Why it was refused or failed ("" when ok). */
  reason: string;
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

/** What the console asks for; every field narrows the result. */
export interface AuditFilter {
  username?: string;
  /** An exact action, or a prefix ending in `.` (`config.`). */
  action?: string;
  namespaceId?: string;
  door?: AuditDoor;
  outcome?: AuditOutcome;
  /** Inclusive lower bound (ms). */
  from?: number;
  /** Exclusive upper bound (ms). */
  to?: number;
  /** Only rows older than this id (an export pages through the rows with it). */
  beforeId?: number;
}

export interface AuditPage {
  total: number;
  /** Newest first. */
  items: AuditEntry[];
}

/** Reasons and targets are kept short: a row is a record, not a dump of the request. */
export const AUDIT_TEXT_MAX = 512;

export function clip(text: string): string {
  return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX - 1)}…` : text;
}

/** A config's target: `group/dataId` (the namespace has its own column). */
export const configTarget = (key: { group: string; dataId: string }) => `${key.group}/${key.dataId}`;
