import { canonicalTenant } from '../../core/config/config-key.js';
import { replayNacosHistory } from '../../core/transfer/nacos-history-replay.js';
import type { TransferConfig, TransferNamespace, TransferUser } from '../../core/transfer/transfer-model.js';
import type { NacosConfigRow, NacosHistoryDbRow, NacosUserRow } from './nacos-mysql-source.js';

/** nacos's administrator role; every other nacos role becomes a developer. */
const NACOS_ADMIN_ROLE = 'ROLE_ADMIN';
const ADMIN = '0';
const DEVELOPER = '1';

export function configFromNacos(row: NacosConfigRow, history: NacosHistoryDbRow[]): TransferConfig {
  return {
    namespaceId: canonicalTenant(row.tenantId),
    group: row.groupId,
    dataId: row.dataId,
    content: row.content,
    histories: replayNacosHistory(history, { content: row.content, time: row.modifiedAt }),
    type: row.type || undefined,
    desc: row.desc || undefined,
  };
}

export function namespaceFromNacos(tenant: { tenantId: string; tenantName: string }): TransferNamespace {
  return { namespaceId: tenant.tenantId, namespaceName: tenant.tenantName || tenant.tenantId, type: '2' };
}

/** nacos keeps bcrypt hashes too, so passwords carry over; `enabled` and the admin role are kept. */
export function userFromNacos(user: NacosUserRow, roles: string[], nowSeconds: number): TransferUser {
  return {
    username: user.username,
    nickname: user.username,
    password: '',
    passwordHash: user.password,
    gmtCreate: nowSeconds,
    gmtModified: nowSeconds,
    enable: user.enabled,
    roles: [roles.includes(NACOS_ADMIN_ROLE) ? ADMIN : DEVELOPER],
    extendInfo: {},
  };
}
