import type { NamingService } from '../../core/naming/naming-service.js';
import { intParam, optional, type Params } from '../http-common/params.js';
import { POLL_CACHE_MILLIS, PUSH_CACHE_MILLIS, serviceListBody } from './naming-json.js';
import { boolParam, clusterOf, integerParam, parseBeat, serviceKeyOf } from './naming-params.js';

/**
 * The two hot naming answers (instance list polls and heartbeats), shared by the fastify routes and the
 * fast path in front of them so both always answer alike.
 */

/** nacos `NamingResponseCode`: OK, and "resource not found" that makes 1.x clients re-register. */
const CODE_OK = 10200;
const CODE_NOT_FOUND = 20404;

export interface Caller {
  /** The caller's address: the UDP target when `clientIP` is missing or not an IP. */
  remoteIp: string;
  userAgent: string;
}

/** `GET /nacos/v1/ns/instance/list`: subscribes a poller with `udpPort`, answers the list JSON (UTF-8). */
export function listAnswer(
  naming: NamingService,
  params: Params,
  namespaceId: string | undefined,
  caller: Caller,
  udpPush: boolean,
): Buffer {
  const key = serviceKeyOf(params, namespaceId);
  const clusters = optional(params, 'clusters') ?? '';
  const healthyOnly = boolParam(params, 'healthyOnly') ?? false;
  const udpPort = intParam(params, 'udpPort', 0, 0, 65535);
  let pushed = false;
  if (udpPort > 0) {
    naming.subscribeUdp(key, {
      // pushes go to the poller's own address, whatever `clientIP` says: honouring it would let anyone aim
      // them (up to 64 KB, resent) at a third party
      ip: caller.remoteIp,
      port: udpPort,
      clusters,
      agent: caller.userAgent,
      app: optional(params, 'app') ?? '',
    });
    pushed = udpPush;
  }
  const info = naming.query(key, { clusters, healthyOnly });
  return serviceListBody(info, pushed ? PUSH_CACHE_MILLIS : POLL_CACHE_MILLIS);
}

export type BeatAnswer =
  | { clientBeatInterval: number; code: typeof CODE_OK; lightBeatEnabled: true }
  | { clientBeatInterval: number; code: typeof CODE_NOT_FOUND };

/** `PUT /nacos/v1/ns/instance/beat`: the beat JSON's ip/port/cluster win over the parameters. */
export function beatAnswer(naming: NamingService, params: Params, namespaceId: string | undefined): BeatAnswer {
  const beat = parseBeat(params.beat);
  const key = serviceKeyOf(
    // eslint-disable-next-line no-restricted-syntax -- only a beat without the serviceName parameter
    beat && !params.serviceName ? { ...params, serviceName: beat.serviceName ?? '' } : params,
    namespaceId,
  );
  const ref = beat?.instance.ip
    ? beat.instance
    : {
        ip: optional(params, 'ip') ?? '',
        port: integerParam(params, 'port') ?? Number.NaN,
        clusterName: clusterOf(params),
      };
  const result = naming.beat(key, ref, beat?.instance);
  if (!result.found) return { clientBeatInterval: result.clientBeatInterval, code: CODE_NOT_FOUND };
  return { clientBeatInterval: result.clientBeatInterval, code: CODE_OK, lightBeatEnabled: true };
}
