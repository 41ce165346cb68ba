import type { NamespaceRef } from '../../../lib/namespaces.js';
import type { SaveUserInput } from '../api/save-user.js';
import type { UserRow } from '../api/get-users.js';

export type UserFormMode = 'add' | 'edit' | 'view';

import type { NamespacePrivilege } from '@tsnacos/protocol';

export type { NamespacePrivilege };

/** Enabled, whitelist all, blacklist not all, both lists empty. */
const DEFAULT_PRIVILEGE: NamespacePrivilege = {
  enabled: true,
  whitelistIsAll: true,
  whitelist: [],
  blacklistIsAll: false,
  blacklist: [],
};

export interface UserFormValues {
  username: string;
  nickname: string;
  password?: string;
  enable: boolean;
  roles: string[];
  whitelistMode: 'all' | 'part';
  whitelist: string[];
  blacklist: string[];
}

export function userFieldRules(mode: UserFormMode) {
  return {
    usernameLocked: mode !== 'add',
    passwordRequired: mode === 'add',
    showPassword: mode !== 'view',
    readOnly: mode === 'view',
    submits: mode !== 'view',
  };
}

export function formValuesOf(row: UserRow | null): UserFormValues {
  const p = row?.namespacePrivilege ?? DEFAULT_PRIVILEGE;
  return {
    username: row?.username ?? '',
    nickname: row?.nickname ?? '',
    password: '',
    enable: row?.enable ?? true,
    roles: row?.roles ?? [],
    whitelistMode: p.whitelistIsAll ? 'all' : 'part',
    whitelist: p.whitelist ?? [],
    blacklist: p.blacklist ?? [],
  };
}

/** The request body; the password is sent only when typed, the blacklist-all flag is kept as it was. */
export function toSaveInput(values: UserFormValues, base: NamespacePrivilege | null): SaveUserInput {
  const previous = base ?? DEFAULT_PRIVILEGE;
  const input: SaveUserInput = {
    username: values.username,
    nickname: values.nickname,
    enable: values.enable,
    roles: (values.roles ?? []).join(','),
    namespacePrivilegeParam: {
      enabled: previous.enabled,
      whitelistIsAll: values.whitelistMode === 'all',
      whitelist: values.whitelistMode === 'all' ? [] : (values.whitelist ?? []),
      blacklistIsAll: previous.blacklistIsAll,
      blacklist: values.blacklist ?? [],
    },
  };
  if (values.password) input.password = values.password;
  return input;
}

/** "All", "None" or the namespace names of a privilege list. */
export function privilegeSummary(
  isAll: boolean,
  list: string[] | null | undefined,
  namespaces: NamespaceRef[],
  texts: { all: string; none: string },
): string {
  if (isAll) return texts.all;
  if (!list || list.length === 0) return texts.none;
  return list.map((id) => namespaces.find((n) => n.namespaceId === id)?.namespaceName ?? (id || 'public')).join(', ');
}
