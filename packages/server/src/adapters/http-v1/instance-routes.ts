import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { NamingService } from '../../core/naming/naming-service.js';
import { notFound } from '../../shared/errors.js';
import { clientIp, intParam, optional, requestParams } from '../http-common/params.js';
import { instanceDetailJson, POLL_CACHE_MILLIS, PUSH_CACHE_MILLIS, serviceListJson } from './naming-json.js';
import {
  boolParam,
  clusterOf,
  instanceOf,
  integerParam,
  notFoundAsInvalid,
  parseBeat,
  serviceKeyOf,
  subscriberIp,
} from './naming-params.js';

const JSON_TYPE = 'application/json;charset=UTF-8';
const TEXT_TYPE = 'text/plain;charset=UTF-8';

/** nacos `NamingResponseCode`: OK, and "resource not found" that makes 1.x clients re-register. */
const CODE_OK = 10200;
const CODE_NOT_FOUND = 20404;

export interface InstanceRoutesOptions {
  /** Whether list pollers with `udpPort` get pushes (and so the longer poll interval). */
  udpPush: boolean;
}

const ok = (reply: FastifyReply) => reply.type(TEXT_TYPE).send('ok');

/** `/nacos/v1/ns/instance*`: register, deregister, update, detail, list (poll + UDP subscribe), beat. */
export function registerInstanceRoutes(app: FastifyInstance, naming: NamingService, options: InstanceRoutesOptions): void {
  const path = '/nacos/v1/ns/instance';

  app.post(path, async (req, reply) => {
    const params = requestParams(req);
    await naming.registerInstance(serviceKeyOf(params), instanceOf(params));
    return ok(reply);
  });

  app.delete(path, async (req, reply) => {
    const params = requestParams(req);
    await naming.deregisterInstance(serviceKeyOf(params), instanceOf(params));
    return ok(reply);
  });

  app.put(path, async (req, reply) => {
    const params = requestParams(req);
    await naming.updateInstance(serviceKeyOf(params), instanceOf(params));
    return ok(reply);
  });

  app.patch(path, async (req, reply) => {
    const params = requestParams(req);
    const input = instanceOf(params);
    await notFoundAsInvalid(naming.patchInstance(serviceKeyOf(params), input, input));
    return ok(reply);
  });

  app.get(path, async (req) => {
    const params = requestParams(req);
    const key = serviceKeyOf(params);
    const input = instanceOf(params);
    const instance = naming.getInstance(key, input);
    if (!instance) throw notFound(`no instance ${input.ip}:${input.port} in cluster ${input.clusterName ?? 'DEFAULT'} of ${key.groupName}@@${key.serviceName}`);
    return instanceDetailJson(key, instance);
  });

  app.get(`${path}/list`, async (req: FastifyRequest, reply: FastifyReply) => {
    const params = requestParams(req);
    const key = serviceKeyOf(params);
    const clusters = optional(params, 'clusters') ?? '';
    const udpPort = intParam(params, 'udpPort', 0, 0, 65535);
    let pushed = false;
    if (udpPort > 0) {
      naming.subscribeUdp(key, {
        ip: subscriberIp(optional(params, 'clientIP'), clientIp(req)),
        port: udpPort,
        clusters,
        agent: req.headers['user-agent'] ?? '',
        app: optional(params, 'app') ?? '',
      });
      pushed = options.udpPush;
    }
    const info = naming.query(key, { clusters, healthyOnly: boolParam(params, 'healthyOnly') ?? false });
    return reply.type(JSON_TYPE).send(serviceListJson(info, pushed ? PUSH_CACHE_MILLIS : POLL_CACHE_MILLIS));
  });

  app.put(`${path}/beat`, async (req) => {
    const params = requestParams(req);
    const beat = parseBeat(params.beat);
    const key = serviceKeyOf({ ...params, serviceName: params.serviceName || (beat?.serviceName ?? '') });
    const ref = beat?.instance.ip
      ? beat.instance
      : { ip: optional(params, 'ip') ?? '', port: integerParam(params, 'port') ?? Number.NaN, clusterName: clusterOf(params) };
    const result = naming.beat(key, ref, beat?.instance);
    if (!result.found) return { clientBeatInterval: result.clientBeatInterval, code: CODE_NOT_FOUND };
    return { clientBeatInterval: result.clientBeatInterval, code: CODE_OK, lightBeatEnabled: true };
  });
}
