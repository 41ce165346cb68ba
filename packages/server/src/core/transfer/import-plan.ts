import { md5Hex, normalizeConfigType, type HistoryOp } from '../config/config-model.js';
import type { NewHistoryEntry } from '../config/config-store.js';
import { isDefaultNamespace } from '../namespace/namespace-service.js';
import type { Namespace } from '../namespace/namespace-store.js';
import { configRecordKey, MAX_HISTORY_ITEMS } from './config-record.js';
import type { InstanceRef, ServiceKey } from '../naming/naming-model.js';
import { storedInstanceOf } from './instance-import.js';
import { T_CACHE, T_CONFIG, T_CONFIG_GRAY, T_NAMESPACE, T_NAMING_INSTANCE } from './transfer-format.js';
import type { NewConfigGray } from '../config/config-gray-store.js';
import type {
  TableCounts,
  TransferConfig,
  TransferContent,
  TransferGray,
  TransferHistoryItem,
} from './transfer-model.js';
import type { ConfigReplacement, ImportPlan } from './transfer-store.js';

export interface ImportOptions {
  /** Configs and namespaces. */
  configs: boolean;
  users: boolean;
  /** T_CACHE records (kept by r-nacos only; this server has no such table). */
  cache: boolean;
}

export const IMPORT_EVERYTHING: ImportOptions = { configs: true, users: true, cache: true };

export interface SkippedRecord {
  table: string;
  key: string;
  reason: string;
}

export interface PlannedImport {
  plan: ImportPlan;
  imported: TableCounts;
  skipped: SkippedRecord[];
}

export interface PlanContext {
  now: number;
  /** How the live registry holds an instance now (undefined offline or when absent). */
  registeredAs: (key: ServiceKey, ref: Required<InstanceRef>) => 'ephemeral' | 'persistent' | undefined;
  maxContentBytes: number;
  /** Namespaces that exist already (kept with their creation time and description). */
  existingNamespaces: ReadonlyMap<string, Namespace>;
}

const VALID_NAMESPACE_ID = /^[\w\-.:]+$/;
const MAX_NAMESPACE_NAME = 128;

/** Turns decoded file content into the store writes of an import, deciding what is skipped and why. */
export function planImport(
  content: TransferContent,
  options: ImportOptions,
  ctx: PlanContext,
  fileTables: TableCounts,
): PlannedImport {
  const imported: TableCounts = {};
  const skipped: SkippedRecord[] = [];
  const plan: ImportPlan = { configs: [], namespaces: [], instances: [], users: [], grays: [] };
  const count = (table: string) => (imported[table] = (imported[table] ?? 0) + 1);

  if (options.configs) {
    const namespaces = new Map<string, Namespace>();
    for (const ns of content.namespaces) {
      if (isDefaultNamespace(ns.namespaceId)) continue; // the default namespace always exists
      const problem = namespaceProblem(ns.namespaceId, ns.namespaceName);
      if (problem) {
        skipped.push({ table: T_NAMESPACE, key: ns.namespaceId, reason: problem });
        continue;
      }
      const existing = ctx.existingNamespaces.get(ns.namespaceId);
      namespaces.set(ns.namespaceId, {
        namespaceId: ns.namespaceId,
        namespaceName: ns.namespaceName,
        namespaceDesc: existing?.namespaceDesc ?? '',
        createdAt: existing?.createdAt ?? ctx.now,
      });
      count(T_NAMESPACE);
    }
    for (const config of content.configs) {
      const problem = configProblem(config, ctx.maxContentBytes);
      if (problem) {
        skipped.push({ table: T_CONFIG, key: configRecordKey(config).replaceAll('\u0002', ' '), reason: problem });
        continue;
      }
      plan.configs.push(replacementOf(config, ctx.now));
      count(T_CONFIG);
      // A config makes its namespace exist, as it does on an r-nacos server.
      const ns = config.namespaceId;
      if (ns !== '' && !namespaces.has(ns) && !ctx.existingNamespaces.has(ns)) {
        namespaces.set(ns, { namespaceId: ns, namespaceName: ns, namespaceDesc: '', createdAt: ctx.now });
      }
    }
    // Gray releases come with the configs (the same `import-config` choice), each replacing the one of its name.
    for (const gray of content.grays ?? []) {
      const problem = configProblem(gray, ctx.maxContentBytes);
      const key = `${configRecordKey(gray).replaceAll('\u0002', ' ')} ${gray.grayName}`;
      if (problem) {
        skipped.push({ table: T_CONFIG_GRAY, key, reason: problem });
        continue;
      }
      plan.grays.push(grayOf(gray, ctx.now));
      count(T_CONFIG_GRAY);
      const ns = gray.namespaceId;
      if (ns !== '' && !namespaces.has(ns) && !ctx.existingNamespaces.has(ns)) {
        namespaces.set(ns, { namespaceId: ns, namespaceName: ns, namespaceDesc: '', createdAt: ctx.now });
      }
    }
    plan.namespaces = [...namespaces.values()];
  }
  // Naming records are always imported, as r-nacos does.
  for (const instance of content.instances) {
    const verdict = storedInstanceOf(instance, ctx.now, ctx.registeredAs);
    if ('skip' in verdict) skipped.push({ table: T_NAMING_INSTANCE, key: verdict.key, reason: verdict.skip });
    else {
      plan.instances.push(verdict.instance);
      count(T_NAMING_INSTANCE);
    }
  }
  if (options.cache && fileTables[T_CACHE]) {
    skipped.push({
      table: T_CACHE,
      key: '*',
      reason: `${fileTables[T_CACHE]} cache records: this server keeps no cache table`,
    });
  }
  return { plan, imported, skipped };
}

function namespaceProblem(id: string, name: string): string | undefined {
  if (id.length > 128 || !VALID_NAMESPACE_ID.test(id))
    return 'invalid namespace id (letters, digits and _ - . :, at most 128)';
  if (name.length > MAX_NAMESPACE_NAME) return `namespace name longer than ${MAX_NAMESPACE_NAME} characters`;
  return undefined;
}

function configProblem(config: Pick<TransferConfig, 'content'>, maxContentBytes: number): string | undefined {
  if (config.content.trim() === '') return 'empty content';
  const bytes = Buffer.byteLength(config.content, 'utf8');
  if (bytes > maxContentBytes) return `content is ${bytes} bytes, the limit is ${maxContentBytes}`;
  return undefined;
}

/** The whole stored config: its history as in the file (newest 100), ending with the current content. */
export function replacementOf(config: TransferConfig, now: number): ConfigReplacement {
  let items: TransferHistoryItem[] = config.histories.slice(-MAX_HISTORY_ITEMS);
  const last = items.at(-1);
  if (!last || last.content !== config.content) {
    items = [...items, { content: config.content, lastTime: Math.max(now, last?.lastTime ?? 0) }].slice(
      -MAX_HISTORY_ITEMS,
    );
  }
  const type = normalizeConfigType(config.type);
  const desc = config.desc ?? '';
  const key = { namespaceId: config.namespaceId, group: config.group, dataId: config.dataId };
  let previousTime = 0;
  const history: NewHistoryEntry[] = items.map((h, index) => {
    // Missing or out-of-order times would break "newest last": keep them monotonic.
    const createdAt = Math.max(h.lastTime > 0 ? h.lastTime : now, previousTime);
    previousTime = createdAt;
    const op: HistoryOp = index === 0 ? 'I' : 'U';
    return {
      ...key,
      content: h.content,
      md5: md5Hex(h.content),
      // neither r-nacos's transfer file nor nacos's zip has a field for a data key
      encryptedDataKey: '',
      type,
      desc,
      appName: '',
      configTags: '',
      op,
      srcIp: '',
      srcUser: h.opUser ?? '',
      createdAt,
    };
  });
  const newest = history[history.length - 1];
  return {
    item: {
      ...key,
      content: config.content,
      md5: md5Hex(config.content),
      encryptedDataKey: '',
      type,
      desc,
      appName: '',
      configTags: '',
      createdAt: history[0].createdAt,
      modifiedAt: newest.createdAt,
      srcUser: newest.srcUser,
      srcIp: '',
    },
    history,
  };
}

/** The stored form of an imported gray release. */
function grayOf(gray: TransferGray, now: number): NewConfigGray {
  const modifiedAt = gray.lastTime > 0 ? gray.lastTime : now;
  return {
    grayName: gray.grayName,
    rule: gray.rule,
    item: {
      namespaceId: gray.namespaceId,
      group: gray.group,
      dataId: gray.dataId,
      content: gray.content,
      md5: md5Hex(gray.content),
      encryptedDataKey: gray.encryptedDataKey ?? '',
      type: normalizeConfigType(gray.type),
      desc: gray.desc ?? '',
      appName: '',
      configTags: '',
      createdAt: modifiedAt,
      modifiedAt,
      srcUser: gray.opUser ?? '',
      srcIp: '',
    },
  };
}
