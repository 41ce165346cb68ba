import { zipSync, type Zippable } from 'fflate';
import { parseConfigKey } from '../../core/config/config-key.js';
import type { BatchItem } from '../../core/config/config-batch.js';
import type { ConfigItem } from '../../core/config/config-model.js';
import { invalid } from '../../shared/errors.js';
import { unzipWithin, type ZipLimits } from '../../shared/untrusted/zip-entries.js';

/**
 * One entry `group/dataId` per config holding its raw content, stored uncompressed; an empty export holds
 * `.ignore`. No metadata file: nacos and r-nacos both import such zips.
 */
export function configsToZip(items: ConfigItem[], now: number): Buffer {
  const tree: Record<string, Record<string, [Uint8Array, { level: 0; mtime: number }]>> = {};
  for (const item of items) {
    tree[item.group] ??= {};
    tree[item.group][item.dataId] = [Buffer.from(item.content, 'utf8'), { level: 0, mtime: item.modifiedAt || now }];
  }
  const zippable: Zippable =
    items.length > 0 ? tree : { '.ignore': [Buffer.from('empty config'), { level: 0, mtime: now }] };
  return Buffer.from(zipSync(zippable));
}

export function zipFileName(now: number): string {
  return `rnacos_config_export_${now}.zip`;
}

const TYPE_BY_EXTENSION: Record<string, string> = {
  json: 'json',
  xml: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
  html: 'html',
  htm: 'html',
  toml: 'toml',
  properties: 'properties',
};

/** The type a dataId's extension suggests; none without an extension. */
function typeOfDataId(dataId: string): string | undefined {
  const dot = dataId.lastIndexOf('.');
  if (dot < 0) return undefined;
  return TYPE_BY_EXTENSION[dataId.slice(dot + 1).toLowerCase()] ?? 'text';
}

/**
 * Reads `group/dataId` entries as configs of `namespaceId`, within `limits` (ZipLimits: a config's size, all
 * of them, the entries), handing each to `keep`; refuses what is not a zip. Returns the entries that are not
 * configs: metadata files, nested paths, invalid names, non-UTF-8 or blank contents. Runs in a parse worker
 * (console-api/uploads).
 */
export function configsFromZip(
  zip: Uint8Array,
  namespaceId: string,
  limits: ZipLimits,
  keep: (item: BatchItem) => void,
): string[] {
  const ignored: string[] = [];
  const wanted = (name: string) => {
    if (name.endsWith('/')) return false;
    if (name.split('/').length === 2) return true;
    ignored.push(name);
    return false;
  };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const [name, data] of unzipWithin(zip, limits, wanted)) {
    const [group, dataId] = name.split('/');
    try {
      const key = parseConfigKey({ dataId, group, tenant: namespaceId });
      const content = decoder.decode(data);
      // A config cannot be blank; such an entry is reported rather than failing the whole import.
      if (content.trim() === '') throw invalid('blank');
      keep({ key: { ...key, namespaceId }, content, type: typeOfDataId(dataId) });
    } catch {
      ignored.push(name);
    }
  }
  return ignored;
}
