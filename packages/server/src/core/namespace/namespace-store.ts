export interface Namespace {
  namespaceId: string;
  namespaceName: string;
  namespaceDesc: string;
  createdAt: number;
}

/** Durable storage of the user-created namespaces (the default namespace is implicit). */
export interface NamespaceStore {
  loadAll(): Promise<Namespace[]>;
  save(namespace: Namespace): Promise<void>;
  remove(namespaceId: string): Promise<void>;
}
