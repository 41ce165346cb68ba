import type {
  ResetPasswordParam,
  UpdateUserInfoParam,
  UserInfo,
  UserKeyParam,
  UserListParam,
  UserPermissions,
} from '@tsnacos/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../../core/auth/auth-service.js';
import { isAdmin, webResourcesOf } from '../../core/auth/permissions.js';
import { NacosError, invalid } from '../../shared/errors.js';
import { OLD_CONSOLE_PRINCIPAL, principalOf } from './console-auth.js';
import { API } from './console-paths.js';
import { flag, inputOf, optionalText, pageOf, requiredText, text } from './console-input.js';
import { ConsoleError, fail, ok } from './envelope.js';
import { newUserOf, userDto, userUpdateOf } from './user-dto.js';
import { namespaced, NO_NAMESPACES } from './console-namespaces.js';

/**
 * These routes act in no namespace. A user's namespace privileges name namespaces, but only admins edit
 * users, and an admin may give any user (itself too) any namespace.
 */
const NONE = namespaced(NO_NAMESPACES);

export interface UserRouteDeps {
  auth: AuthService;
  version: string;
}

/** The caller's own account (info, menu resources, password) and user management (admins). */
export function registerUserRoutes(app: FastifyInstance, { auth, version }: UserRouteDeps): void {
  const users = auth.users;
  const both = (path: string) => [`${API}${path}`, `${API}/v2${path}`];
  const ownIdentity = (req: FastifyRequest) => {
    const identity = principalOf(req).identity;
    if (!identity) throw new ConsoleError('NOT_FOUND_USER_SESSION', 'no user session (no-login console)');
    return identity;
  };

  for (const path of both('/user/info')) {
    app.get(path, NONE, async (req) => {
      const { user } = ownIdentity(req);
      const info: UserInfo = { username: user.username, nickname: user.nickname };
      return ok(info);
    });
  }

  for (const path of both('/user/web_resources')) {
    app.get(path, NONE, async (req) => {
      const principal = principalOf(req);
      const permissions: UserPermissions = {
        resources: webResourcesOf(principal.roles),
        from: principal === OLD_CONSOLE_PRINCIPAL ? 'OLD_CONSOLE' : '',
        version,
        username: principal.username,
        userSource: principal.identity ? (principal.identity.user.source ?? 'INNER') : null,
      };
      const defaultPasswordUser = auth.defaultPassword?.defaultPasswordUser;
      if (defaultPasswordUser && principal !== OLD_CONSOLE_PRINCIPAL && isAdmin(principal.roles)) {
        permissions.defaultPasswordUser = defaultPasswordUser;
      }
      return ok(permissions);
    });
  }

  for (const path of both('/user/reset_password')) {
    app.post(path, NONE, async (req) => {
      const identity = ownIdentity(req);
      const input = inputOf<ResetPasswordParam>(req);
      const oldPassword = text(input, 'oldPassword');
      const newPassword = text(input, 'newPassword');
      if (!oldPassword || !newPassword) throw invalid('oldPassword and newPassword are required');
      await auth.changeOwnPassword(identity, oldPassword, newPassword);
      return ok(true);
    });
  }

  const list = (req: FastifyRequest) => {
    const input = inputOf<UserListParam>(req);
    const page = pageOf(input);
    return users.list({
      likeUsername: optionalText(input, 'likeUsername'),
      descending: flag(input, 'isRev') ?? false,
      offset: page.offset,
      limit: page.pageSize,
    });
  };
  app.get(`${API}/v2/user/list`, NONE, async (req) => {
    const { total, items } = list(req);
    return ok({ totalCount: total, list: items.map(userDto) });
  });
  app.get(`${API}/user/list`, NONE, async (req) => {
    const { total, items } = list(req);
    return ok({ size: total, list: items.map(userDto) });
  });

  for (const path of both('/user/add')) {
    app.post(path, NONE, async (req) => {
      await users.add(newUserOf(inputOf<UpdateUserInfoParam>(req)));
      return ok(true);
    });
  }
  for (const path of both('/user/update')) {
    app.post(path, NONE, async (req) => {
      await users.update(userUpdateOf(inputOf<UpdateUserInfoParam>(req)), {
        actor: principalOf(req).username ?? undefined,
      });
      return ok(true);
    });
  }

  const remove = async (req: FastifyRequest) => {
    await users.remove(requiredText(inputOf<UserKeyParam>(req), 'username'), {
      actor: principalOf(req).username ?? undefined,
    });
    return ok(true);
  };
  app.post(`${API}/v2/user/remove`, NONE, remove);
  // The v1 route reports a refusal with the message as the code.
  app.post(`${API}/user/remove`, NONE, async (req) => {
    try {
      return await remove(req);
    } catch (err) {
      if (err instanceof NacosError) return { ...fail('SYSTEM_ERROR', err.message), code: err.message };
      throw err;
    }
  });
}
