import type { ConfigGray } from '../config/config-gray.js';
import type {
  TransferConfig,
  TransferContent,
  TransferGray,
  TransferHistoryItem,
  TransferNamespace,
} from './transfer-model.js';
import { transferInstanceOf } from './instance-import.js';
import { transferUserOf } from './user-import.js';
import type { StoreSnapshot, StoredConfig } from './transfer-store.js';

/** What an export writes for the store's content. */
export function contentOfSnapshot(snapshot: StoreSnapshot): TransferContent {
  return {
    configs: snapshot.configs.map(configOf),
    namespaces: snapshot.namespaces.map((ns): TransferNamespace => ({
      namespaceId: ns.namespaceId,
      namespaceName: ns.namespaceName,
      type: '2',
    })),
    users: snapshot.users.map(transferUserOf),
    instances: snapshot.instances.map(transferInstanceOf),
    grays: snapshot.grays.map(grayOf),
  };
}

function grayOf({ grayName, rule, item }: ConfigGray): TransferGray {
  return {
    namespaceId: item.namespaceId,
    group: item.group,
    dataId: item.dataId,
    grayName,
    rule,
    content: item.content,
    type: item.type,
    desc: item.desc || undefined,
    lastTime: item.modifiedAt,
    opUser: item.srcUser || undefined,
    encryptedDataKey: item.encryptedDataKey || undefined,
  };
}

function configOf({ item, history }: StoredConfig): TransferConfig {
  const histories: TransferHistoryItem[] = history.map((h) => ({
    id: h.id,
    content: h.content,
    lastTime: h.createdAt,
    opUser: h.srcUser || undefined,
  }));
  // Every stored change is in the history, but keep the file's promise even for rows written otherwise.
  if (histories.at(-1)?.content !== item.content) {
    histories.push({ content: item.content, lastTime: item.modifiedAt, opUser: item.srcUser || undefined });
  }
  return {
    namespaceId: item.namespaceId,
    group: item.group,
    dataId: item.dataId,
    content: item.content,
    histories,
    type: item.type,
    desc: item.desc || undefined,
  };
}
