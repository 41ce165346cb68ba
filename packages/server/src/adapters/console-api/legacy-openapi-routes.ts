import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core/core.js';
import { namespacePermitted } from '../../core/auth/permissions.js';
import { registerFormBody } from '../http-common/form-body.js';
import { requestNamespaces } from '../http-v1/request-namespace.js';
import { textErrorHandler } from '../http-common/text-errors.js';
import { registerConfigRoutes } from '../http-v1/config-routes.js';
import { registerInstanceRoutes } from '../http-v1/instance-routes.js';
import { registerServiceRoutes } from '../http-v1/service-routes.js';
import { principalOf } from './console-auth.js';
import type { AuditCaller } from '../http-common/sdk-caller.js';
import { registerSdkAudit } from '../http-v1/sdk-audit.js';

/**
 * The OpenAPI handlers themselves, in a scope with nacos' plain-text errors and large form bodies, behind
 * the caller's namespace privilege (HTTP 401 when denied, as r-nacos answers these routes).
 */
export function registerLegacyOpenApiRoutes(app: FastifyInstance, core: Core, formLimit: number): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/x-www-form-urlencoded');
    registerFormBody(scope, formLimit);
    scope.setErrorHandler(textErrorHandler);
    scope.addHook('preHandler', async (req, reply) => {
      // the namespace the route itself acts on (two named: 400)
      for (const namespaceId of requestNamespaces(req)) {
        if (!namespacePermitted(principalOf(req).namespacePrivilege, namespaceId)) {
          return reply
            .code(401)
            .type('text/plain;charset=UTF-8')
            .send(`user no such namespace permission: ${namespaceId}`);
        }
      }
    });
    // these routes act for the console session: door `console`, its user
    const caller: AuditCaller = (req) => ({ door: 'console', actor: principalOf(req).username });
    registerSdkAudit(scope, core.audit, caller, false);
    registerConfigRoutes(scope, core.configs, caller);
    registerServiceRoutes(scope, core.naming);
    registerInstanceRoutes(scope, core.naming, { udpPush: false });
  });
}
