import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ROLE_DEVELOPER } from '../../core/auth/user-model.js';
import { API } from './console-paths.js';
import {
  checkNamespaceFields,
  declaredRoutes,
  mayReference,
  namespaced,
  NO_NAMESPACES,
  requireReferenced,
} from './console-namespaces.js';
import { sendError } from './envelope.js';

/** A console scope whose caller is a developer of namespace `a` only. */
function consoleOfDeveloperOfA(): FastifyInstance {
  const app = Fastify();
  app.decorateRequest('consolePrincipal', null);
  app.addHook('onRequest', async (req) => {
    req.consolePrincipal = {
      username: 'dev',
      nickname: 'dev',
      roles: [ROLE_DEVELOPER],
      namespacePrivilege: {
        enabled: true,
        whitelistIsAll: false,
        whitelist: ['a'],
        blacklistIsAll: false,
        blacklist: [],
      },
      identity: null,
    };
  });
  app.setErrorHandler(sendError);
  checkNamespaceFields(app);
  return app;
}

const TARGET = { name: 'target', read: (req: { query: unknown }) => [(req.query as { target?: string }).target] };
const STORED = { name: 'stored' };

describe('console namespace fields', () => {
  it('refuses to register a console route that declares nothing', () => {
    const app = consoleOfDeveloperOfA();
    expect(() => app.get(`${API}/v2/undeclared`, async () => 'x')).toThrow(/declares no namespace fields/);
    // outside the console API (pages, the OpenAPI routes with their own declarations) nothing is required
    expect(() => app.get('/rnacos/page', async () => 'x')).not.toThrow();
  });

  it('checks every namespace a readable field names before the handler, and lists the fields', async () => {
    const app = consoleOfDeveloperOfA();
    let ran = 0;
    app.get(`${API}/v2/copy`, namespaced(TARGET), async () => ++ran);
    app.get(`${API}/v2/plain`, namespaced(NO_NAMESPACES), async () => 'ok');
    expect((await app.inject(`${API}/v2/copy?target=a`)).body).toBe('1');
    const refused = await app.inject(`${API}/v2/copy?target=b`);
    expect(refused.json()).toMatchObject({ success: false, code: 'NO_NAMESPACE_PERMISSION' });
    expect(ran).toBe(1);
    expect((await app.inject(`${API}/v2/plain`)).body).toBe('ok');
    expect(declaredRoutes(app)).toEqual([
      { method: 'GET', url: `${API}/v2/copy`, fields: ['target'] },
      { method: 'GET', url: `${API}/v2/plain`, fields: [] },
    ]);
  });

  it("lets a handler check only the fields its route declares for it, with the route's refusal status", async () => {
    const app = consoleOfDeveloperOfA();
    app.get(`${API}/v2/stored`, namespaced({ fields: [STORED], status: 401 }), async (req) => {
      const { ns, strict } = req.query as { ns: string; strict?: string };
      if (!strict && !mayReference(req, STORED.name, ns)) return 'hidden';
      requireReferenced(req, STORED.name, [ns]);
      return 'seen';
    });
    app.get(`${API}/v2/other`, namespaced(TARGET), async (req) => {
      requireReferenced(req, STORED.name, ['a']);
      return 'unreachable';
    });
    expect((await app.inject(`${API}/v2/stored?ns=a`)).body).toBe('seen');
    expect((await app.inject(`${API}/v2/stored?ns=b`)).body).toBe('hidden');
    const refused = await app.inject(`${API}/v2/stored?ns=b&strict=1`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'NO_NAMESPACE_PERMISSION' });
    // a field the route does not declare is a mistake of the route, never a pass
    expect((await app.inject(`${API}/v2/other?target=a`)).json()).toMatchObject({ code: 'SYSTEM_ERROR' });
  });
});
