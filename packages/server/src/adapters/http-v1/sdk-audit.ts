import type { FastifyInstance, FastifyRequest } from 'fastify';
import { onSendForWrites } from '../http-common/write-route-hook.js';
import type { AuditLog } from '../../core/audit/audit-log.js';
import type { AuditOutcome } from '../../core/audit/audit-model.js';
import { clientIp, optional, requestParams, type Params } from '../http-common/params.js';
import type { AuditCaller } from '../http-common/sdk-caller.js';
import { LOGIN_ROUTES } from './api-auth-hook.js';
import { sdkWriteAction } from './sdk-audit-actions.js';

const LOGINS: ReadonlySet<string> = new Set(LOGIN_ROUTES);
/** Config writes, recorded by the config service (here only their refusals at the gate). */
const CONFIG_WRITES: ReadonlySet<string> = new Set([
  '/nacos/v1/cs/configs',
  '/nacos/v2/cs/config',
  '/nacos/v3/admin/cs/config',
  '/nacos/v3/admin/cs/config/batch',
  '/nacos/v3/admin/cs/config/beta',
  '/nacos/v3/admin/cs/config/import',
  '/nacos/v3/admin/cs/config/clone',
]);
/** The v1 writes recorded here (beside config writes and persistent instances): services and their clusters. */
const RECORDED_V1 = new Set(['/nacos/v1/ns/service', '/nacos/v1/ns/cluster', '/nacos/v1/console/namespaces']);
/** Instance routes: only persistent instances are recorded. */
const INSTANCES: ReadonlySet<string> = new Set([
  '/nacos/v1/ns/instance',
  '/nacos/v2/ns/instance',
  '/nacos/v3/admin/ns/instance',
  '/nacos/v3/admin/ns/instance/partial',
  '/nacos/v3/client/ns/instance',
]);

/**
 * Audit rows of the SDK port, written before the answer leaves: logins (when OpenAPI auth is on; with it
 * off every login answers a placeholder token and none is recorded), namespace and service writes,
 * persistent instance writes, and config writes refused at the gate.
 */
export function registerSdkAudit(app: FastifyInstance, audit: AuditLog, caller: AuditCaller, authOn: boolean): void {
  if (!audit.enabled) return;
  // only routes that can write carry the hook: reads pay nothing for it
  onSendForWrites(
    app,
    async (req, reply, payload) => {
      const route = req.routeOptions.url;
      if (route === undefined) return payload;
      const login = LOGINS.has(route);
      if (login && !authOn) return payload;
      if (!login && !isRecordedWrite(req, route)) return payload;
      const status = reply.statusCode;
      // a config write that reached the config service is recorded there; here only the gate's refusals
      if (CONFIG_WRITES.has(route) && status !== 403 && status !== 401) return payload;
      const params = paramsOf(req);
      const outcome: AuditOutcome = status < 400 ? 'ok' : status >= 500 ? 'failed' : 'refused';
      const who = caller(req, params);
      await audit.note({
        door: who.door,
        username: login ? (optional(params, 'username') ?? null) : who.actor,
        clientIp: clientIp(req),
        action: login ? (outcome === 'ok' ? 'login.success' : 'login.failure') : sdkWriteAction(req.method, route),
        namespaceId: login ? '' : (optional(params, 'namespaceId') ?? optional(params, 'tenant') ?? ''),
        target: login ? (optional(params, 'username') ?? '') : targetOf(route, params),
        outcome,
        reason: outcome === 'ok' ? '' : reasonOf(status, payload),
      });
      return payload;
    },
    (url) => LOGINS.has(url),
  );
}

function isRecordedWrite(req: FastifyRequest, route: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  // ephemeral instances come and go with their clients (and beat by the thousand): only persistent ones
  if (INSTANCES.has(route)) return paramsOf(req).ephemeral === 'false';
  if (route.endsWith('/instance/beat')) return false;
  if (CONFIG_WRITES.has(route) || RECORDED_V1.has(route)) return true;
  // every other write of the v2 and v3 APIs (services, metadata, health, namespaces, users, roles, switches)
  return route.startsWith('/nacos/v2/') || route.startsWith('/nacos/v3/');
}

function paramsOf(req: FastifyRequest): Params {
  try {
    return requestParams(req);
  } catch {
    return {};
  }
}

function targetOf(route: string, params: Params): string {
  const parts = [
    'group',
    'groupName',
    'dataId',
    'serviceName',
    'clusterName',
    'ip',
    'port',
    'customNamespaceId',
    'namespaceName',
  ];
  // the v3 user and role routes act on the user they name
  if (route.startsWith('/nacos/v3/auth/')) parts.push('username', 'role');
  return parts.flatMap((p) => (params[p] ? [`${p}=${params[p]}`] : [])).join(' ');
}

function reasonOf(status: number, payload: unknown): string {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
  return `HTTP ${status}${text ? `: ${text}` : ''}`;
}
