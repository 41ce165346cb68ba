import { useCallback } from 'react';
import { readStoredNamespace, storeNamespace, useNamespaces, type NamespaceRef } from './namespaces.js';
import { useUrlState } from './url-state.js';

const NAMESPACE_PARAM = 'namespaceId';

/**
 * The namespace a page works in: the URL's namespaceId when present, else the one kept in localStorage;
 * when that is not one the user may use (a developer limited to other namespaces has no public one, a
 * namespace was removed), the first one they may use. A namespace the URL names is kept as it is. Choosing
 * one writes both (and goes back to page 1). `ready` is false until the namespace is known to be the one to
 * load: pages wait for it before asking for their list.
 */
export function useSelectedNamespace() {
  const { params, update } = useUrlState();
  const { list, data, isError } = useNamespaces();
  const stored = readStoredNamespace();
  const fromUrl = params.get(NAMESPACE_PARAM);
  const named = fromUrl !== null && fromUrl !== '';
  const wanted = fromUrl ?? stored.namespaceId;
  const namespaceId =
    !named && data && data.length > 0 && !data.some((n) => n.namespaceId === wanted) ? data[0].namespaceId : wanted;
  const ready = named || data !== undefined || isError;
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
  return { namespaceId, namespace, list, select, ready };
}
