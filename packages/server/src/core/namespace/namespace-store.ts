export interface Namespace {
  namespaceId: string;
  namespaceName: string;
  namespaceDesc: string;
  createdAt: number;
}

/** A namespace's name and description to set; an absent description keeps the stored one. */
export interface NamespaceChange {
  namespaceName: string;
  namespaceDesc?: string;
}

/**
 * Durable storage of the user-created namespaces (the default namespace is implicit). Whether a namespace
 * exists is decided by what is stored when the write runs, not by a node's copy.
 */
export interface NamespaceStore {
  loadAll(): Promise<Namespace[]>;
  /** Stores a new namespace; false (nothing written) when one with its id is stored already. */
  insert(namespace: Namespace): Promise<boolean>;
  /** Changes a stored namespace; resolves it as stored afterwards, undefined (nothing written) when there is none. */
  update(namespaceId: string, change: NamespaceChange): Promise<Namespace | undefined>;
  /** Removes a namespace; false when none was stored. */
  remove(namespaceId: string): Promise<boolean>;
}
