import type { ConfigBetaInfo, ConfigBetaParams, ConfigKeyParam } from '@tsnacos/protocol';
import type { FastifyInstance } from 'fastify';
import { BETA_GRAY_NAME, grayExpression, parseBetaIps } from '../../core/config/config-gray.js';
import type { Core } from '../../core/core.js';
import { consoleSource } from './console-source.js';
import { namespaced } from './console-namespaces.js';
import { API } from './console-paths.js';
import { inputOf, requiredText, text } from './console-input.js';
import { configKeyOf, TENANT } from './config-query.js';
import { ok } from './envelope.js';

/** Every route here names one namespace, `tenant`. */
const IN_TENANT = namespaced(TENANT);

/** The console's beta release of a config: read it, publish it to client IPs, stop it, promote it. */
export function registerConfigBetaRoutes(app: FastifyInstance, core: Core): void {
  const { configs } = core;

  app.get(`${API}/v2/config/beta`, IN_TENANT, async (req) => {
    const key = configKeyOf(inputOf<ConfigKeyParam>(req));
    const beta = configs.graysOf(key).find((g) => g.grayName === BETA_GRAY_NAME);
    if (!beta) return ok(null);
    const info: ConfigBetaInfo = {
      betaIps: grayExpression(beta.rule),
      value: beta.item.content,
      md5: beta.item.md5,
      configType: beta.item.type,
      modifiedTime: beta.item.modifiedAt,
    };
    return ok(info);
  });

  app.post(`${API}/v2/config/beta/publish`, IN_TENANT, async (req) => {
    const input = inputOf<ConfigBetaParams>(req);
    const key = configKeyOf(input);
    const ips = parseBetaIps(requiredText(input, 'betaIps'));
    await configs.publishGray(
      { ...key, content: text(input, 'content') ?? '', rule: { type: 'beta', ips } },
      consoleSource(req),
    );
    return ok(true);
  });

  app.post(`${API}/v2/config/beta/stop`, IN_TENANT, async (req) => {
    const key = configKeyOf(inputOf<ConfigKeyParam>(req));
    await configs.removeGray(key, BETA_GRAY_NAME, consoleSource(req));
    return ok(true);
  });

  /** The beta content becomes the config every client reads; the beta is removed. */
  app.post(`${API}/v2/config/beta/promote`, IN_TENANT, async (req) => {
    const key = configKeyOf(inputOf<ConfigKeyParam>(req));
    await configs.promoteGray(key, BETA_GRAY_NAME, consoleSource(req));
    return ok(true);
  });
}
