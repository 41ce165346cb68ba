import type { ConfigHistoryParam, ConfigKeyParam, ConfigListParam } from '@tsnacos/protocol';

/** The console always names the namespace and group of a config. */
export type ConfigKey = Required<ConfigKeyParam>;
export type ConfigListParams = Required<ConfigListParam>;
export type ConfigHistoryParams = Required<ConfigHistoryParam>;

export const configKeys = {
  all: ['configs'] as const,
  lists: () => ['configs', 'list'] as const,
  list: (p: ConfigListParams) => ['configs', 'list', p] as const,
  detail: (k: ConfigKey) => ['configs', 'detail', k.tenant, k.group, k.dataId] as const,
  histories: (k: ConfigKey) => ['configs', 'history', k.tenant, k.group, k.dataId] as const,
  history: (p: ConfigHistoryParams) =>
    ['configs', 'history', p.tenant, p.group, p.dataId, p.pageNo, p.pageSize] as const,
};
