import type { NewAuditEntry } from '../audit/audit-model.js';
import type { ConfigGray } from './config-gray.js';
import type { GrayPromotion } from './config-gray-store.js';
import { grayHistoryOf, historyOf } from './config-history-entry.js';
import { sameConfigValue, type ChangeSource, type ConfigItem } from './config-model.js';

/**
 * What promoting `gray` writes over the committed stable config: the gray version's content and attributes
 * as the stable config (kept as it is when it already holds the same), and the gray version's removal.
 */
export function grayPromotion(
  gray: ConfigGray,
  current: ConfigItem | undefined,
  source: ChangeSource,
  now: number,
  audit: NewAuditEntry | undefined,
): GrayPromotion {
  const { item } = gray;
  // field by field, not `{ ...item }`: the gray row's id must not become the stable row's
  const next: Omit<ConfigItem, 'id'> = {
    namespaceId: item.namespaceId,
    group: item.group,
    dataId: item.dataId,
    content: item.content,
    md5: item.md5,
    encryptedDataKey: item.encryptedDataKey,
    type: item.type,
    desc: item.desc,
    appName: item.appName,
    configTags: item.configTags,
    createdAt: current?.createdAt ?? now,
    modifiedAt: now,
    srcUser: source.srcUser ?? '',
    srcIp: source.srcIp ?? '',
  };
  const stable =
    current && sameConfigValue(current, next)
      ? null
      : { item: next, history: historyOf(next, current ? 'U' : 'I', source, now) };
  return { stable, grayHistory: grayHistoryOf(item, 'D', source, now, gray.grayName), audit };
}
