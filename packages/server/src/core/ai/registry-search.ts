import type { RegistryDocument } from './registry-document-store.js';

/** nacos's two ways of finding AI registry entries by name: the exact name, or a part of it (`*` ignored). */
export type SearchMode = 'accurate' | 'blur';

/** Entries of a namespace (of all, when undefined) matching `name`, ordered by namespace and name. */
export function searchByName<T extends RegistryDocument>(
  entries: Iterable<T>,
  namespaceId: string | undefined,
  name: string | undefined,
  mode: SearchMode,
): T[] {
  const part = mode === 'blur' ? name?.replaceAll('*', '') : name;
  const matches = (e: T) => !part || (mode === 'blur' ? e.name.includes(part) : e.name === part);
  return [...entries]
    .filter((e) => (namespaceId === undefined || e.namespaceId === namespaceId) && matches(e))
    .sort((a, b) => a.namespaceId.localeCompare(b.namespaceId) || a.name.localeCompare(b.name));
}
