import { canonicalTenant } from '../../core/config/config-key.js';
import { normalizeConfigType } from '../../core/config/config-model.js';
import { MAX_HISTORY_ITEMS } from '../../core/transfer/config-record.js';
import type { TransferConfig, TransferNamespace, TransferUser } from '../../core/transfer/transfer-model.js';
import type { ConfigRow, HistoryRow, NewConfigRow, NewHistoryRow, TenantRow, UserRow } from './rnacos-sqlite-db.js';

/** Row mapping of the r-nacos converter database, both directions, as r-nacos's converters do it. */

export function configToRows(config: TransferConfig): { config: NewConfigRow; histories: NewHistoryRow[] } {
  const key = { data_id: config.dataId, group_id: config.group, tenant_id: config.namespaceId };
  return {
    config: {
      ...key,
      content: config.content,
      config_type: config.type === undefined ? null : normalizeConfigType(config.type),
      config_desc: config.desc ?? null,
      last_time: config.histories.at(-1)?.lastTime ?? 0,
    },
    histories: config.histories.map((h) => ({
      ...key,
      content: h.content,
      op_user: h.opUser ?? null,
      last_time: h.lastTime,
    })),
  };
}

/**
 * A tb_config row and its history rows as a transfer config. The current content ends the history (appended
 * when the last history row differs); times missing from the rows become `now`.
 */
export function configFromRows(row: ConfigRow, histories: HistoryRow[], now: number): TransferConfig {
  const content = row.content ?? '';
  const items = histories.map((h) => ({
    content: h.content ?? '',
    lastTime: h.last_time || now,
    opUser: h.op_user ?? undefined,
  }));
  if (items.length === 0 || items[items.length - 1].content !== content)
    items.push({ content, lastTime: row.last_time || now, opUser: undefined });
  const kept = items.slice(-MAX_HISTORY_ITEMS).map((item, index) => ({ id: index + 1, ...item }));
  return {
    namespaceId: canonicalTenant(row.tenant_id),
    group: row.group_id ?? '',
    dataId: row.data_id ?? '',
    content,
    histories: kept,
    type: row.config_type ?? undefined,
    desc: row.config_desc ?? undefined,
  };
}

export function namespaceToRow(ns: TransferNamespace): TenantRow {
  return { tenant_id: ns.namespaceId, tenant_name: ns.namespaceName };
}

export function namespaceFromRow(row: TenantRow): TransferNamespace {
  const id = row.tenant_id ?? '';
  return { namespaceId: id, namespaceName: row.tenant_name || id, type: '2' };
}

export function userToRow(user: TransferUser): UserRow {
  return {
    username: user.username,
    nickname: user.nickname,
    password_hash: user.passwordHash ?? null,
    gmt_create: user.gmtCreate,
    gmt_modified: user.gmtModified,
    enabled: String(user.enable),
    roles: JSON.stringify(user.roles),
    extend_info: JSON.stringify(user.extendInfo),
  };
}

export function userFromRow(row: UserRow): TransferUser {
  return {
    username: row.username ?? '',
    nickname: row.nickname ?? '',
    password: '',
    passwordHash: row.password_hash ?? undefined,
    gmtCreate: Number(row.gmt_create ?? 0),
    gmtModified: Number(row.gmt_modified ?? 0),
    enable: row.enabled === 'true',
    roles: parseJson(row.roles, [] as string[], Array.isArray),
    extendInfo: parseJson(row.extend_info, {}, (v) => typeof v === 'object' && v !== null && !Array.isArray(v)),
  };
}

/** Unreadable JSON becomes the empty value, as in r-nacos. */
function parseJson<T>(text: string | null, fallback: T, valid: (value: unknown) => boolean): T {
  if (!text) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    return valid(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}
