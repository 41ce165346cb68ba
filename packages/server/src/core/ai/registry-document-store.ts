/** What the AI registry keeps as one document: unique by id, and by name within its namespace. */
export interface RegistryDocument {
  id: string;
  namespaceId: string;
  name: string;
}

/**
 * Durable storage of one kind of AI registry entry (MCP servers, agents), each kept whole with all its
 * versions. A write resolves once it is durable.
 */
export interface RegistryDocumentStore<T extends RegistryDocument> {
  loadAll(): Promise<T[]>;
  /** One entry as stored now (another node may have changed it). */
  get(id: string): Promise<T | undefined>;
  /** Inserts or replaces the entry (by id); false (nothing written) when its name is another entry's. */
  save(entry: T): Promise<boolean>;
  remove(id: string): Promise<boolean>;
}
