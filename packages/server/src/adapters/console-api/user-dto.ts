import type { NamespacePrivilege as PrivilegeDto, UpdateUserInfoParam, UserDto } from '@tsnacos/protocol';
import { invalid } from '../../shared/errors.js';
import type { NamespacePrivilege, User } from '../../core/auth/user-model.js';
import type { NewUser, UserUpdate } from '../../core/auth/user-service.js';
import { ConsoleError } from './envelope.js';
import { flag, objectField, requiredText, stringList, text, type Input } from './console-input.js';

export function userDto(user: User): UserDto {
  return {
    username: user.username,
    nickname: user.nickname,
    password: null,
    passwordHash: null,
    gmtCreate: user.createdAt,
    gmtModified: user.modifiedAt,
    enable: user.enabled,
    roles: user.roles,
    extendInfo: user.extendInfo,
    namespacePrivilege: privilegeDto(user.namespacePrivilege),
    source: user.source,
  };
}

function privilegeDto(p: NamespacePrivilege): PrivilegeDto {
  return {
    enabled: p.enabled,
    whitelistIsAll: p.whitelistIsAll,
    whitelist: p.whitelist,
    blacklistIsAll: p.blacklistIsAll,
    blacklist: p.blacklist,
  };
}

function privilegeParam(input: Input<UpdateUserInfoParam>): UserUpdate['namespacePrivilege'] {
  const param = objectField(input, 'namespacePrivilegeParam') ?? objectField(input, 'namespacePrivilege');
  if (!param) return undefined;
  return {
    whitelistIsAll: flag(param, 'whitelistIsAll'),
    whitelist: stringList(param, 'whitelist'),
    blacklistIsAll: flag(param, 'blacklistIsAll'),
    blacklist: stringList(param, 'blacklist'),
  };
}

/** `roles` as "1,2" (what the console sends) or as a list. */
function rolesParam(input: Input<UpdateUserInfoParam>): string[] | undefined {
  return stringList(input, 'roles');
}

export function newUserOf(input: Input<UpdateUserInfoParam>): NewUser {
  const roles = rolesParam(input);
  if (!roles || roles.length === 0) throw new ConsoleError('USER_ROLE_IS_EMPTY', 'user roles is empty');
  const password = text(input, 'password');
  if (!password) throw invalid('password is required');
  return {
    username: requiredText(input, 'username'),
    nickname: text(input, 'nickname')?.trim() ?? '',
    password,
    roles,
    enabled: flag(input, 'enable'),
    namespacePrivilege: privilegeParam(input),
  };
}

export function userUpdateOf(input: Input<UpdateUserInfoParam>): UserUpdate {
  const roles = rolesParam(input);
  return {
    username: requiredText(input, 'username'),
    nickname: text(input, 'nickname')?.trim() || undefined,
    password: text(input, 'password') || undefined,
    enabled: flag(input, 'enable'),
    roles: roles && roles.length > 0 ? roles : undefined,
    namespacePrivilege: privilegeParam(input),
  };
}
