import type { TransferUser } from './transfer-model.js';
import { UserMessage, decodeMessage, encodeMessage } from './transfer-proto.js';

export function encodeUserValue(user: TransferUser): Uint8Array {
  const value: Record<string, unknown> = {
    username: user.username,
    password: user.password,
    nickname: user.nickname,
    gmt_create: user.gmtCreate,
    gmt_modified: user.gmtModified,
    enable: user.enable,
    roles: user.roles,
    extend_info: user.extendInfo,
  };
  if (user.passwordHash !== undefined) value.password_hash = user.passwordHash;
  if (user.namespacePrivilege) {
    value.namespace_privilege_flags = user.namespacePrivilege.flags;
    value.namespace_white_list = user.namespacePrivilege.whitelist;
    value.namespace_black_list = user.namespacePrivilege.blacklist;
  }
  if (user.source !== undefined) value.source = user.source;
  return encodeMessage(UserMessage, value);
}

export function decodeUserRecord(key: Uint8Array, value: Uint8Array): TransferUser {
  const raw = decodeMessage(UserMessage, value);
  const username = (raw.username as string | undefined) || new TextDecoder().decode(key);
  if (!username) throw new Error('user record without a username');
  const flags = raw.namespace_privilege_flags as number | undefined;
  return {
    username,
    nickname: (raw.nickname as string | undefined) ?? '',
    password: (raw.password as string | undefined) ?? '',
    passwordHash: raw.password_hash as string | undefined,
    gmtCreate: Number(raw.gmt_create ?? 0),
    gmtModified: Number(raw.gmt_modified ?? 0),
    enable: Boolean(raw.enable),
    roles: (raw.roles as string[] | undefined) ?? [],
    extendInfo: (raw.extend_info as Record<string, string> | undefined) ?? {},
    namespacePrivilege:
      flags === undefined
        ? undefined
        : {
            flags,
            whitelist: (raw.namespace_white_list as string[] | undefined) ?? [],
            blacklist: (raw.namespace_black_list as string[] | undefined) ?? [],
          },
    source: raw.source as string | undefined,
  };
}
