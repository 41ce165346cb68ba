import type { AuditLog } from '../../../core/audit/audit-log.js';
import { configTarget } from '../../../core/audit/audit-model.js';
import type { JsonObject } from '../payload.js';
import type { RequestContext } from '../grpc-handler.js';
import { configKeyOf } from './config-request.js';
import { grpcCaller, type TokenOwner } from './grpc-caller.js';

/** Records a config write the access guard refused (the config service records the ones it receives). */
export function configRefusal(action: string, audit: AuditLog | undefined, auth: TokenOwner | undefined) {
  if (!audit?.enabled) return undefined;
  return async (body: JsonObject, ctx: RequestContext, error: unknown): Promise<void> => {
    let namespaceId = '';
    let target = '';
    try {
      const key = configKeyOf(body);
      namespaceId = key.namespaceId;
      target = configTarget(key);
    } catch {
      // a malformed key is still a refused write: recorded without its target
    }
    await audit.note({
      door: 'grpc',
      username: grpcCaller(auth, ctx),
      clientIp: ctx.clientIp,
      action,
      namespaceId,
      target,
      outcome: 'refused',
      reason: error instanceof Error ? error.message : String(error),
    });
  };
}
