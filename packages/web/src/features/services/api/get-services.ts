import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageResult, ServiceDto } from '@tsnacos/protocol';
import { apiGet } from '../../../lib/api-client.js';
import { serviceKeys, type ServiceListParams } from './keys.js';

export type ServiceRow = ServiceDto;

const getServices = (p: ServiceListParams) => apiGet<PageResult<ServiceRow>>('/v2/service/list', { ...p });

export function useServices(params: ServiceListParams, enabled = true) {
  return useQuery({
    queryKey: serviceKeys.list(params),
    queryFn: () => getServices(params),
    placeholderData: keepPreviousData,
    enabled,
  });
}
