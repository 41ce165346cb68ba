import { configKeyString, type ConfigKey } from './config-key.js';
import type { ChangeSource } from './config-model.js';
import type { ConfigService } from './config-service.js';

/** What to do with a config that already exists: stop before writing anything, leave it, or replace it. */
export type ConflictPolicy = 'ABORT' | 'SKIP' | 'OVERWRITE';
export const CONFLICT_POLICIES: readonly ConflictPolicy[] = ['ABORT', 'SKIP', 'OVERWRITE'];

export interface BatchItem {
  key: ConfigKey;
  content: string;
  type?: string;
  desc?: string;
  /** A clone carries the source's data key; a zip has none (see `PublishInput.encryptedDataKey`). */
  encryptedDataKey?: string;
}

export interface BatchResult {
  written: ConfigKey[];
  skipped: ConfigKey[];
  /** Keys that already existed; with ABORT nothing was written when this is not empty. */
  conflicts: ConfigKey[];
}

/**
 * Publishes many configs (a zip import, a clone into another namespace) under one conflict policy. Whether a
 * key exists is the store's answer, not this node's copy. With ABORT the existing keys are looked up in the
 * store first, so a refused batch leaves the store untouched; a key another writer creates after that
 * look-up is not overwritten but reported as a conflict.
 */
export async function publishBatch(
  configs: ConfigService,
  items: BatchItem[],
  policy: ConflictPolicy,
  source: ChangeSource,
): Promise<BatchResult> {
  // A key listed twice: the last one counts.
  const unique = new Map<string, BatchItem>();
  for (const item of items) unique.set(configKeyString(item.key), item);
  const result: BatchResult = { written: [], skipped: [], conflicts: [] };
  if (policy === 'ABORT') {
    for (const item of unique.values()) if (await configs.stored(item.key)) result.conflicts.push(item.key);
    if (result.conflicts.length > 0) return result;
  }
  for (const item of unique.values()) {
    const published = await configs.publish(
      {
        namespaceId: item.key.namespaceId,
        group: item.key.group,
        dataId: item.key.dataId,
        content: item.content,
        encryptedDataKey: item.encryptedDataKey,
        type: item.type,
        desc: item.desc,
        ifAbsent: policy !== 'OVERWRITE',
      },
      source,
    );
    if (published.existed) result.conflicts.push(item.key);
    if (published.existed && policy !== 'OVERWRITE') result.skipped.push(item.key);
    else result.written.push(item.key);
  }
  return result;
}
