export interface SelectFilesOptions {
  /** Comma-separated extensions (".zip"), mime types ("application/zip") or wildcard types ("image/*"). */
  accept?: string;
  multiple?: boolean;
  directory?: boolean;
  /** Largest number of items in the list. */
  max?: number;
  /** Items already in the list. */
  existingCount?: number;
  /** Dropped files are filtered by `accept` (the file dialog already filters chosen ones). */
  dropped?: boolean;
}

export function matchesAccept(file: { name: string; type: string }, accept: string | undefined): boolean {
  const rules = (accept ?? '')
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  if (rules.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/**
 * Which of the chosen files join the list: dropped files must match the accept list; without `multiple` or
 * `directory` only the first is taken; with a max count the files past it are dropped.
 */
export function selectFiles<F extends { name: string; type: string }>(files: F[], options: SelectFilesOptions): F[] {
  let picked = options.dropped ? files.filter((f) => matchesAccept(f, options.accept)) : [...files];
  if (!options.multiple && !options.directory) picked = picked.slice(0, 1);
  if (options.max !== undefined) picked = picked.slice(0, Math.max(0, options.max - (options.existingCount ?? 0)));
  return picked;
}
