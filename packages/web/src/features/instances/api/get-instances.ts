import { useQuery } from '@tanstack/react-query';
import type { InstanceDto, PageResult } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import type { ServiceRef } from '../../../app/paths.js';

export type Instance = InstanceDto;

const instanceKeys = {
  all: ['instances'] as const,
  list: (s: ServiceRef) => ['instances', 'list', s] as const,
};

const getInstances = (s: ServiceRef) => apiGet<PageResult<Instance>>('/v2/instance/list', { ...s });

/** Fetched once in full and paged in the browser; refresh fetches again. */
export function useInstances(service: ServiceRef, enabled = true) {
  return useQuery({
    queryKey: instanceKeys.list(service),
    queryFn: () => getInstances(service),
    staleTime: Infinity,
    enabled,
  });
}
