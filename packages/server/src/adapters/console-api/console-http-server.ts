import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Core } from '../../core/core.js';
import type { Settings } from '../../settings.js';
import type { Clock } from '../../shared/clock.js';
import type { Logger } from '../../shared/logger.js';
import { parseJsonBodies, registerFormBody } from '../http-common/form-body.js';
import { parseUtf8Query } from '../http-common/utf8-params.js';
import { httpLogger, lazyChildLogger } from '../http-common/http-logger.js';
import { registerClusterRoutes } from './cluster-routes.js';
import { registerConfigBetaRoutes } from './config-beta-routes.js';
import { registerConfigTagRoutes } from './config-tag-routes.js';
import { registerConfigListenerRoutes } from './config-listener-routes.js';
import { registerConfigRoutes } from './config-routes.js';
import { createConfigInfoFastPath } from './config-info-fast-path.js';
import type { FastPath } from '../http-common/fast-path.js';
import { registerConfigZipRoutes } from './config-zip-routes.js';
import { registerConsoleLogin, registerOldConsolePrincipal } from './console-auth.js';
import { checkNamespaceFields } from './console-namespaces.js';
import { isApiPath } from './console-paths.js';
import { isConsolePagePath, registerConsoleSpa, WEB_DIST } from './console-spa.js';
import { fail, sendError } from './envelope.js';
import { rewriteLegacyOpenApiUrl } from './legacy-openapi-paths.js';
import { registerLegacyOpenApiRoutes } from './legacy-openapi-routes.js';
import { refuseConsoleSessions, registerLoginRoutes } from './login-routes.js';
import { registerOAuth2Routes } from './oauth2-routes.js';
import { registerAiRegistryRoutes } from './ai/ai-registry-routes.js';
import { registerMcpServerRoutes } from './mcp/mcp-server-routes.js';
import { registerToolSpecRoutes } from './mcp/mcp-toolspec-routes.js';
import { registerMetricsRoutes } from './metrics-routes.js';
import { registerNamespaceRoutes } from './namespace-routes.js';
import { registerNamingRoutes } from './naming-routes.js';
import { registerTransferRoutes } from './transfer-routes.js';
import { UPLOAD_LIMIT } from './uploads/upload-limits.js';
import { registerBackupRoutes } from './backup-routes.js';
import { registerConsoleAudit } from './console-audit.js';
import { registerAuditRoutes } from './audit-routes.js';
import { registerUserRoutes } from './user-routes.js';

export interface ConsoleDeps {
  core: Core;
  logger: Logger;
  settings: Settings;
  version: string;
  clock: Clock;
  /** The built web console; tests may point elsewhere. */
  webDist?: URL;
}

/** Login and user forms are small; a config travels as JSON. */
const FORM_LIMIT = 64 * 1024;

/** JSON bodies carry config contents: room for the largest content, escaped. */
function consoleBodyLimit(settings: Settings): number {
  return settings.configMaxContent * 2 + 1024 * 1024;
}

/**
 * The console API (`/rnacos/api/console`, v1 and v2) on a fastify scope. Callers register the cookie plugin
 * and the login (or old console) hook first.
 */
async function registerConsoleApi(app: FastifyInstance, deps: ConsoleDeps, logins: boolean): Promise<void> {
  const { core, settings } = deps;
  app.decorateRequest('consolePrincipal', null);
  // before any route: each declares the namespaces it names, checked before its handler
  checkNamespaceFields(app);
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMIT, files: 10, fields: 20, parts: 40 } });
  app.setErrorHandler(sendError);
  registerConsoleAudit(app, core.audit, core.auth);
  registerAuditRoutes(app, core.audit);
  if (logins) {
    registerLoginRoutes(app, core.auth);
    registerOAuth2Routes(app, core.oauth2, deps.clock);
  } else refuseConsoleSessions(app);
  registerUserRoutes(app, { auth: core.auth, version: deps.version });
  registerNamespaceRoutes(app, core);
  registerConfigRoutes(app, core);
  registerConfigBetaRoutes(app, core);
  registerConfigTagRoutes(app, core);
  registerConfigListenerRoutes(app, core.listenerQuery);
  registerConfigZipRoutes(app, core, deps.clock);
  registerNamingRoutes(app, core);
  registerClusterRoutes(app, core.cluster);
  registerMetricsRoutes(app, core.metrics, settings.nodeId);
  registerTransferRoutes(app, core, deps.clock);
  registerBackupRoutes(app, core, deps.clock);
  registerToolSpecRoutes(app, core, deps.clock);
  registerMcpServerRoutes(app, core, deps.clock, settings.httpPort);
  registerAiRegistryRoutes(app, core);
}

/** What the console port answers before fastify: the config editor's read. */
export function createConsoleFastPath(core: Core): FastPath {
  return createConfigInfoFastPath({ configs: core.configs, auth: core.auth });
}

/** The console port (10848): the web console under `/rnacos` and its API, behind the login check. */
export async function createConsoleHttpServer(deps: ConsoleDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: httpLogger(deps.logger, 'console'),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: consoleBodyLimit(deps.settings),
    rewriteUrl: (req) => rewriteLegacyOpenApiUrl(req.url ?? '/'),
    routerOptions: { querystringParser: parseUtf8Query },
  });
  registerFormBody(app, FORM_LIMIT);
  parseJsonBodies(app);
  await app.register(fastifyCookie);
  registerConsoleLogin(app, deps.core.auth);
  await registerConsoleApi(app, deps, true);
  registerLegacyOpenApiRoutes(app, deps.core, consoleBodyLimit(deps.settings));
  const sendIndex = await registerConsoleSpa(app, deps.webDist ?? WEB_DIST);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (req.method === 'GET' && isConsolePagePath(path)) return sendIndex(reply);
    if (isApiPath(path)) return reply.code(404).send(fail('NOT_FOUND', `no such endpoint: ${req.method} ${path}`));
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
  return app;
}

/**
 * Old console mode: the same console without login on the SDK port, in its own scope so the SDK port's
 * error format and hooks stay as they are.
 */
export function registerOldConsole(app: FastifyInstance, deps: ConsoleDeps): void {
  app.register(async (scope) => {
    parseJsonBodies(scope);
    await scope.register(fastifyCookie);
    registerOldConsolePrincipal(scope);
    await registerConsoleApi(scope, deps, false);
    const sendIndex = await registerConsoleSpa(scope, deps.webDist ?? WEB_DIST);
    // The SDK port keeps its own plain-text 404; a console page no route names still gets the console, which
    // shows its 404 page (as the console port does). Page paths have no extension: no file would match.
    scope.addHook('onRequest', async (req, reply) => {
      const path = req.url.split('?')[0];
      if (req.method === 'GET' && req.routeOptions.url === '/rnacos/*' && isConsolePagePath(path)) {
        return sendIndex(reply);
      }
    });
  });
}
