export interface ServiceListParams {
  namespaceId: string;
  serviceNameParam: string;
  groupNameParam: string;
  pageNo: number;
  pageSize: number;
}

export interface SubscriberListParams {
  namespaceId: string;
  serviceName: string;
  groupName: string;
  pageNo: number;
  pageSize: number;
}

export const serviceKeys = {
  all: ['services'] as const,
  list: (p: ServiceListParams) => ['services', 'list', p] as const,
  subscribers: (p: SubscriberListParams) => ['services', 'subscribers', p] as const,
};
