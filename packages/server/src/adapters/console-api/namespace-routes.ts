import { randomUUID } from 'node:crypto';
import type { NamespaceInfo, NamespaceParam } from '@tsnacos/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Core } from '../../core/core.js';
import { isDefaultNamespace, NamespaceInUseError } from '../../core/namespace/namespace-service.js';
import { invalid, NacosError } from '../../shared/errors.js';
import { namespaceFilter } from './console-auth.js';
import { namespaced, NO_NAMESPACES, requireReferenced } from './console-namespaces.js';
import { API } from './console-paths.js';
import { inputOf, optionalText, requiredText, type Input } from './console-input.js';
import { ConsoleError, consoleFail, consoleOk, errorAnswer, ok } from './envelope.js';

const CREATED = 2;
const HAS_CONFIGS = 4;
const HAS_SERVICES = 8;

/** Namespaces holding data, with flags 4 (configs) and 8 (services); the default namespace left out. */
function namespacesInUse(core: Core): Map<string, number> {
  const used = new Map<string, number>();
  const mark = (id: string, flag: number) => {
    if (!isDefaultNamespace(id)) used.set(id, (used.get(id) ?? 0) | flag);
  };
  for (const item of core.configs.all()) mark(item.namespaceId, HAS_CONFIGS);
  for (const service of core.naming.listServices()) mark(service.key.namespaceId, HAS_SERVICES);
  return used;
}

function namespaceHasData(core: Core, namespaceId: string): boolean {
  return namespacesInUse(core).has(namespaceId);
}

/**
 * The default namespace first, then the created ones, then namespaces that only exist because configs or
 * services use them (named after their id). `type` flags: 2 created, 4 holds configs, 8 holds services.
 */
function namespaceInfos(core: Core): NamespaceInfo[] {
  const used = namespacesInUse(core);
  const result: NamespaceInfo[] = [{ namespaceId: '', namespaceName: 'public', type: '0' }];
  for (const ns of core.namespaces.list()) {
    if (isDefaultNamespace(ns.namespaceId)) continue;
    const type = CREATED | (used.get(ns.namespaceId) ?? 0);
    result.push({ namespaceId: ns.namespaceId, namespaceName: ns.namespaceName, type: String(type) });
    used.delete(ns.namespaceId);
  }
  for (const id of [...used.keys()].sort())
    result.push({ namespaceId: id, namespaceName: id, type: String(used.get(id)) });
  return result;
}

function visibleNamespaces(req: FastifyRequest, core: Core): NamespaceInfo[] {
  const visible = namespaceFilter(req);
  return namespaceInfos(core).filter((ns) => visible(ns.namespaceId));
}

/** Add is an upsert; the default namespace is silently left alone. */
async function addNamespace(req: FastifyRequest, core: Core, input: Input<NamespaceParam>): Promise<void> {
  const namespaceId = optionalText(input, 'namespaceId') ?? randomUUID();
  requireReferenced(req, 'namespaceId', [namespaceId]);
  const namespaceName = requiredText(input, 'namespaceName');
  if (isDefaultNamespace(namespaceId)) return;
  await core.namespaces.put({ namespaceId, namespaceName });
}

async function updateNamespace(req: FastifyRequest, core: Core, input: Input<NamespaceParam>): Promise<void> {
  const namespaceId = requiredText(input, 'namespaceId');
  requireReferenced(req, 'namespaceId', [namespaceId]);
  const namespaceName = requiredText(input, 'namespaceName');
  if (isDefaultNamespace(namespaceId)) throw invalid('the public namespace cannot be changed');
  // whether it is stored is the store's answer; one that exists only through its data gets a name by
  // becoming a created one
  if (namespaceHasData(core, namespaceId)) await core.namespaces.put({ namespaceId, namespaceName });
  else await core.namespaces.update({ namespaceId, namespaceName }).catch(notFoundAs(namespaceId));
}

const notFoundAs = (namespaceId: string) => (err: unknown) => {
  if (err instanceof NacosError && err.kind === 'not_found') {
    throw new ConsoleError('NOT_FOUND', `namespace ${namespaceId} does not exist`);
  }
  throw err;
};

/** Only an empty, created namespace can go (the core decides); removing an unknown one succeeds. */
async function removeNamespace(req: FastifyRequest, core: Core, input: Input<NamespaceParam>): Promise<void> {
  const namespaceId = requiredText(input, 'namespaceId');
  requireReferenced(req, 'namespaceId', [namespaceId]);
  try {
    await core.namespaces.remove(namespaceId);
  } catch (err) {
    if (err instanceof NamespaceInUseError) throw new ConsoleError('NAMESPACE_IN_USE', err.message);
    if (err instanceof NacosError && err.kind === 'not_found') return;
    throw err;
  }
}

/** The lists show only the namespaces the caller may see. */
const LISTS = namespaced(NO_NAMESPACES);
/** The namespace acted on; read by the handler, since an add without one makes up its id. */
const ACTS_ON = namespaced({ name: 'namespaceId' });

export function registerNamespaceRoutes(app: FastifyInstance, core: Core): void {
  app.get(`${API}/v2/namespaces/list`, LISTS, async (req) => ok(visibleNamespaces(req, core)));
  app.post(`${API}/v2/namespaces/add`, ACTS_ON, async (req) => {
    await addNamespace(req, core, inputOf<NamespaceParam>(req));
    return ok(true);
  });
  app.post(`${API}/v2/namespaces/update`, ACTS_ON, async (req) => {
    await updateNamespace(req, core, inputOf<NamespaceParam>(req));
    return ok(true);
  });
  app.post(`${API}/v2/namespaces/remove`, ACTS_ON, async (req) => {
    await removeNamespace(req, core, inputOf<NamespaceParam>(req));
    return ok(true);
  });

  // The legacy v1 route answers `{code, message, data}`; a namespace denial reads NO_PERMISSION.
  const v1 =
    (work: (req: FastifyRequest, core: Core, input: Input<NamespaceParam>) => Promise<void>) =>
    async (req: FastifyRequest) => {
      try {
        await work(req, core, inputOf<NamespaceParam>(req));
        return consoleOk(true);
      } catch (err) {
        const answer = errorAnswer(err);
        if (answer.body.code === 'NO_NAMESPACE_PERMISSION') return consoleFail('NO_PERMISSION');
        if (answer.unexpected) throw err;
        return consoleFail(answer.body.message ?? answer.body.code ?? 'error');
      }
    };
  app.get(`${API}/namespaces`, LISTS, async (req) => consoleOk(visibleNamespaces(req, core)));
  app.post(`${API}/namespaces`, ACTS_ON, v1(addNamespace));
  app.put(`${API}/namespaces`, ACTS_ON, v1(updateNamespace));
  app.delete(`${API}/namespaces`, ACTS_ON, v1(removeNamespace));
}
