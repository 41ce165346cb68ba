import type { RequestLog } from '../../shared/request-log.js';
import { parseJsonBody, type DecodedPayload } from './payload.js';
import type { Reply } from './request-dispatcher.js';

/** The namespace a request names (`namespace` in naming, `tenant` in config requests), read only to log it. */
function namespaceOf(payload: DecodedPayload): string | undefined {
  try {
    const body = parseJsonBody(payload.body);
    const value = body.namespace ?? body.tenant;
    return typeof value === 'string' ? value || 'public' : 'public';
  } catch {
    return undefined;
  }
}

/** Hands one answered unary request to the request log (which decides whether it is written at all). */
export function logAnswer(
  log: RequestLog,
  payload: DecodedPayload | undefined,
  reply: Reply,
  peer: string,
  ms: number,
): void {
  const code = reply.errorCode;
  if (!log.wants(code)) return;
  log.record({
    door: 'grpc',
    type: payload?.type ?? '(undecodable payload)',
    client: payload?.clientIp || peer.slice(0, peer.lastIndexOf(':')),
    code,
    ms,
    namespace: payload ? () => namespaceOf(payload) : undefined,
    message: reply.message || undefined,
  });
}
