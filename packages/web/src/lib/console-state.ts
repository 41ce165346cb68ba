import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGet } from './api-client.js';
import { toConsoleState, type ConsoleState, type WebResources } from './permissions.js';

const webResourcesKey = ['auth', 'web-resources'] as const;

export const getWebResources = () => apiGet<WebResources>('/v2/user/web_resources');

/** Loaded once per session: fetched only if not already in the cache. */
const webResourcesQuery = queryOptions({
  queryKey: webResourcesKey,
  queryFn: getWebResources,
  staleTime: Infinity,
  gcTime: Infinity,
});

export function useWebResources() {
  return useQuery(webResourcesQuery);
}

export function useConsoleState(): ConsoleState {
  return toConsoleState(useWebResources().data);
}

export function storeWebResources(client: QueryClient, data: WebResources): void {
  client.setQueryData(webResourcesKey, data);
}

/** Logout: everything cached belongs to the old session. */
export function clearConsoleState(client: QueryClient): void {
  client.removeQueries();
}
