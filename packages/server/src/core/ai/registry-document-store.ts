/** What the AI registry keeps as one document: unique by id, and by name within its namespace. */
export interface RegistryDocument {
  id: string;
  namespaceId: string;
  name: string;
}

/**
 * What a save did: `stale` when the stored entry is no longer the one the write started from (another node
 * of a cluster changed, created or removed it meanwhile): nothing was written.
 */
export type RegistrySaveOutcome = 'saved' | 'name-taken' | 'stale';

/**
 * Durable storage of one kind of AI registry entry (MCP servers, agents), each kept whole with all its
 * versions. A write resolves once it is durable.
 */
export interface RegistryDocumentStore<T extends RegistryDocument> {
  loadAll(): Promise<T[]>;
  /** One entry as stored now (another node may have changed it). */
  get(id: string): Promise<T | undefined>;
  /**
   * Writes `entry` in place of `basis`, the entry as the write found it (undefined: a new entry), only if it
   * is still stored so; a name that is another entry's writes nothing either.
   */
  save(entry: T, basis: T | undefined): Promise<RegistrySaveOutcome>;
  /** Removes the entry; given a `basis`, only if it is still stored so (false otherwise). */
  remove(id: string, basis?: T): Promise<boolean>;
}
