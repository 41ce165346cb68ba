import type { ConfigHistoryParam, ConfigKeyParam, ConfigListParam, ConfigParams } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../../core/core.js';
import { namespaced } from './console-namespaces.js';
import { consoleSource } from './console-source.js';
import { API } from './console-paths.js';
import { inputOf, pageOf, requiredText, text } from './console-input.js';
import { configInfoDto, configInfoOf, configKeyOf, historyDto, listFilterOf, TENANT } from './config-query.js';
import { ConsoleError, ok, sendTextError } from './envelope.js';

/** Every route here names one namespace, `tenant`. */
const IN_TENANT = namespaced(TENANT);

/** Config list, detail, publish, remove and history for the console (v2, plus the raw v1 lists). */
export function registerConfigRoutes(app: FastifyInstance, core: Core): void {
  const { configs } = core;

  const list = (req: FastifyRequest) => {
    const input = inputOf<ConfigListParam>(req);
    const filter = listFilterOf(input);
    const page = pageOf(input);
    const all = configs.list(filter);
    const items = all.slice(page.offset, page.offset + page.pageSize).map((item) => {
      const dto = configInfoDto(item);
      // marks the configs with a gray version (one map check each while none has one)
      if (configs.hasGray(item)) dto.grayNames = configs.graysOf(item).map((g) => g.grayName);
      return dto;
    });
    return { total: all.length, items };
  };

  const history = async (req: FastifyRequest) => {
    const input = inputOf<ConfigHistoryParam>(req);
    requiredText(input, 'dataId');
    requiredText(input, 'group');
    const key = configKeyOf(input);
    const page = pageOf(input);
    const { total, items } = await configs.history(key, page.offset, page.pageSize);
    return { total, items: items.map(historyDto) };
  };

  app.get(`${API}/v2/config/list`, IN_TENANT, async (req) => {
    const { total, items } = list(req);
    return ok({ totalCount: total, list: items });
  });

  app.get(`${API}/v2/config/info`, IN_TENANT, async (req) => {
    const key = configKeyOf(inputOf<ConfigKeyParam>(req));
    const item = configs.get(key);
    if (!item) throw new ConsoleError('NOT_FOUND', `config ${key.group}/${key.dataId} does not exist`);
    return ok(configInfoOf(item));
  });

  const publish = async (req: FastifyRequest) => {
    const input = inputOf<ConfigParams>(req);
    const key = configKeyOf(input);
    await configs.publish(
      {
        ...key,
        content: text(input, 'content') ?? '',
        type: text(input, 'configType'),
        desc: text(input, 'desc'),
        encryptedDataKey: text(input, 'encryptedDataKey'),
      },
      consoleSource(req),
    );
    return ok(true);
  };
  app.post(`${API}/v2/config/add`, IN_TENANT, publish);
  app.post(`${API}/v2/config/update`, IN_TENANT, publish);

  app.post(`${API}/v2/config/remove`, IN_TENANT, async (req) => {
    const key = configKeyOf(inputOf<ConfigKeyParam>(req));
    await configs.remove(key, consoleSource(req));
    return ok(true);
  });

  app.get(`${API}/v2/config/history`, IN_TENANT, async (req) => {
    const { total, items } = await history(req);
    return ok({ totalCount: total, list: items });
  });

  // Legacy v1 lists: bare `{count, list}`, failures as plain text with a status.
  const raw = (work: (req: FastifyRequest) => unknown) => async (req: FastifyRequest) => {
    const { total, items } = (await work(req)) as { total: number; items: unknown[] };
    return { count: total, list: items };
  };
  const v1 = { ...IN_TENANT, errorHandler: sendTextError };
  app.get(`${API}/configs`, v1, raw(list));
  app.get(`${API}/config/history`, v1, raw(history));
}
