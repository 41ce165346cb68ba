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
}

export interface BatchResult {
  written: ConfigKey[];
  skipped: ConfigKey[];
  /** Keys that already existed; with ABORT nothing was written when this is not empty. */
  conflicts: ConfigKey[];
}

/**
 * Publishes many configs (a zip import, a clone into another namespace) under one conflict policy. With
 * ABORT the existing keys are found first, so a refused batch leaves the store untouched.
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
  const conflicts = [...unique.values()].filter((item) => configs.get(item.key)).map((item) => item.key);
  if (policy === 'ABORT' && conflicts.length > 0) return { written: [], skipped: [], conflicts };
  const result: BatchResult = { written: [], skipped: [], conflicts };
  for (const item of unique.values()) {
    if (policy === 'SKIP' && configs.get(item.key)) {
      result.skipped.push(item.key);
      continue;
    }
    await configs.publish({ ...item.key, content: item.content, type: item.type, desc: item.desc }, source);
    result.written.push(item.key);
  }
  return result;
}
