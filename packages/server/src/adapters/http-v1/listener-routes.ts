import type { FastifyInstance } from 'fastify';
import type { ConfigService } from '../../core/config/config-service.js';
import { grayClientIp, requestParams } from '../http-common/params.js';
import { encodeChangedConfigs, parseListeningConfigs, type ListenEntry } from './listening-configs.js';
import type { LongPollRegistry } from './long-poll.js';
import { LISTENED_NAMESPACES } from './request-namespace.js';

export interface LongPollTiming {
  /** Shortest hold, 10 s in nacos; tests lower it. */
  minHoldMs: number;
  maxHoldMs: number;
}

export const DEFAULT_LONG_POLL_TIMING: LongPollTiming = { minHoldMs: 10_000, maxHoldMs: 120_000 };

/** `POST /nacos/v1/cs/configs/listener`: the 1.x long-polling config listener. */
export function registerListenerRoutes(
  app: FastifyInstance,
  configs: ConfigService,
  polls: LongPollRegistry,
  timing: LongPollTiming,
): void {
  app.post('/nacos/v1/cs/configs/listener', { config: { namespace: LISTENED_NAMESPACES } }, async (req, reply) => {
    const entries = parseListeningConfigs(requestParams(req)['Listening-Configs']);
    // compared with what this client reads: a gray version's md5 when its IP or tag is in the rule
    const tag = (req.headers['vipserver-tag'] as string | undefined)?.trim() || undefined;
    const client = { ip: grayClientIp(req), tag };
    const changedNow = (listened: ListenEntry[]) =>
      listened.filter((e) => configs.md5Of(e.keyString, client) !== e.md5);
    reply.header('Pragma', 'no-cache').header('Expires', '0').header('Cache-Control', 'no-cache,no-store');
    reply.type('text/plain;charset=UTF-8');
    const changed = changedNow(entries);
    const timeout = Number(req.headers['long-pulling-timeout']);
    const noHangup = String(req.headers['long-pulling-timeout-no-hangup'] ?? '').toLowerCase() === 'true';
    if (changed.length > 0 || !Number.isFinite(timeout) || timeout <= 0 || noHangup) {
      return reply.send(encodeChangedConfigs(changed));
    }
    // Answer a little before the client gives up, as nacos does.
    const holdMs = Math.min(Math.max(timing.minHoldMs, timeout - 500), timing.maxHoldMs);
    const poller = { ip: client.ip, port: req.socket.remotePort ?? 0 };
    const cancel = polls.hold(poller, entries, holdMs, changedNow, (result) => {
      void reply.send(encodeChangedConfigs(result));
    });
    // A client that hangs up must not stay registered.
    reply.raw.on('close', cancel);
    return reply;
  });
}
