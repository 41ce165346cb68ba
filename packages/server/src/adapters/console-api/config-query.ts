import type {
  ConfigHistoryInfoDto,
  ConfigInfo,
  ConfigInfoDto,
  ConfigKeyParam,
  ConfigListParam,
} from '@tsnacos/protocol';
import { canonicalTenant, parseConfigKey, type ConfigKey } from '../../core/config/config-key.js';
import type { ConfigHistoryEntry, ConfigItem } from '../../core/config/config-model.js';
import type { ConfigListing } from '../../core/config/config-search.js';
import { inputOf, optionalText, text, type Input } from './console-input.js';
import type { NamespaceField } from './console-namespaces.js';

/** The console's list filter: `tenant`, and substrings `groupParam` and `dataParam`. */
export function listFilterOf(input: Input<ConfigListParam>): ConfigListing {
  return {
    namespaceId: canonicalTenant(text(input, 'tenant')),
    groupContains: optionalText(input, 'groupParam'),
    dataIdContains: optionalText(input, 'dataParam'),
  };
}

/** `tenant` of the query or body, as `listFilterOf` and `configKeyOf` read it. */
export const TENANT: NamespaceField = {
  name: 'tenant',
  read: (req) => [canonicalTenant(text(inputOf<ConfigListParam>(req), 'tenant'))],
};

/** A config key from `dataId`, `group` (default DEFAULT_GROUP) and `tenant` ("public" = ""). */
export function configKeyOf(input: Input<ConfigKeyParam>): ConfigKey {
  return parseConfigKey({ dataId: text(input, 'dataId'), group: text(input, 'group'), tenant: text(input, 'tenant') });
}

export function configInfoDto(item: ConfigItem): ConfigInfoDto {
  return {
    tenant: item.namespaceId,
    group: item.group,
    dataId: item.dataId,
    content: null,
    md5: null,
    desc: item.desc,
    configType: item.type,
    modifiedTime: item.modifiedAt,
  };
}

/** The editor's view of one config (`v2/config/info`). */
export function configInfoOf(item: ConfigItem): ConfigInfo {
  const info: ConfigInfo = { value: item.content, md5: item.md5, configType: item.type, desc: item.desc };
  if (item.encryptedDataKey) info.encryptedDataKey = item.encryptedDataKey;
  return info;
}

export function historyDto(entry: ConfigHistoryEntry): ConfigHistoryInfoDto {
  const dto: ConfigHistoryInfoDto = {
    id: entry.id,
    tenant: entry.namespaceId,
    group: entry.group,
    dataId: entry.dataId,
    content: entry.content,
    modifiedTime: entry.createdAt,
    opUser: entry.srcUser || null,
    opType: entry.op,
  };
  if (entry.encryptedDataKey) dto.encryptedDataKey = entry.encryptedDataKey;
  if (entry.publishType === 'gray') Object.assign(dto, { publishType: 'gray', grayName: entry.grayName ?? '' });
  return dto;
}
