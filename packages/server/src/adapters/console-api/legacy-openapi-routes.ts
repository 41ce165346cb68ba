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
import { API } from './console-paths.js';

/**
 * Older consoles call the nacos OpenAPI under the console prefix: `/cs/configs`, `/ns/service` and
 * `/ns/instance`. The console server rewrites exactly these paths to the OpenAPI ones before routing; the
 * login check still judges the path the browser asked for (`originalUrl`).
 */
const REWRITES = new Map([
  [`${API}/cs/configs`, '/nacos/v1/cs/configs'],
  [`${API}/ns/service`, '/nacos/v1/ns/service'],
  [`${API}/ns/instance`, '/nacos/v1/ns/instance'],
]);

export function rewriteLegacyOpenApiUrl(url: string): string {
  const q = url.indexOf('?');
  const target = REWRITES.get(q < 0 ? url : url.slice(0, q));
  return target ? target + (q < 0 ? '' : url.slice(q)) : url;
}

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
    registerConfigRoutes(scope, core.configs);
    registerServiceRoutes(scope, core.naming);
    registerInstanceRoutes(scope, core.naming, { udpPush: false });
  });
}
