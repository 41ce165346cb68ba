import { useCallback } from 'react';
import { readStoredNamespace, storeNamespace, useNamespaces, type NamespaceRef } from './namespaces.js';
import { useUrlState } from './url-state.js';

const NAMESPACE_PARAM = 'namespaceId';

/**
 * The namespace a page works in: the URL's namespaceId when present, else the one kept in localStorage.
 * Choosing one writes both (and goes back to page 1).
 */
export function useSelectedNamespace() {
  const { params, update } = useUrlState();
  const { list } = useNamespaces();
  const stored = readStoredNamespace();
  const fromUrl = params.get(NAMESPACE_PARAM);
  const namespaceId = fromUrl ?? stored.namespaceId;
  const namespace: NamespaceRef =
    list.find((n) => n.namespaceId === namespaceId) ??
    (namespaceId === stored.namespaceId ? stored : { namespaceId, namespaceName: namespaceId });
  const select = useCallback(
    (ns: NamespaceRef) => {
      storeNamespace(ns);
      update({ [NAMESPACE_PARAM]: ns.namespaceId, page: null });
    },
    [update],
  );
  return { namespaceId, namespace, list, select };
}
