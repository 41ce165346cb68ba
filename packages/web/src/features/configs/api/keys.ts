export interface ConfigKey {
  tenant: string;
  group: string;
  dataId: string;
}

export interface ConfigListParams {
  tenant: string;
  groupParam: string;
  dataParam: string;
  pageNo: number;
  pageSize: number;
}

export interface ConfigHistoryParams extends ConfigKey {
  pageNo: number;
  pageSize: number;
}

export const configKeys = {
  all: ['configs'] as const,
  lists: () => ['configs', 'list'] as const,
  list: (p: ConfigListParams) => ['configs', 'list', p] as const,
  detail: (k: ConfigKey) => ['configs', 'detail', k.tenant, k.group, k.dataId] as const,
  histories: (k: ConfigKey) => ['configs', 'history', k.tenant, k.group, k.dataId] as const,
  history: (p: ConfigHistoryParams) =>
    ['configs', 'history', p.tenant, p.group, p.dataId, p.pageNo, p.pageSize] as const,
};
