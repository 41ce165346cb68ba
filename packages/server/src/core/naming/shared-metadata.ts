/**
 * Instance metadata shared by content. A registry's instances mostly carry one of a few metadata maps
 * (a version, the heartbeat timeouts), so each distinct map is kept once, frozen, instead of once per
 * instance: at 100,000 instances that is megabytes of identical objects.
 */

export const EMPTY_METADATA: Readonly<Record<string, string>> = Object.freeze({});

/** Distinct maps remembered; past this the table starts over (records keep theirs, only sharing stops). */
const MAX_DISTINCT = 4096;
const byContent = new Map<string, Readonly<Record<string, string>>>();
/** The map shared last: registrations mostly repeat it, and comparing keys costs less than serialising. */
let last: Readonly<Record<string, string>> = EMPTY_METADATA;

/**
 * The shared frozen map equal to `metadata` (same keys in the same order, same values). `metadata` itself
 * is never frozen or kept: the first of its content is copied.
 */
export function sharedMetadata(metadata: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const keys = Object.keys(metadata);
  if (keys.length === 0) return EMPTY_METADATA;
  if (sameAsLast(keys, metadata)) return last;
  const content = JSON.stringify(metadata);
  let shared = byContent.get(content);
  if (shared === undefined) {
    // fromEntries defines every key as its own property, `__proto__` included, as the record had it
    shared = Object.freeze(Object.fromEntries(Object.entries(metadata)));
    if (byContent.size >= MAX_DISTINCT) byContent.clear();
    byContent.set(content, shared);
  }
  last = shared;
  return shared;
}

function sameAsLast(keys: string[], metadata: Readonly<Record<string, string>>): boolean {
  const lastKeys = Object.keys(last);
  if (lastKeys.length !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== lastKeys[i] || metadata[keys[i]] !== last[keys[i]]) return false;
  }
  return true;
}
