import type { ServiceListParam, SubscriberListParam } from '@tsnacos/protocol';

export type ServiceListParams = Required<ServiceListParam>;
/** The subscriber page filters by the exact names. */
export type SubscriberListParams = Required<
  Pick<SubscriberListParam, 'namespaceId' | 'serviceName' | 'groupName' | 'pageNo' | 'pageSize'>
>;

export const serviceKeys = {
  all: ['services'] as const,
  list: (p: ServiceListParams) => ['services', 'list', p] as const,
  subscribers: (p: SubscriberListParams) => ['services', 'subscribers', p] as const,
};
