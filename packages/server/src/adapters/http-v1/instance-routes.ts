import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NamingService } from '../../core/naming/naming-service.js';
import { notFound } from '../../shared/errors.js';
import { clientIp, requestParams } from '../http-common/params.js';
import { beatAnswer, listAnswer } from './naming-answers.js';
import { instanceDetailJson } from './naming-json.js';
import { instanceOf, notFoundAsInvalid, serviceKeyOf } from './naming-params.js';
import { NAMING_NAMESPACE, requestNamespace } from './request-namespace.js';

const JSON_TYPE = 'application/json;charset=UTF-8';
const TEXT_TYPE = 'text/plain;charset=UTF-8';

export interface InstanceRoutesOptions {
  /** Whether list pollers with `udpPort` get pushes (and so the longer poll interval). */
  udpPush: boolean;
}

const ROUTE = { config: { namespace: NAMING_NAMESPACE } };

const ok = (reply: FastifyReply) => reply.type(TEXT_TYPE).send('ok');

/** `/nacos/v1/ns/instance*`: register, deregister, update, detail, list (poll + UDP subscribe), beat. */
export function registerInstanceRoutes(
  app: FastifyInstance,
  naming: NamingService,
  options: InstanceRoutesOptions,
): void {
  const path = '/nacos/v1/ns/instance';

  app.post(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    await naming.registerInstance(serviceKeyOf(params, requestNamespace(req)), instanceOf(params));
    return ok(reply);
  });

  app.delete(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    await naming.deregisterInstance(serviceKeyOf(params, requestNamespace(req)), instanceOf(params));
    return ok(reply);
  });

  app.put(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    await naming.updateInstance(serviceKeyOf(params, requestNamespace(req)), instanceOf(params));
    return ok(reply);
  });

  app.patch(path, ROUTE, async (req, reply) => {
    const params = requestParams(req);
    const input = instanceOf(params);
    await notFoundAsInvalid(naming.patchInstance(serviceKeyOf(params, requestNamespace(req)), input, input));
    return ok(reply);
  });

  app.get(path, ROUTE, async (req) => {
    const params = requestParams(req);
    const key = serviceKeyOf(params, requestNamespace(req));
    const input = instanceOf(params);
    const instance = naming.getInstance(key, input);
    if (!instance)
      throw notFound(
        `no instance ${input.ip}:${input.port} in cluster ${input.clusterName ?? 'DEFAULT'} of ${key.groupName}@@${key.serviceName}`,
      );
    return instanceDetailJson(key, instance);
  });

  app.get(`${path}/list`, ROUTE, async (req, reply) => {
    const caller = { remoteIp: clientIp(req), userAgent: req.headers['user-agent'] ?? '' };
    return reply
      .type(JSON_TYPE)
      .send(listAnswer(naming, requestParams(req), requestNamespace(req), caller, options.udpPush));
  });

  app.put(`${path}/beat`, ROUTE, async (req) => beatAnswer(naming, requestParams(req), requestNamespace(req)));
}
