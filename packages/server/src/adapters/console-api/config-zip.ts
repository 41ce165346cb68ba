import { unzipSync, zipSync, type Zippable } from 'fflate';
import { parseConfigKey } from '../../core/config/config-key.js';
import type { BatchItem } from '../../core/config/config-batch.js';
import type { ConfigItem } from '../../core/config/config-model.js';
import { invalid } from '../../shared/errors.js';

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

export interface ZipContents {
  items: BatchItem[];
  /** Entries that are not `group/dataId` configs (metadata files, nested paths, invalid names, non-UTF-8, blank). */
  ignored: string[];
}

/**
 * Reads `group/dataId` entries as configs of `namespaceId`. Refuses what is not a zip, and zips whose
 * entries would unpack beyond `maxTotalBytes` or hold a config over `maxContentBytes`.
 */
export function configsFromZip(
  zip: Buffer,
  namespaceId: string,
  maxContentBytes: number,
  maxTotalBytes: number,
): ZipContents {
  const ignored: string[] = [];
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (file.name.endsWith('/')) return false;
        if (file.name.split('/').length !== 2) {
          ignored.push(file.name);
          return false;
        }
        total += file.originalSize;
        if (file.originalSize > maxContentBytes) throw invalid(`${file.name} is larger than ${maxContentBytes} bytes`);
        if (total > maxTotalBytes) throw invalid(`the zip unpacks to more than ${maxTotalBytes} bytes`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof Error && err.name === 'NacosError') throw err;
    throw invalid(`the upload is not a valid zip file: ${(err as Error).message}`);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const items: BatchItem[] = [];
  for (const [name, data] of Object.entries(files)) {
    const [group, dataId] = name.split('/');
    try {
      const key = parseConfigKey({ dataId, group, tenant: namespaceId });
      const content = decoder.decode(data);
      // A config cannot be blank; such an entry is reported rather than failing the whole import.
      if (content.trim() === '') throw invalid('blank');
      items.push({ key: { ...key, namespaceId }, content, type: typeOfDataId(dataId) });
    } catch {
      ignored.push(name);
    }
  }
  return { items, ignored };
}
