import type { ToolSpecQueryParam } from '@tsnacos/protocol';

export type ToolSpecListParams = Required<ToolSpecQueryParam>;

export interface ToolSpecKey {
  namespace: string;
  group: string;
  toolName: string;
}

export const toolSpecKeys = {
  all: ['tool-specs'] as const,
  list: (p: ToolSpecListParams) => ['tool-specs', 'list', p] as const,
  info: (k: ToolSpecKey) => ['tool-specs', 'info', k] as const,
};
