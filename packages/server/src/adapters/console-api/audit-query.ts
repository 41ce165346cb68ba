import { AUDIT_DOORS, AUDIT_OUTCOMES, type AuditQuery } from '@tsnacos/protocol';
import type { AuditFilter } from '../../core/audit/audit-model.js';
import { ConsoleError } from './envelope.js';

type Query = Record<string, unknown>;

const MAX_PAGE_SIZE = 500;

/** The filter of an audit list or export, from its query; a malformed value is refused with its name. */
export function auditFilterOf(query: Query): AuditFilter {
  const q = query as Partial<Record<keyof AuditQuery, unknown>>;
  const filter: AuditFilter = {};
  const username = nonEmpty(q.username);
  if (username) filter.username = username;
  const action = nonEmpty(q.action);
  if (action) filter.action = action;
  // "" is the default namespace: only an absent parameter means "any"
  if (typeof q.namespaceId === 'string') filter.namespaceId = q.namespaceId;
  const door = nonEmpty(q.door);
  if (door) filter.door = oneOf('door', door, AUDIT_DOORS);
  const outcome = nonEmpty(q.outcome);
  if (outcome) filter.outcome = oneOf('outcome', outcome, AUDIT_OUTCOMES);
  const from = millis('from', q.from);
  if (from !== undefined) filter.from = from;
  const to = millis('to', q.to);
  if (to !== undefined) filter.to = to;
  return filter;
}

/** `pageNo` (from 1) and `pageSize` (at most 500) as offset and limit. */
export function auditPageOf(query: Query): { offset: number; limit: number; pageNo: number } {
  const pageNo = whole('pageNo', query.pageNo, 1) ?? 1;
  const pageSize = Math.min(whole('pageSize', query.pageSize, 1) ?? 20, MAX_PAGE_SIZE);
  return { offset: (pageNo - 1) * pageSize, limit: pageSize, pageNo };
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConsoleError('PARAM_ERROR', `${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

function millis(name: string, value: unknown): number | undefined {
  return whole(name, value, 0);
}

function whole(name: string, value: unknown, min: number): number | undefined {
  const text = nonEmpty(value);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) {
    throw new ConsoleError('PARAM_ERROR', `${name} must be a whole number of at least ${min}, got "${text}"`);
  }
  return n;
}
