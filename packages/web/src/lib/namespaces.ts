import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client.js';
import { readStorage, writeStorage } from './storage.js';

import type { NamespaceInfo } from '@tsnacos/protocol';

export type { NamespaceInfo };

export type NamespaceRef = Pick<NamespaceInfo, 'namespaceId' | 'namespaceName'>;

/** The reserved default namespace: empty id, named public. */
const DEFAULT_NAMESPACE: NamespaceRef = { namespaceId: '', namespaceName: 'public' };
const NAMESPACE_STORAGE_KEY = 'RNACOS_NAMESPACE_KEY';

export const namespaceKeys = { all: ['namespaces'] as const, list: () => ['namespaces', 'list'] as const };

const getNamespaces = () => apiGet<NamespaceInfo[]>('/v2/namespaces/list');

const namespacesQuery = queryOptions({ queryKey: namespaceKeys.list(), queryFn: getNamespaces });

/** The local list starts as just the default namespace and is replaced once loaded. */
export function useNamespaces() {
  const query = useQuery(namespacesQuery);
  return { ...query, list: query.data ?? [DEFAULT_NAMESPACE] };
}

export function readStoredNamespace(): NamespaceRef {
  try {
    const parsed = JSON.parse(readStorage(NAMESPACE_STORAGE_KEY) ?? 'null') as NamespaceRef | null;
    if (parsed && typeof parsed.namespaceId === 'string') {
      return { namespaceId: parsed.namespaceId, namespaceName: String(parsed.namespaceName ?? parsed.namespaceId) };
    }
  } catch {
    // unreadable: use the default
  }
  return DEFAULT_NAMESPACE;
}

export function storeNamespace(ns: NamespaceRef): void {
  writeStorage(NAMESPACE_STORAGE_KEY, JSON.stringify({ namespaceId: ns.namespaceId, namespaceName: ns.namespaceName }));
}

export function namespaceLabel(ns: NamespaceRef): string {
  return ns.namespaceId ? `${ns.namespaceName} (${ns.namespaceId})` : ns.namespaceName;
}
