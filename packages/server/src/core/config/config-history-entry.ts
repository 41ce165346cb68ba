import type { ChangeSource, ConfigItem, HistoryOp } from './config-model.js';
import type { NewHistoryEntry } from './config-store.js';

/** The history entry of a change to the stable config. */
export function historyOf(
  item: Omit<ConfigItem, 'id'>,
  op: HistoryOp,
  source: ChangeSource,
  now: number,
): NewHistoryEntry {
  return {
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
    op,
    srcIp: source.srcIp ?? '',
    srcUser: source.srcUser ?? '',
    createdAt: now,
  };
}

/** The history entry of a change to a gray version (nacos's `publishType` gray, with its gray name). */
export function grayHistoryOf(
  item: Omit<ConfigItem, 'id'>,
  op: HistoryOp,
  source: ChangeSource,
  now: number,
  grayName: string,
): NewHistoryEntry {
  return Object.assign(historyOf(item, op, source, now), { publishType: 'gray' as const, grayName });
}
