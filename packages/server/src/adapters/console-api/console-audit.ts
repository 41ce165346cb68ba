import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { onSendForWrites } from '../http-common/write-route-hook.js';
import type { AuditLog } from '../../core/audit/audit-log.js';
import type { AuditOutcome } from '../../core/audit/audit-model.js';
import type { AuthService } from '../../core/auth/auth-service.js';
import { clientIp } from '../http-common/params.js';
import { consoleAuditAction } from './console-audit-actions.js';
import { consoleToken } from './console-auth.js';

/** Codes of a request refused before any handler ran (login and rights checks). */
const GATE_REFUSALS = new Set(['NO_LOGIN', 'NO_PERMISSION', 'NO_NAMESPACE_PERMISSION']);
/** Fields that name what a write acts on (never a password or a content). */
const TARGET_FIELDS = [
  'group',
  'groupName',
  'dataId',
  'serviceName',
  'ip',
  'port',
  'username',
  'id',
  'name',
  'namespaceName',
  // one version of an AI registry entry
  'version',
];
const NAMESPACE_FIELDS = ['namespaceId', 'tenant', 'namespace'];

type Fields = Record<string, unknown>;

/**
 * Every console write and login gets an audit row, written before the answer leaves (an `onSend` hook
 * that waits for it): what a client was told was done is in the trail. Config writes are recorded by the
 * config service in their own transaction; here only their refusals at the gate.
 */
export function registerConsoleAudit(app: FastifyInstance, audit: AuditLog, auth: AuthService): void {
  if (!audit.enabled) return;
  // only routes that can write carry the hook: reads pay nothing for it
  onSendForWrites(app, async (req, reply, payload) => {
    const route = req.routeOptions.url;
    const described = route === undefined ? null : consoleAuditAction(req.method, route);
    if (!described) return payload;
    const answer = answerOf(reply, payload);
    if (described.recordedByService && !(answer.code && GATE_REFUSALS.has(answer.code))) return payload;
    const fields = fieldsOf(req);
    const login = described.action === 'login';
    await audit.note({
      door: 'console',
      username: login ? text(fields.username) : callerOf(req, auth),
      clientIp: clientIp(req),
      action: login ? (answer.outcome === 'ok' ? 'login.success' : 'login.failure') : described.action,
      namespaceId: NAMESPACE_FIELDS.map((f) => text(fields[f])).find((v) => v !== undefined),
      target: targetOf(fields),
      outcome: answer.outcome,
      reason: answer.reason,
    });
    return payload;
  });
}

function callerOf(req: FastifyRequest, auth: AuthService): string | null {
  const principal = req.consolePrincipal;
  if (principal) return principal.username;
  // refused before a principal was set: the session's user, when it has one
  return auth.identify('console', consoleToken(req))?.user.username ?? null;
}

/** The outcome as the client reads it: the HTTP status, then the envelope's `success` or `code`. */
function answerOf(reply: FastifyReply, payload: unknown): { outcome: AuditOutcome; reason: string; code?: string } {
  const status = reply.statusCode;
  let body: Fields | undefined;
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      body = JSON.parse(payload) as Fields;
    } catch {
      body = undefined;
    }
  }
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const message = text(body?.message) ?? text(body?.msg) ?? '';
  const failedBody = body?.success === false || (typeof body?.code === 'number' && body.code >= 400);
  if (status < 400 && !failedBody) return { outcome: 'ok', reason: '' };
  const reason = [code ?? `HTTP ${status}`, message].filter(Boolean).join(': ');
  const failed = status >= 500 || code === 'SYSTEM_ERROR' || (typeof body?.code === 'number' && body.code >= 500);
  return { outcome: failed ? 'failed' : 'refused', reason, code };
}

function fieldsOf(req: FastifyRequest): Fields {
  const query = (req.query ?? {}) as Fields;
  const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? (req.body as Fields) : {};
  return { ...query, ...body };
}

function targetOf(fields: Fields): string {
  return TARGET_FIELDS.flatMap((f) => {
    const value = text(fields[f]);
    return value === undefined ? [] : [`${f}=${value}`];
  }).join(' ');
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
