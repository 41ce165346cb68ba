import type { ConfigHistoryInfoDto, ConfigInfoDto } from '@tsnacos/protocol';
import { canonicalTenant, parseConfigKey, type ConfigKey } from '../../core/config/config-key.js';
import type { ConfigHistoryEntry, ConfigItem } from '../../core/config/config-model.js';
import type { ConfigService } from '../../core/config/config-service.js';
import { optionalText, text, type Input } from './console-input.js';

export interface ConfigListFilter {
  /** Canonical namespace id. */
  namespaceId: string;
  /** Substrings of the group and of the dataId (case-sensitive); blank = any. */
  groupParam?: string;
  dataParam?: string;
}

export function listFilterOf(input: Input): ConfigListFilter {
  return {
    namespaceId: canonicalTenant(text(input, 'tenant')),
    groupParam: optionalText(input, 'groupParam'),
    dataParam: optionalText(input, 'dataParam'),
  };
}

const byGroupThenDataId = (a: ConfigItem, b: ConfigItem) =>
  a.group < b.group ? -1 : a.group > b.group ? 1 : a.dataId < b.dataId ? -1 : a.dataId > b.dataId ? 1 : 0;

/** The namespace's configs matching the filter, ordered by group then dataId. */
export function listConfigs(configs: ConfigService, filter: ConfigListFilter): ConfigItem[] {
  const matched: ConfigItem[] = [];
  for (const item of configs.all()) {
    if (item.namespaceId !== filter.namespaceId) continue;
    if (filter.groupParam && !item.group.includes(filter.groupParam)) continue;
    if (filter.dataParam && !item.dataId.includes(filter.dataParam)) continue;
    matched.push(item);
  }
  return matched.sort(byGroupThenDataId);
}

/** A config key from `dataId`, `group` (default DEFAULT_GROUP) and `tenant` ("public" = ""). */
export function configKeyOf(input: Input): ConfigKey {
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

export function historyDto(entry: ConfigHistoryEntry): ConfigHistoryInfoDto {
  return {
    id: entry.id,
    tenant: entry.namespaceId,
    group: entry.group,
    dataId: entry.dataId,
    content: entry.content,
    modifiedTime: entry.createdAt,
    opUser: entry.srcUser || null,
    opType: entry.op,
  };
}
