import type { ConfigKeyParam, ConfigTagInfo, ConfigTagKeyParam, ConfigTagParams } from '@tsnacos/protocol';
import type { FastifyInstance } from 'fastify';
import { grayNameOf, tagRule } from '../../core/config/config-gray.js';
import type { Core } from '../../core/core.js';
import { consoleSource } from './console-source.js';
import { namespaced } from './console-namespaces.js';
import { API } from './console-paths.js';
import { inputOf, requiredText, text } from './console-input.js';
import { configKeyOf, TENANT } from './config-query.js';
import { ok } from './envelope.js';

/** Every route here names one namespace, `tenant`. */
const IN_TENANT = namespaced(TENANT);

/**
 * The console's tag releases of a config (nacos's gray release by tag): list them, publish one for a tag,
 * stop it, promote it. A config may have one release per tag beside its beta.
 */
export function registerConfigTagRoutes(app: FastifyInstance, core: Core): void {
  const { configs } = core;

  app.get(`${API}/v2/config/tag`, IN_TENANT, async (req) => {
    const key = configKeyOf(inputOf<ConfigKeyParam>(req));
    const tags: ConfigTagInfo[] = [];
    for (const gray of configs.graysOf(key)) {
      if (gray.rule.type !== 'tag') continue;
      tags.push({
        tag: gray.rule.tag,
        value: gray.item.content,
        md5: gray.item.md5,
        configType: gray.item.type,
        modifiedTime: gray.item.modifiedAt,
      });
    }
    return ok(tags.sort((a, b) => a.tag.localeCompare(b.tag)));
  });

  app.post(`${API}/v2/config/tag/publish`, IN_TENANT, async (req) => {
    const input = inputOf<ConfigTagParams>(req);
    const key = configKeyOf(input);
    const rule = tagRule(requiredText(input, 'tag'));
    await configs.publishGray({ ...key, content: text(input, 'content') ?? '', rule }, consoleSource(req));
    return ok(true);
  });

  app.post(`${API}/v2/config/tag/stop`, IN_TENANT, async (req) => {
    const input = inputOf<ConfigTagKeyParam>(req);
    const rule = tagRule(requiredText(input, 'tag'));
    await configs.removeGray(configKeyOf(input), grayNameOf(rule), consoleSource(req));
    return ok(true);
  });

  /** The tag release's content becomes the config every client reads; the release is removed. */
  app.post(`${API}/v2/config/tag/promote`, IN_TENANT, async (req) => {
    const input = inputOf<ConfigTagKeyParam>(req);
    const rule = tagRule(requiredText(input, 'tag'));
    await configs.promoteGray(configKeyOf(input), grayNameOf(rule), consoleSource(req));
    return ok(true);
  });
}
