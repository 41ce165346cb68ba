import { normalizeConfigType, type ConfigItem } from './config-model.js';

export type SearchMode = 'accurate' | 'blur';

export interface ConfigSearch {
  mode: SearchMode;
  /** Canonical namespace id; undefined searches every namespace. */
  namespaceId?: string;
  dataId?: string;
  group?: string;
  appName?: string;
  /** Comma-separated tags; a config matches when it carries all of them. */
  configTags?: string;
  /** Substring of the content (blur) or the whole content (accurate). */
  content?: string;
  /** Comma-separated config types (nacos 3's `type` filter); a config matches one of them. */
  types?: string;
}

/** The console's listing of one namespace: case-sensitive substrings of group and dataId (blank = any). */
export interface ConfigListing {
  /** Canonical namespace id. */
  namespaceId: string;
  groupContains?: string;
  dataIdContains?: string;
}

export function listingFilter(listing: ConfigListing): (item: ConfigItem) => boolean {
  const { namespaceId, groupContains, dataIdContains } = listing;
  return (item) =>
    item.namespaceId === namespaceId &&
    (!groupContains || item.group.includes(groupContains)) &&
    (!dataIdContains || item.dataId.includes(dataIdContains));
}

export const byGroupThenDataId = (a: ConfigItem, b: ConfigItem) =>
  a.group < b.group ? -1 : a.group > b.group ? 1 : a.dataId < b.dataId ? -1 : a.dataId > b.dataId ? 1 : 0;

/** `*` is a wildcard; in blur mode a pattern without one matches as a substring. */
function matcher(pattern: string | undefined, mode: SearchMode): (value: string) => boolean {
  if (!pattern) return () => true;
  if (mode === 'accurate') return (value) => value === pattern;
  if (!pattern.includes('*')) return (value) => value.includes(pattern);
  const escaped = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`^${escaped.join('.*')}$`, 's');
  return (value) => re.test(value);
}

function splitTags(tags: string | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export function configFilter(search: ConfigSearch): (item: ConfigItem) => boolean {
  const dataId = matcher(search.dataId, search.mode);
  const group = matcher(search.group, search.mode);
  const appName = matcher(search.appName, search.mode);
  const content = matcher(search.content, search.mode);
  const tags = splitTags(search.configTags);
  const types = splitTags(search.types).map((t) => normalizeConfigType(t));
  return (item) =>
    (types.length === 0 || types.includes(item.type)) &&
    (search.namespaceId === undefined || item.namespaceId === search.namespaceId) &&
    dataId(item.dataId) &&
    group(item.group) &&
    appName(item.appName) &&
    content(item.content) &&
    (tags.length === 0 || tags.every((t) => splitTags(item.configTags).includes(t)));
}
