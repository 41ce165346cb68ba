import { randomUUID } from 'node:crypto';
import type { NamespaceInfo } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../../core/core.js';
import { isDefaultNamespace } from '../../core/namespace/namespace-service.js';
import { invalid } from '../../shared/errors.js';
import { namespaceFilter, requireNamespace } from './console-auth.js';
import { API } from './console-paths.js';
import { inputOf, optionalText, requiredText, type Input } from './console-input.js';
import { ConsoleError, consoleFail, consoleOk, errorAnswer, ok } from './envelope.js';

const CREATED = 2;
const HAS_CONFIGS = 4;

export const NAMESPACE_IN_USE = "The namespace can't be deleted,because config or service data exists in the namespace";

/**
 * The default namespace first, then the created ones, then namespaces that only exist because configs use
 * them (named after their id). `type` flags: 2 created, 4 holds configs.
 */
export function namespaceInfos(core: Core): NamespaceInfo[] {
  const withConfigs = new Set<string>();
  for (const item of core.configs.all()) if (item.namespaceId) withConfigs.add(item.namespaceId);
  const result: NamespaceInfo[] = [{ namespaceId: '', namespaceName: 'public', type: '0' }];
  for (const ns of core.namespaces.list()) {
    if (isDefaultNamespace(ns.namespaceId)) continue;
    const type = CREATED | (withConfigs.has(ns.namespaceId) ? HAS_CONFIGS : 0);
    result.push({ namespaceId: ns.namespaceId, namespaceName: ns.namespaceName, type: String(type) });
    withConfigs.delete(ns.namespaceId);
  }
  for (const id of [...withConfigs].sort()) result.push({ namespaceId: id, namespaceName: id, type: String(HAS_CONFIGS) });
  return result;
}

function visibleNamespaces(req: FastifyRequest, core: Core): NamespaceInfo[] {
  const visible = namespaceFilter(req);
  return namespaceInfos(core).filter((ns) => visible(ns.namespaceId));
}

/** Add is an upsert; the default namespace is silently left alone. */
async function addNamespace(req: FastifyRequest, core: Core, input: Input): Promise<void> {
  const namespaceId = optionalText(input, 'namespaceId') ?? randomUUID();
  requireNamespace(req, namespaceId);
  const namespaceName = requiredText(input, 'namespaceName');
  if (isDefaultNamespace(namespaceId)) return;
  if (core.namespaces.get(namespaceId)) await core.namespaces.update({ namespaceId, namespaceName });
  else await core.namespaces.add({ namespaceId, namespaceName });
}

async function updateNamespace(req: FastifyRequest, core: Core, input: Input): Promise<void> {
  const namespaceId = requiredText(input, 'namespaceId');
  requireNamespace(req, namespaceId);
  const namespaceName = requiredText(input, 'namespaceName');
  if (isDefaultNamespace(namespaceId)) throw invalid('the public namespace cannot be changed');
  if (core.namespaces.get(namespaceId)) {
    await core.namespaces.update({ namespaceId, namespaceName });
  } else if (core.configs.count(namespaceId) > 0) {
    // A namespace that exists only through its configs gets a name by becoming a created one.
    await core.namespaces.add({ namespaceId, namespaceName });
  } else {
    throw new ConsoleError('NOT_FOUND', `namespace ${namespaceId} does not exist`);
  }
}

/** Only an empty, created namespace can go; removing an unknown one succeeds. */
async function removeNamespace(req: FastifyRequest, core: Core, input: Input): Promise<void> {
  const namespaceId = requiredText(input, 'namespaceId');
  requireNamespace(req, namespaceId);
  if (isDefaultNamespace(namespaceId) || core.configs.count(namespaceId) > 0) {
    throw new ConsoleError('SYSTEM_ERROR', NAMESPACE_IN_USE);
  }
  if (core.namespaces.get(namespaceId)) await core.namespaces.remove(namespaceId);
}

export function registerNamespaceRoutes(app: FastifyInstance, core: Core): void {
  app.get(`${API}/v2/namespaces/list`, async (req) => ok(visibleNamespaces(req, core)));
  app.post(`${API}/v2/namespaces/add`, async (req) => {
    await addNamespace(req, core, inputOf(req));
    return ok(true);
  });
  app.post(`${API}/v2/namespaces/update`, async (req) => {
    await updateNamespace(req, core, inputOf(req));
    return ok(true);
  });
  app.post(`${API}/v2/namespaces/remove`, async (req) => {
    await removeNamespace(req, core, inputOf(req));
    return ok(true);
  });

  // The legacy v1 route answers `{code, message, data}`; a namespace denial reads NO_PERMISSION.
  const v1 = (work: (req: FastifyRequest, core: Core, input: Input) => Promise<void>) => async (req: FastifyRequest) => {
    try {
      await work(req, core, inputOf(req));
      return consoleOk(true);
    } catch (err) {
      const answer = errorAnswer(err);
      if (answer.body.code === 'NO_NAMESPACE_PERMISSION') return consoleFail('NO_PERMISSION');
      if (answer.unexpected) throw err;
      return consoleFail(answer.body.message ?? answer.body.code ?? 'error');
    }
  };
  app.get(`${API}/namespaces`, async (req) => consoleOk(visibleNamespaces(req, core)));
  app.post(`${API}/namespaces`, v1(addNamespace));
  app.put(`${API}/namespaces`, v1(updateNamespace));
  app.delete(`${API}/namespaces`, v1(removeNamespace));
}
