import type { ConfigHistoryParam, ConfigInfo, ConfigKeyParam, ConfigListParam, ConfigParams } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Core } from '../../core/core.js';
import { NacosError } from '../../shared/errors.js';
import { clientIp } from '../http-common/params.js';
import { principalOf, requireNamespace } from './console-auth.js';
import { API } from './console-paths.js';
import { inputOf, pageOf, requiredText, text } from './console-input.js';
import { configInfoDto, configKeyOf, historyDto, listFilterOf } from './config-query.js';
import { ConsoleError, ok } from './envelope.js';

/** Config list, detail, publish, remove and history for the console (v2, plus the raw v1 lists). */
export function registerConfigRoutes(app: FastifyInstance, core: Core): void {
  const { configs } = core;

  const list = (req: FastifyRequest) => {
    const input = inputOf<ConfigListParam>(req);
    const filter = listFilterOf(input);
    requireNamespace(req, filter.namespaceId);
    const page = pageOf(input);
    const all = configs.list(filter);
    return { total: all.length, items: all.slice(page.offset, page.offset + page.pageSize).map(configInfoDto) };
  };

  const history = async (req: FastifyRequest) => {
    const input = inputOf<ConfigHistoryParam>(req);
    requiredText(input, 'dataId');
    requiredText(input, 'group');
    const key = configKeyOf(input);
    requireNamespace(req, key.namespaceId);
    const page = pageOf(input);
    const { total, items } = await configs.history(key, page.offset, page.pageSize);
    return { total, items: items.map(historyDto) };
  };

  app.get(`${API}/v2/config/list`, async (req) => {
    const { total, items } = list(req);
    return ok({ totalCount: total, list: items });
  });

  app.get(`${API}/v2/config/info`, async (req) => {
    const key = configKeyOf(inputOf<ConfigKeyParam>(req));
    requireNamespace(req, key.namespaceId);
    const item = configs.get(key);
    if (!item) throw new ConsoleError('NOT_FOUND', `config ${key.group}/${key.dataId} does not exist`);
    const info: ConfigInfo = { value: item.content, md5: item.md5, configType: item.type, desc: item.desc };
    return ok(info);
  });

  const publish = async (req: FastifyRequest) => {
    const input = inputOf<ConfigParams>(req);
    const key = configKeyOf(input);
    requireNamespace(req, key.namespaceId);
    await configs.publish(
      { ...key, content: text(input, 'content') ?? '', type: text(input, 'configType'), desc: text(input, 'desc') },
      { srcIp: clientIp(req), srcUser: principalOf(req).username ?? '' },
    );
    return ok(true);
  };
  app.post(`${API}/v2/config/add`, publish);
  app.post(`${API}/v2/config/update`, publish);

  app.post(`${API}/v2/config/remove`, async (req) => {
    const key = configKeyOf(inputOf<ConfigKeyParam>(req));
    requireNamespace(req, key.namespaceId);
    await configs.remove(key, { srcIp: clientIp(req), srcUser: principalOf(req).username ?? '' });
    return ok(true);
  });

  app.get(`${API}/v2/config/history`, async (req) => {
    const { total, items } = await history(req);
    return ok({ totalCount: total, list: items });
  });

  // Legacy v1 lists: bare `{count, list}`, failures as plain text with a status.
  const raw = (work: (req: FastifyRequest) => unknown) => async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const { total, items } = (await work(req)) as { total: number; items: unknown[] };
      return { count: total, list: items };
    } catch (err) {
      const status =
        err instanceof ConsoleError && err.code === 'NO_NAMESPACE_PERMISSION'
          ? 401
          : err instanceof NacosError
            ? 400
            : 0;
      if (!status) throw err;
      return reply
        .code(status)
        .type('text/plain; charset=utf-8')
        .send((err as Error).message);
    }
  };
  app.get(`${API}/configs`, raw(list));
  app.get(`${API}/config/history`, raw(history));
}
