import type { ConfigKey } from '../../core/config/config-key.js';
import { BETA_GRAY_NAME, grayExpression, type GrayClient } from '../../core/config/config-gray.js';
import type { ChangeSource } from '../../core/config/config-model.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { configGetAnswer, configGrayAnswer, type ConfigGetAnswer } from './config-answer.js';

/**
 * What `GET /nacos/v1/cs/configs` answers a client: the gray version its IP or tag matches, else the stable
 * config. A tag the client named that no gray version has is "not found", as in nacos (a tag named only in
 * the `Vipserver-Tag` header falls back to the stable config).
 */
export function configReadAnswer(
  configs: ConfigService,
  key: ConfigKey,
  client: GrayClient,
  namedTag: boolean,
): ConfigGetAnswer {
  const gray = configs.grayFor(key, client);
  if (gray) return configGrayAnswer(gray);
  if (namedTag) return configGetAnswer(undefined);
  return configGetAnswer(configs.get(key));
}

/** `GET /nacos/v1/cs/configs?beta=true`: nacos's RestResult with the beta version (data null without one). */
export function betaQueryResult(configs: ConfigService, key: ConfigKey) {
  const beta = configs.graysOf(key).find((g) => g.grayName === BETA_GRAY_NAME);
  const data = beta && {
    id: String(beta.item.id),
    dataId: key.dataId,
    group: key.group,
    tenant: key.namespaceId,
    content: beta.item.content,
    md5: beta.item.md5,
    encryptedDataKey: beta.item.encryptedDataKey,
    appName: beta.item.appName,
    type: beta.item.type,
    betaIps: grayExpression(beta.rule),
    lastModified: beta.item.modifiedAt,
  };
  return { code: 200, message: 'query beta ok', data: data ?? null };
}

/** `DELETE /nacos/v1/cs/configs?beta=true` (stop beta): true also when there was no beta, as nacos answers. */
export async function stopBetaResult(configs: ConfigService, key: ConfigKey, source: ChangeSource) {
  await configs.removeGray(key, BETA_GRAY_NAME, source);
  return { code: 200, message: 'stop beta ok', data: true };
}
