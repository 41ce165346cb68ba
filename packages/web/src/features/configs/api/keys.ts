import type { ConfigHistoryParam, ConfigKeyParam, ConfigListenerParam, ConfigListParam } from '@tsnacos/protocol';

/** The console always names the namespace and group of a config. */
export type ConfigKey = Required<ConfigKeyParam>;
export type ConfigListParams = Required<ConfigListParam>;
export type ConfigHistoryParams = Required<ConfigHistoryParam>;
/** By config (`dataId`, `group`) or by client (`ip`), in a namespace. */
export type ConfigListenerParams = ConfigListenerParam & { tenant: string };

export const configKeys = {
  all: ['configs'] as const,
  lists: () => ['configs', 'list'] as const,
  list: (p: ConfigListParams) => ['configs', 'list', p] as const,
  detail: (k: ConfigKey) => ['configs', 'detail', k.tenant, k.group, k.dataId] as const,
  histories: (k: ConfigKey) => ['configs', 'history', k.tenant, k.group, k.dataId] as const,
  history: (p: ConfigHistoryParams) =>
    ['configs', 'history', p.tenant, p.group, p.dataId, p.pageNo, p.pageSize] as const,
  listeners: (p: ConfigListenerParams) => ['configs', 'listeners', p.tenant, p.dataId, p.group, p.ip] as const,
};
